import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

/**
 * SPEC §3 passkey row.
 * @public Named by an adapter implementing {@link PasskeysPort} (passkeys have no adapter yet).
 */
export interface PasskeyRegistration {
  readonly id: string;
  readonly name: string;
}

/** Passkeys (SPEC §7 "webauthn …"). */
export interface PasskeysPort {
  browserSupportsAutofill(): Promise<boolean>;
  authenticate(
    request: { readonly sessionDurationMinutes: number; readonly conditionalMediation: boolean },
    options?: CallOptions,
  ): Promise<Result<ProviderSession>>;
  register(request: { readonly sessionDurationMinutes: number }, options?: CallOptions): Promise<Result<PasskeyRegistration>>;
  list(options?: CallOptions): Promise<Result<readonly PasskeyRegistration[]>>;
  rename(id: string, name: string, options?: CallOptions): Promise<Result<void>>;
  remove(id: string, options?: CallOptions): Promise<Result<void>>;
}
