/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Your Stytch project's public token; unset, the example talks to the sandbox on its own origin. */
  readonly VITE_STYTCH_PUBLIC_TOKEN?: string;
}
