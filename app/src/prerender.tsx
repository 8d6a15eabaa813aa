// Build-time renderer of the /login shell (run by scripts/prerender.mjs after `vite build --ssr`).
// It renders the same tree the browser hydrates, with ports that never answer: the shell is the
// first screen exactly as a visitor sees it before any provider call.
import { createAuthCore, type AuthProviderPort } from '@vestibule/core';
import { renderToString } from 'react-dom/server';
import { queueScheduler } from 'rxjs';
import { PRERENDER_ORIGIN } from './composition/environment';
import { Root } from './root';

const never = <T,>() => new Promise<T>(() => undefined);

const silentProvider: AuthProviderPort = {
  sendMagicLink: never,
  authenticateMagicLink: never,
  revokeSession: never,
  getProjectSettings: never,
  subscribeSession: () => () => undefined,
  logEvent: () => undefined,
};

/** The HTML inside `#root` for `/login`. */
export function renderLoginShell(): string {
  const core = createAuthCore(
    { auth: silentProvider, navigation: { navigate: () => undefined }, logger: { error: () => undefined }, scheduler: queueScheduler },
    { origin: PRERENDER_ORIGIN, locale: 'en' },
  );
  try {
    return renderToString(<Root core={core} route={{ page: 'login', search: '' }} />);
  } finally {
    core.dispose();
  }
}
