import type { PasskeysView } from './passkeys.types';

/** Passkey sign-in has no screen of its own: Main shows the passkey button busy. */
export const passkeysView = (): PasskeysView => ({ screen: null });
