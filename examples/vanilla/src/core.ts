import { createBrowserHistory, createBrowserNavigation, createConsoleLogger, createSessionStorage, timeoutScheduler } from '@vestibule/adapters/browser';
import { createStytchAdapters } from '@vestibule/adapters/stytch';
import { createAuthCore, magicLinkMainBlock, passwordsMainBlock, type AuthCore, type ProductMainBlock, type WidgetConfig } from '@vestibule/core';

/** Any `public-token-test-…` token works against the sandbox. */
const SANDBOX_PUBLIC_TOKEN = 'public-token-test-vanilla-example';
/** Where the sandbox serves Stytch's API, on this page's own origin (vite.config.ts mounts it). */
const SANDBOX_API_PATH = '/__sandbox/stytch';

/** What this front end offers: e-mail magic links and passwords (passwords take Main's e-mail form). */
export const WIDGET_CONFIG: WidgetConfig = { products: ['emailMagicLinks', 'passwords'] };
/** Their Main blocks: the products the widget may enter (a product left out costs the bundle nothing). */
export const WIDGET_PRODUCTS: readonly ProductMainBlock[] = [magicLinkMainBlock, passwordsMainBlock];

/**
 * The composition root: one adapter per port, the core built on them. With
 * `VITE_STYTCH_PUBLIC_TOKEN` set at build time the SDK talks to your Stytch project; without it,
 * to the sandbox on this origin.
 */
export function createExampleCore(): AuthCore {
  const { origin } = window.location;
  const publicToken = import.meta.env.VITE_STYTCH_PUBLIC_TOKEN?.trim();
  const stytch = createStytchAdapters(publicToken ? { publicToken } : { publicToken: SANDBOX_PUBLIC_TOKEN, apiBaseUrl: `${origin}${SANDBOX_API_PATH}` });
  return createAuthCore(
    {
      session: stytch.session,
      projectSettings: stytch.projectSettings,
      telemetry: stytch.telemetry,
      // The ports of the products offered: magic links and passwords.
      magicLinks: stytch.magicLinks,
      passwords: stytch.passwords,
      navigation: createBrowserNavigation(),
      logger: createConsoleLogger(),
      storage: createSessionStorage(),
      // Each widget screen is a history entry: the browser's Back returns to Main.
      sessionHistory: createBrowserHistory(),
      scheduler: timeoutScheduler,
    },
    {
      origin,
      locale: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
      createEventId: () => crypto.randomUUID(),
    },
  );
}
