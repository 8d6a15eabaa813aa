import { stream, type Stream } from '../../flows/stream';
import type { AuthCore, AuthCoreHost } from '../../create-auth-core';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../../domain/config/widget-config';
import { authError, fail } from '../../domain/errors/auth-error';
import type { ReturnContext } from '../../domain/redirects/safe-redirect';
import { interpretCommonEffect, isCommonEffect } from '../common-effects';
import { runFlow, type Flow } from '../flow-runner';
import { interpretPasswordFieldEffect } from '../password-field/password-field.effects';
import { providerCall } from '../provider-call';
import { handOffSession } from '../session-handoff.effects';
import {
  initialPasswordResetState,
  passwordResetTransition,
  type PasswordResetEffect,
  type PasswordResetEvent,
  type PasswordResetState,
} from './password-reset.machine';

function interpret(host: AuthCoreHost, effect: PasswordResetEffect): Stream<PasswordResetEvent> {
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
    default:
      return interpretPasswordFieldEffect(effect, host);
  }
}

/**
 * SPEC §2 Reset password (`/login/password/reset` with a `reset_password` token, the custom
 * element `stytch-reset-password-container`): a new password with live strength feedback, then
 * success and the session handed to `/login/callback/web`.
 */
export function openPasswordResetFlow(
  core: Pick<AuthCore, 'host'>,
  key: string,
  input: { readonly token: string | null; readonly returnContext: ReturnContext; readonly sessionDurationMinutes?: number },
): Flow<PasswordResetState, PasswordResetEvent> {
  const { host } = core;
  return host.flows.get(key, (runtime) =>
    runFlow(
      {
        transition: passwordResetTransition,
        initial: initialPasswordResetState({ ...input, sessionDurationMinutes: input.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES }),
        interpret: (effect) => interpret(host, effect),
        start: { type: 'started' },
        onEffectFailure: (effect, error) => {
          if (effect.type === 'resetPassword') return { type: 'resetFailed', error };
          if (effect.type === 'checkStrength') return { type: 'strengthCheckFailed', value: effect.password, error };
          if (effect.type === 'loadSettings') return { type: 'settingsLoaded', rule: null };
          return null;
        },
      },
      runtime,
    ),
  );
}
