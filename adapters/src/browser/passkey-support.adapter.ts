import type { PasskeySupportPort } from '@vestibule/core';

/** `PublicKeyCredential`'s static feature queries, as far as the port asks them (any may be missing). */
interface PublicKeyCredentialQueries {
  readonly isConditionalMediationAvailable?: unknown;
  readonly isUserVerifyingPlatformAuthenticatorAvailable?: unknown;
}

/** A window as far as the support questions need it, so tests can hand in a stub. */
export interface PasskeySupportWindow {
  readonly PublicKeyCredential?: unknown;
}

/**
 * Asks one of `PublicKeyCredential`'s static queries: `false` where the browser lacks WebAuthn or
 * the query, and when it throws or rejects (the port never throws).
 */
async function ask(win: PasskeySupportWindow | undefined, query: keyof PublicKeyCredentialQueries): Promise<boolean> {
  const api = win?.PublicKeyCredential;
  if ((typeof api !== 'function' && typeof api !== 'object') || api === null) return false;
  const method = (api as PublicKeyCredentialQueries)[query];
  if (typeof method !== 'function') return false;
  try {
    return (await (method as () => unknown).call(api)) === true;
  } catch {
    return false;
  }
}

/**
 * The passkey support port over WebAuthn's feature queries, read when asked (not when created):
 * - `browserSupportsAutofill`: `PublicKeyCredential.isConditionalMediationAvailable()`, the check
 *   the Stytch SDK makes before a conditional sign-in;
 * - `platformAuthenticatorAvailable`: `isUserVerifyingPlatformAuthenticatorAvailable()`.
 *
 * Both answer `false` where the API is absent (older browsers, jsdom, an insecure context) and
 * never reject.
 *
 * @example
 * if (await createPasskeySupport().browserSupportsAutofill()) startAutofill();
 */
export function createPasskeySupport(win: PasskeySupportWindow | undefined = typeof window === 'undefined' ? undefined : window): PasskeySupportPort {
  return {
    browserSupportsAutofill: () => ask(win, 'isConditionalMediationAvailable'),
    platformAuthenticatorAvailable: () => ask(win, 'isUserVerifyingPlatformAuthenticatorAvailable'),
  };
}
