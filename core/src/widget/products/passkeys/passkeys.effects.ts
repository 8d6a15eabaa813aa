import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, type AuthError } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import type { Stream } from '../../../flows/stream';
import { PASSKEY_SIGN_IN_TIMEOUT_MS } from './passkeys.machine';
import type { PasskeysEffect, PasskeysEvent } from './passkeys.types';

/** Runs the passkeys product's one effect against the passkeys port (and no other). */
export function interpretPasskeysEffect(effect: PasskeysEffect, host: AuthCoreHost): Stream<PasskeysEvent> {
  const { passkeys } = host.ports;
  return providerCall(
    host,
    async (options) => {
      if (!passkeys) return fail(authError('unexpected'));
      const result = await passkeys.authenticate({ sessionDurationMinutes: effect.sessionDurationMinutes, conditionalMediation: false }, options);
      // SPEC §8: an empty passkey response is an error, not a sign-in (a failure here, so its message is loaded).
      return result.ok && result.value === null ? fail(authError('invalid_response')) : result;
    },
    (result): PasskeysEvent => (result.ok ? { type: 'signedIn' } : { type: 'signInFailed', error: result.error }),
    PASSKEY_SIGN_IN_TIMEOUT_MS,
  );
}

/** An effect that failed outside the product's own handling (its interpreter threw) ends the sign-in like any failure. */
export function passkeysEffectFailure(_effect: PasskeysEffect, error: AuthError): PasskeysEvent {
  return { type: 'signInFailed', error };
}
