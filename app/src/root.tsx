import type { AuthCore } from '@vestibule/core';
import { AuthCoreProvider } from '@vestibule/ui';
import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { App, type Route } from './app';

/**
 * Performance mark set when the page has committed (hydrated or rendered): from then on its
 * handlers are live and a submit is handled. Read by `pnpm bench` as "interactive".
 */
const INTERACTIVE_MARK = 'vestibule:interactive';

function MarkInteractive() {
  useLayoutEffect(() => {
    if (performance.getEntriesByName(INTERACTIVE_MARK).length === 0) performance.mark(INTERACTIVE_MARK);
    // The same, as an attribute: tests that fake the clock (and `performance` with it) wait on it.
    document.documentElement.dataset['interactive'] = '';
  }, []);
  // A form submitted or a button pressed before this moment was held by the page's inline guard
  // (app/server/early-press.ts): carry it out now. After the page's own effects, so its flows run.
  useEffect(() => {
    const { dataset } = document.documentElement;
    const form = dataset['earlySubmit'];
    const button = dataset['earlyClick'];
    delete dataset['earlySubmit'];
    delete dataset['earlyClick'];
    if (form !== undefined) document.forms[Number(form)]?.requestSubmit();
    if (button !== undefined) document.querySelectorAll('button')[Number(button)]?.click();
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
