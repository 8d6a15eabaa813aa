// Build-time renderer of the /login shell (run by scripts/prerender.mjs after `vite build --ssr`).
// It renders the same tree the browser hydrates, built the same way (`createBrowserCore`), with
// an adapter module that never loads: the shell is the first screen exactly as a visitor sees it
// before any provider call.
import { createSessionStorage } from '@vestibule/adapters/browser';
import { mainSlots } from '@vestibule/core';
import { preloadLoginWidget } from '@vestibule/ui';
import { renderToString } from 'react-dom/server';
import { queueScheduler } from 'rxjs';
import { createBrowserCore, type PortResolver } from './composition/browser-core';
import { PRERENDER_ORIGIN } from './composition/environment';
import { PRODUCT_LOGIN_CONFIG, PRODUCT_LOGIN_PRODUCTS } from './product-config';
import { Root } from './root';

export { paintFirst } from './paint-first';

/**
 * The HTML inside `#root` for `/login`, and the ids of the Main slots it shows (the page's HTML
 * preloads their chunks, so the browser hydrates with them at once).
 */
export async function renderLoginShell(): Promise<{ readonly html: string; readonly slots: readonly string[] }> {
  // Never the production host here: One Tap is not pre-rendered (it shows after hydration).
  const audience = { config: PRODUCT_LOGIN_CONFIG, products: PRODUCT_LOGIN_PRODUCTS };
  await preloadLoginWidget(audience);
  const { core } = createBrowserCore(
    { origin: PRERENDER_ORIGIN },
    { loadContainer: () => new Promise<PortResolver>(() => undefined), storage: createSessionStorage(null), durableStorage: createSessionStorage(null), scheduler: queueScheduler },
  );
  try {
    return { html: renderToString(<Root core={core} route={{ page: 'login', search: '' }} />), slots: mainSlots(audience).map((slot) => slot.id) };
  } finally {
    core.dispose();
  }
}
