import type { AuthCore } from '@vestibule/core';
import { AuthCoreProvider } from '@vestibule/ui';
import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { App, type Route } from './app';

/**
 * Performance mark set when the page has committed (hydrated or rendered): from then on its
 * handlers are live and a submit is handled. Read by `pnpm bench` as "interactive".
 */
const INTERACTIVE_MARK = 'vestibule:interactive';

/**
 * Marks the page interactive and carries out a press the page's inline guard held
 * (app/server/early-press.ts). Rendered inside the route's Suspense boundary (`App`'s children):
 * hydrating, React commits the root first and that boundary in a later pass, and a `submit` sent
 * to a form not hydrated yet reaches no handler (React does not replay submits), so the browser
 * posted it and the 303 reloaded an empty /login.
 */
function MarkInteractive() {
  useLayoutEffect(() => {
    if (performance.getEntriesByName(INTERACTIVE_MARK).length === 0) performance.mark(INTERACTIVE_MARK);
    // The same, as an attribute: tests that fake the clock (and `performance` with it) wait on it.
    document.documentElement.dataset['interactive'] = '';
  }, []);
  // After the page's own effects, so its flows run.
  useEffect(() => {
    const { dataset } = document.documentElement;
    const form = dataset['earlySubmit'];
    const button = dataset['earlyClick'];
    delete dataset['earlySubmit'];
    delete dataset['earlyClick'];
    // Once React's commit is over: a pre-rendered button in a Suspense boundary of its own (a
    // Main slot) may not be hydrated yet, and React hydrates it for a click at once, but not from
    // inside a commit, where it drops the click.
    queueMicrotask(() => {
      if (form !== undefined) document.forms[Number(form)]?.requestSubmit();
      if (button !== undefined) document.querySelectorAll('button')[Number(button)]?.click();
    });
  }, []);
  return null;
}

/** The whole page tree; the pre-renderer and the browser render exactly this, so hydration matches. */
export function Root({ core, route }: { core: AuthCore; route: Route }) {
  return (
    <StrictMode>
      <AuthCoreProvider core={core}>
        <App route={route}>
          <MarkInteractive />
        </App>
      </AuthCoreProvider>
    </StrictMode>
  );
}
