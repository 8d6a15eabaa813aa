// Build-time renderer of the /login shell (run by scripts/prerender.mjs after `vite build --ssr`).
// It renders the same tree the browser hydrates, built the same way (`createBrowserCore`), with
// an adapter module that never loads: the shell is the first screen exactly as a visitor sees it
// before any provider call.
import { createSessionStorage } from '@vestibule/adapters/browser';
import { renderToString } from 'react-dom/server';
import { queueScheduler } from 'rxjs';
import { createBrowserCore, type BrowserAdapters } from './composition/browser-core';
import { PRERENDER_ORIGIN } from './composition/environment';
import { Root } from './root';

/** The HTML inside `#root` for `/login`. */
export function renderLoginShell(): string {
  const { core } = createBrowserCore(
    { origin: PRERENDER_ORIGIN },
    { loadAdapters: () => new Promise<BrowserAdapters>(() => undefined), storage: createSessionStorage(null), durableStorage: createSessionStorage(null), scheduler: queueScheduler },
  );
  try {
    return renderToString(<Root core={core} route={{ page: 'login', search: '' }} />);
  } finally {
    core.dispose();
  }
}
