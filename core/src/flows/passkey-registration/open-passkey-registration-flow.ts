import type { AuthCore } from '../../create-auth-core';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../../domain/config/widget-config';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import { runFlow, type Flow } from '../flow-runner';
import { interpretPasskeyRegistrationEffect, passkeyRegistrationEffectFailure } from './passkey-registration.effects';
import { initialPasskeyRegistrationState, passkeyRegistrationTransition } from './passkey-registration.machine';
import type { PasskeyRegistrationEvent, PasskeyRegistrationState } from './passkey-registration.types';

/**
 * SPEC §2 passkey registration and the passkey list (`/account/passkeys`): the start screen ('Set up
 * a new Passkey': create or skip), then the success screen listing the user's passkeys with rename
 * and delete, 'Set up another Passkey' and 'Done'. For a signed-in user: SPEC §6's requirement is
 * the page's to check, from the session store, before it opens this flow.
 *
 * @param key Identifies the flow instance in the core's registry.
 * @param input `donePath`: where 'Done' leads; `sessionDurationMinutes`: asked with each new passkey
 *   (default: the core's session duration).
 */
export function openPasskeyRegistrationFlow(
  core: Pick<AuthCore, 'host'>,
  key: string,
  input: { readonly donePath: SafePath; readonly sessionDurationMinutes?: number },
): Flow<PasskeyRegistrationState, PasskeyRegistrationEvent> {
  const { host } = core;
  return host.flows.get(key, (runtime) =>
    runFlow(
      {
        transition: passkeyRegistrationTransition,
        initial: initialPasskeyRegistrationState({ donePath: input.donePath, sessionDurationMinutes: input.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES }),
        interpret: (effect) => interpretPasskeyRegistrationEffect(host, effect),
        onEffectFailure: passkeyRegistrationEffectFailure,
      },
      runtime,
    ),
  );
}
