import { createBrowserHistory, createLocalStorage, createSessionStorage, timeoutScheduler } from '@vestibule/adapters/browser';
import { catalogueLocale } from '@vestibule/core';
import { preloadLoginWidget, whenIdle } from '@vestibule/ui';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserCore } from './composition/browser-core';
import { PRERENDER_LOCALE } from './composition/compose-core';
import { loadComposition } from './composition/ports.manifest';
import { isProductionHost } from './composition/production-host';
import { PRODUCT_LOGIN_CONFIG, PRODUCT_LOGIN_PRODUCTS } from './product-config';
import { Root } from './root';
import { resolveRoute } from './router';

/**
 * The app's page: everything main.tsx does once the page is on the host it should be on
 * (./local-redirect.ts).
 */
export function startApp(): void {
  // Credentials leave the address bar before anything else runs.
  const route = resolveRoute(window.location, window.history);
  const { origin } = window.location;

  // The composition root (inversify, the adapters every page uses) is a separate chunk, and each
  // product's adapters (with their vendor code) one more. The build variables are read there too.
  const adapters = createBrowserCore({ origin }, {
    // `module.x`, not destructuring: Vite rewrites a destructured dynamic import into longer code.
    loadContainer: () => loadComposition().then((module) => module.browserPortResolver(origin)),
    storage: createSessionStorage(),
    history: createBrowserHistory(),
    durableStorage: createLocalStorage(),
    scheduler: timeoutScheduler,
    coreOptions: {
      // The visitor's languages, most preferred first; the first with a catalogue wins.
      locale: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
      // Each widget event's id (the provider's `event_id`, analytics' uuid).
      createEventId: () => crypto.randomUUID(),
    },
  });
  const core = adapters.core;
  const { locale } = core.i18n;
  document.documentElement.lang = locale;

  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  // Whatever was typed into the pre-rendered form before React took over seeds the widget
  // (hydration would reset the field to the rendered empty value), read when React starts.
  const page = (container: HTMLElement) => {
    const typedEmail = container.querySelector<HTMLInputElement>('input[type=email]')?.value ?? '';
    return <Root core={core} route={route.page === 'login' ? { ...route, typedEmail } : route} />;
  };
  // /login's Main slots (the Google button) are chunks of their own, preloaded by the page's HTML:
  // React attaches once they are here, so the pre-rendered markup is hydrated as it is. A slot that
  // cannot load is left to the widget, which shows Main without it.
  const slotsReady =
    route.page === 'login'
      ? preloadLoginWidget({ config: PRODUCT_LOGIN_CONFIG, products: PRODUCT_LOGIN_PRODUCTS, productionHost: isProductionHost(origin, import.meta.env.VITE_PRODUCTION_HOST) }).catch(() => undefined)
      : Promise.resolve();
  // /login arrives pre-rendered in English, and its page runs this script only after painting that
  // markup (src/paint-first.ts): attach to it whenever the visitor's locale shows the same English
  // text (`en-US`, `en-GB`: most English browsers), so the field, what was typed into it and focus
  // stay. In another language (the pseudo-locale `en-XA` too), render afresh once its Main strings
  // are here (the English form stays visible meanwhile).
  const rendered =
    root.firstElementChild && catalogueLocale(locale) === PRERENDER_LOCALE
      ? slotsReady.then(() => hydrateRoot(root, page(root)))
      : Promise.all([core.i18n.load(['main']), slotsReady]).then(() => createRoot(root).render(page(root)));
  // Product analytics (posthog-js, a chunk of its own) once the page is rendered and the browser idle:
  // never in the first load, never in the way of hydration.
  void rendered.then(() => whenIdle(() => void import('./start-analytics').then((module) => module.startAnalytics(core, adapters.load))));

  const startLoading = () => void adapters.load().catch(() => undefined);
  if (route.page === 'login' || route.page === 'playground') {
    // The first screen needs no provider code: fetch it once the browser is idle, or as soon as
    // the visitor starts interacting, whichever comes first.
    for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
      window.addEventListener(type, startLoading, { once: true, capture: true, passive: true });
    }
    whenIdle(startLoading);
  } else {
    startLoading();
  }
}
