/** Public token the app uses against the sandbox (any `public-token-test-` token works there). */
const SANDBOX_PUBLIC_TOKEN = 'public-token-test-vestibule-sandbox';
/** Where the sandbox serves the Stytch API on the app's own origin. */
const SANDBOX_API_PATH = '/__sandbox/stytch';

/** Google's Identity Services script (One Tap); the only Google URL the product loads. */
const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
/** The sandbox's stand-in for it, on the app's own origin. */
const SANDBOX_GOOGLE_IDENTITY_PATH = '/__sandbox/gsi/client';

/** What the composition root needs to know about where it runs. */
export interface AppEnvironment {
  readonly origin: string;
  readonly stytchPublicToken: string;
  /** Set only for the sandbox; unset means Stytch's own API, chosen by the token. */
  readonly stytchApiBaseUrl: string | undefined;
  /** Where Google's Identity Services script is loaded from (the sandbox emulates it). */
  readonly googleIdentityScriptUrl: string;
  /** The production host name (SPEC §1: One Tap shows only there); `null` when none is configured. */
  readonly productionHost: string | null;
}

/** The build-time variables the app reads. */
export interface BuildVariables {
  readonly VITE_STYTCH_PUBLIC_TOKEN?: string | undefined;
  readonly VITE_PRODUCTION_HOST?: string | undefined;
}

/** Reads the build-time variables: with no public token configured, everything runs against the sandbox. */
export function readEnvironment(env: BuildVariables, origin: string): AppEnvironment {
  const token = env.VITE_STYTCH_PUBLIC_TOKEN?.trim();
  const productionHost = env.VITE_PRODUCTION_HOST ?? null;
  if (token) return { origin, stytchPublicToken: token, stytchApiBaseUrl: undefined, googleIdentityScriptUrl: GOOGLE_IDENTITY_SCRIPT_URL, productionHost };
  return {
    origin,
    stytchPublicToken: SANDBOX_PUBLIC_TOKEN,
    stytchApiBaseUrl: `${origin}${SANDBOX_API_PATH}`,
    googleIdentityScriptUrl: `${origin}${SANDBOX_GOOGLE_IDENTITY_PATH}`,
    productionHost,
  };
}

/**
 * Origin the build-time renderer pretends to run on. Nothing origin-dependent is rendered into
 * the /login shell (return URLs are built only when a link is requested), so any value works.
 */
export const PRERENDER_ORIGIN = 'http://localhost';
