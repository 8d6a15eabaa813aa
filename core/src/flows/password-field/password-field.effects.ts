import { stream, type Stream } from '../../flows/stream';
import type { AuthCoreHost } from '../../create-auth-core';
import { authError, fail } from '../../domain/errors/auth-error';
import { providerCall } from '../provider-call';
import type { PasswordFieldEffect, PasswordFieldEvent } from './password-field.machine';

type FieldPortEffect = Exclude<PasswordFieldEffect, { readonly type: 'log' | 'toast' | 'reportError' | 'navigate' | 'telemetry' | 'event' | 'timer' | 'cancel' }>;

/** Runs a password field's own effects: the device's estimate and the provider's check. */
export function interpretPasswordFieldEffect(effect: FieldPortEffect, host: AuthCoreHost): Stream<PasswordFieldEvent> {
  switch (effect.type) {
    case 'preloadStrengthEstimator':
      return stream<PasswordFieldEvent>((subscriber) => {
        host.ports.passwordStrength?.preload();
        subscriber.complete();
      });
    case 'estimateStrength': {
      const estimator = host.ports.passwordStrength;
      const value = effect.password;
      return stream<PasswordFieldEvent>((subscriber) => {
        if (!estimator) return subscriber.complete();
        let active = true;
        estimator.estimate(value, effect.userInputs).then(
          (estimate) => {
            if (!active) return;
            subscriber.next({ type: 'strengthEstimated', value, estimate });
            subscriber.complete();
          },
          () => {
            if (!active) return;
            subscriber.next({ type: 'strengthEstimateFailed', value });
            subscriber.complete();
          },
        );
        return () => {
          active = false;
        };
      });
    }
    case 'checkStrength': {
      const { passwords } = host.ports;
      const value = effect.password;
      return providerCall(
        host,
        (options) => (passwords ? passwords.strengthCheck(value, effect.email, options) : Promise.resolve(fail(authError('unexpected')))),
        (result): PasswordFieldEvent =>
          result.ok ? { type: 'strengthChecked', value, strength: result.value } : { type: 'strengthCheckFailed', value, error: result.error },
      );
    }
  }
}
