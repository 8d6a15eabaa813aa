/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A Stytch public token. Unset: the app talks to the bundled sandbox instead of Stytch. */
  readonly VITE_STYTCH_PUBLIC_TOKEN?: string;
  /** The production host name: only there does /login offer Google One Tap (SPEC §1). */
  readonly VITE_PRODUCTION_HOST?: string;
  /** Product analytics on the production host: the PostHog project key and ingestion host (SPEC §1). */
  readonly VITE_POSTHOG_PRODUCTION_KEY?: string;
  readonly VITE_POSTHOG_PRODUCTION_API_HOST?: string;
  /** The staging host name, and its PostHog project key and ingestion host. */
  readonly VITE_STAGING_HOST?: string;
  readonly VITE_POSTHOG_STAGING_KEY?: string;
  readonly VITE_POSTHOG_STAGING_API_HOST?: string;
  /** The status page's script (SPEC §1): an https URL or a path; the page reads __STATUS_SCRIPT_URL__. */
  readonly VITE_STATUS_SCRIPT_URL?: string;
  /** On Chrome, `localhost` goes to this `<name>.localhost` host (SPEC §1); checked by vite.config.ts. */
  readonly VITE_LOCAL_DEV_HOST?: string;
}

/**
 * The status page's script (SPEC §1), resolved by vite.config.ts: VITE_STATUS_SCRIPT_URL, the
 * sandbox's stand-in in a sandbox build, or '' for none.
 */
declare const __STATUS_SCRIPT_URL__: string;
