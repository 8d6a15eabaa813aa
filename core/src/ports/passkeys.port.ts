import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

/**
 * SPEC §3 passkey row.
 * @public Named by an adapter implementing {@link PasskeysPort}.
 */
export interface PasskeyRegistration {
  readonly id: string;
  readonly name: string;
}

/**
 * Passkeys at the provider (SPEC §7 "webauthn …"), each call including the browser's WebAuthn
 * ceremony where it has one. Failures a screen tells apart:
 * - `passkey_cancelled`: the visitor closed or declined the browser's sheet (`NotAllowedError`,
 *   `AbortError`); not an error to show;
 * - `webauthn_registration_not_found`: the provider does not know the credential used (where the
 *   browser has the WebAuthn Signal API, the adapter tells it the credential is gone);
 * - `duplicate_webauthn_registration`: registering an authenticator already registered;
 * - `invalid_response`: an empty passkey response.
 */
export interface PasskeysPort {
  /**
   * Signs in with a passkey: the browser's sheet (the passkey button), or with
   * `conditionalMediation` the e-mail field's autofill, which answers only once the visitor picks
   * a passkey there (stop it with `options.signal`).
   */
  authenticate(
    request: { readonly sessionDurationMinutes: number; readonly conditionalMediation: boolean },
    options?: CallOptions,
  ): Promise<Result<ProviderSession>>;
  /** Registers a new passkey for the signed-in user. */
  register(request: { readonly sessionDurationMinutes: number }, options?: CallOptions): Promise<Result<PasskeyRegistration>>;
  /** The signed-in user's passkeys. */
  list(options?: CallOptions): Promise<Result<readonly PasskeyRegistration[]>>;
  rename(id: string, name: string, options?: CallOptions): Promise<Result<void>>;
  remove(id: string, options?: CallOptions): Promise<Result<void>>;
}

/** What this browser offers for passkeys, answered without the provider (a browser port). */
export interface PasskeySupportPort {
  /** Passkeys can be offered in the e-mail field's autofill (WebAuthn conditional mediation). */
  browserSupportsAutofill(): Promise<boolean>;
  /** A platform authenticator (the device's own: Touch ID, Windows Hello, a phone's lock) is there. */
  platformAuthenticatorAvailable(): Promise<boolean>;
}
