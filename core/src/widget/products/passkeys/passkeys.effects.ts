import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, type AuthError, type Result } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import type { Stream } from '../../../flows/stream';
import type { PasskeysEffect, PasskeysEvent } from './passkeys.types';

/**
 * What the visitor reads until this product calls its port: a provider failure, whose text the
 * machine shows as it is (an `unexpected` error would show only the generic message).
 */
const NOT_WIRED = authError('provider_error', {
  providerType: 'not_wired',
  serverMessage: 'Signing in with a passkey is not wired yet: its effect does not call the passkeys port (core/src/widget/products/passkeys/passkeys.effects.ts).',
});

/** Runs passkeys effects against the ports this product uses (`host.ports.passkeys`) and no others. */
export function interpretPasskeysEffect(_effect: PasskeysEffect, host: AuthCoreHost): Stream<PasskeysEvent> {
  return providerCall(
    host,
    // Not wired yet: call the passkeys port here, e.g. host.ports.passkeys.authenticate(…, options).
    (): Promise<Result<never>> => Promise.resolve(fail(NOT_WIRED)),
    // Nothing can succeed before the call is written (its value is `never`).
    (result): PasskeysEvent => (result.ok ? result.value : { type: 'failed', error: result.error }),
  );
}

/** An effect that failed outside the product's own handling (its interpreter threw) ends the call like any failure. */
export function passkeysEffectFailure(_effect: PasskeysEffect, error: AuthError): PasskeysEvent {
  return { type: 'failed', error };
}
