/** Public token the app uses against the sandbox (any `public-token-test-` token works there). */
export const SANDBOX_PUBLIC_TOKEN = 'public-token-test-vestibule-sandbox';
/** Where the sandbox serves the Stytch API on the app's own origin. */
export const SANDBOX_API_PATH = '/__sandbox/stytch';

/** What the composition root needs to know about where it runs. */
export interface AppEnvironment {
  readonly origin: string;
  readonly stytchPublicToken: string;
  /** Set only for the sandbox; unset means Stytch's own API, chosen by the token. */
  readonly stytchApiBaseUrl: string | undefined;
}

/** Reads the build-time variables: with no public token configured, everything runs against the sandbox. */
export function readEnvironment(env: { readonly VITE_STYTCH_PUBLIC_TOKEN?: string | undefined }, origin: string): AppEnvironment {
  const token = env.VITE_STYTCH_PUBLIC_TOKEN?.trim();
  if (token) return { origin, stytchPublicToken: token, stytchApiBaseUrl: undefined };
  return { origin, stytchPublicToken: SANDBOX_PUBLIC_TOKEN, stytchApiBaseUrl: `${origin}${SANDBOX_API_PATH}` };
}

/**
 * Origin the build-time renderer pretends to run on. Nothing origin-dependent is rendered into
 * the /login shell (return URLs are built only when a link is requested), so any value works.
 */
export const PRERENDER_ORIGIN = 'http://localhost';
