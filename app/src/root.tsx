import type { AuthCore } from '@vestibule/core';
import { AuthCoreProvider } from '@vestibule/ui';
import { StrictMode, useEffect } from 'react';
import { App, type Route } from './app';

/** Performance mark set once the page has hydrated and its handlers are live (read by `pnpm bench`). */
export const INTERACTIVE_MARK = 'vestibule:interactive';

function MarkInteractive() {
  useEffect(() => {
    if (performance.getEntriesByName(INTERACTIVE_MARK).length === 0) performance.mark(INTERACTIVE_MARK);
  }, []);
  return null;
}

/** The whole page tree; the pre-renderer and the browser render exactly this, so hydration matches. */
export function Root({ core, route }: { core: AuthCore; route: Route }) {
  return (
    <StrictMode>
      <AuthCoreProvider core={core}>
        <App route={route} />
        <MarkInteractive />
      </AuthCoreProvider>
    </StrictMode>
  );
}
