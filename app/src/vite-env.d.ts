/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A Stytch public token. Unset: the app talks to the bundled sandbox instead of Stytch. */
  readonly VITE_STYTCH_PUBLIC_TOKEN?: string;
  /** The production host name: only there does /login offer Google One Tap (SPEC §1). */
  readonly VITE_PRODUCTION_HOST?: string;
}
