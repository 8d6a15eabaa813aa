import type { AuthCore } from '../../create-auth-core';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../../domain/config/widget-config';
import type { ReturnContext } from '../../domain/redirects/safe-redirect';
import { readResetEmail } from '../../domain/passwords/reset-email-note';
import { runFlow, type Flow } from '../flow-runner';
import { interpretPasswordResetEffect, passwordResetEffectFailure } from './password-reset.effects';
import { initialPasswordResetState, passwordResetTransition } from './password-reset.machine';
import type { PasswordResetEvent, PasswordResetState } from './password-reset.types';

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
        initial: initialPasswordResetState({
          ...input,
          sessionDurationMinutes: input.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES,
          email: readResetEmail(host.ports.durableStorage ?? host.ports.storage, host.scheduler.now()),
        }),
        interpret: (effect) => interpretPasswordResetEffect(host, effect),
        start: { type: 'started' },
        onEffectFailure: passwordResetEffectFailure,
      },
      runtime,
    ),
  );
}
