import type { AuthCore } from '@vestibule/core';
import { AuthCoreProvider } from '@vestibule/ui';
import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { App, type Route } from './app';

/**
 * Performance mark set when the page has committed (hydrated or rendered): from then on its
 * handlers are live and a submit is handled. Read by `pnpm bench` as "interactive".
 */
export const INTERACTIVE_MARK = 'vestibule:interactive';

function MarkInteractive() {
  useLayoutEffect(() => {
    if (performance.getEntriesByName(INTERACTIVE_MARK).length === 0) performance.mark(INTERACTIVE_MARK);
    // The same, as an attribute: tests that fake the clock (and `performance` with it) wait on it.
    document.documentElement.dataset['interactive'] = '';
  }, []);
  // A form submitted before this moment was held by the page's inline guard
  // (app/server/early-submit.ts): submit it now. After the page's own effects, so its flows run.
  useEffect(() => {
    const { dataset } = document.documentElement;
    const index = dataset['earlySubmit'];
    delete dataset['earlySubmit'];
    if (index !== undefined) document.forms[Number(index)]?.requestSubmit();
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
