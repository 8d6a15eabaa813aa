import { DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES } from '../../../domain/config/widget-config';
import { noteResetEmail } from '../../../domain/passwords/reset-email-note';
import type { Stream } from '../../../flows/stream';
import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, type AuthError } from '../../../domain/errors/auth-error';
import { interpretPasswordFieldEffect } from '../../../flows/password-field/password-field.effects';
import { providerCall } from '../../../flows/provider-call';
import { handOffSession } from '../../../flows/session-handoff.effects';
import type { PasswordsEffect, PasswordsEvent } from './passwords.types';

const unavailable = () => Promise.resolve(fail(authError('unexpected')));

/** Runs password effects against the passwords port (links and codes are other products', handed off to). */
export function interpretPasswordsEffect(effect: PasswordsEffect, host: AuthCoreHost): Stream<PasswordsEvent> {
  const { passwords } = host.ports;
  switch (effect.type) {
    case 'searchUser':
      return providerCall(
        host,
        (options) => (passwords ? passwords.searchUser(effect.email, options) : unavailable()),
        (result): PasswordsEvent => (result.ok ? { type: 'searched', userType: result.value } : { type: 'searchFailed', error: result.error }),
      );
    case 'createPassword':
    case 'authenticatePassword':
      return providerCall(
        host,
        (options) =>
          passwords
            ? effect.type === 'createPassword'
              ? passwords.create(effect.credentials, options)
              : passwords.authenticate(effect.credentials, options)
            : unavailable(),
        (result): PasswordsEvent => (result.ok ? { type: 'signedIn', signIn: result.value } : { type: 'signInFailed', error: result.error }),
      );
    case 'startReset':
      return providerCall(
        host,
        async (options) => {
          if (!passwords) return unavailable();
          const result = await passwords.resetByEmailStart(effect.request, options);
          // The reset page reads it back for 'Login without a password' (its link names no address).
          const { durableStorage, storage } = host.ports;
          const minutes = effect.request.resetPasswordExpirationMinutes ?? DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES;
          if (result.ok) noteResetEmail(durableStorage ?? storage, effect.request.email, host.scheduler.now() + minutes * 60_000);
          return result;
        },
        (result): PasswordsEvent => (result.ok ? { type: 'resetSent', reason: effect.reason } : { type: 'resetFailed', reason: effect.reason, error: result.error }),
      );
    case 'handOffSession':
      return handOffSession(host, effect);
    default:
      return interpretPasswordFieldEffect(effect, host);
  }
}

/** The event for a password effect that failed outside its own handling. */
export function passwordsEffectFailure(effect: PasswordsEffect, error: AuthError): PasswordsEvent | null {
  switch (effect.type) {
    case 'searchUser':
      return { type: 'searchFailed', error };
    case 'createPassword':
    case 'authenticatePassword':
      return { type: 'signInFailed', error };
    case 'startReset':
      return { type: 'resetFailed', reason: effect.reason, error };
    case 'checkStrength':
      return { type: 'strengthCheckFailed', value: effect.password, error };
    case 'estimateStrength':
      return { type: 'strengthEstimateFailed', value: effect.password };
    case 'preloadStrengthEstimator':
    case 'handOffSession':
      return null;
  }
}
