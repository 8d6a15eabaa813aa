import { stream, type Stream } from '../../flows/stream';
import type { AuthCoreHost } from '../../create-auth-core';
import { authError, fail, type AuthError } from '../../domain/errors/auth-error';
import { CARRIED_EMAIL_STORAGE_KEY } from '../../domain/passwords/carried-email';
import { interpretCommonEffect, isCommonEffect } from '../common-effects';
import { interpretPasswordFieldEffect } from '../password-field/password-field.effects';
import { providerCall } from '../provider-call';
import { handOffSession } from '../session-handoff.effects';
import type { PasswordResetEffect, PasswordResetEvent } from './password-reset.types';

/** Runs the reset page's effects: the project's settings, the reset, the session, the strength checks. */
export function interpretPasswordResetEffect(host: AuthCoreHost, effect: PasswordResetEffect): Stream<PasswordResetEvent> {
  if (isCommonEffect<PasswordResetEvent>(effect)) return interpretCommonEffect(host, effect);
  switch (effect.type) {
    case 'loadSettings':
      return providerCall(
        host,
        (options) => host.ports.projectSettings.get(options),
        // Without settings the LUDS rule is unknown: the provider's check still decides.
        (result): PasswordResetEvent => {
          const config = result.ok ? result.value.passwordConfig : null;
          return { type: 'settingsLoaded', rule: config === null ? null : { minimumCount: config.ludsMinimumCount, complexity: config.ludsComplexity } };
        },
      );
    case 'resetPassword': {
      const { passwords } = host.ports;
      return providerCall(
        host,
        (options) => (passwords ? passwords.resetByEmail(effect.token, effect.password, effect.sessionDurationMinutes, options) : Promise.resolve(fail(authError('unexpected')))),
        (result): PasswordResetEvent => (result.ok ? { type: 'signedIn', signIn: result.value } : { type: 'resetFailed', error: result.error }),
      );
    }
    case 'watchSession':
      return stream<PasswordResetEvent>((subscriber) => {
        const report = () => {
          if (host.session.getSnapshot().status !== 'authenticated') return;
          subscriber.next({ type: 'signedInMeanwhile' });
          subscriber.complete();
        };
        const unsubscribe = host.session.subscribe(report);
        report();
        return unsubscribe;
      });
    case 'handOffSession':
      return handOffSession(host, effect);
    case 'carryEmail':
      host.ports.storage.set(CARRIED_EMAIL_STORAGE_KEY, effect.email);
      return stream<PasswordResetEvent>((subscriber) => subscriber.complete());
    default:
      return interpretPasswordFieldEffect(effect, host);
  }
}

/** The event for a reset-page effect that failed outside its own handling. */
export function passwordResetEffectFailure(effect: PasswordResetEffect, error: AuthError): PasswordResetEvent | null {
  if (effect.type === 'resetPassword') return { type: 'resetFailed', error };
  if (effect.type === 'checkStrength') return { type: 'strengthCheckFailed', value: effect.password, error };
  if (effect.type === 'loadSettings') return { type: 'settingsLoaded', rule: null };
  return null;
}
