import type { AuthCore } from '../../create-auth-core';
import { runFlow, type Flow } from '../flow-runner';
import { identityProviderEffectFailure, interpretIdentityProviderEffect } from './identity-provider.effects';
import { identityProviderTransition, initialIdentityProviderState } from './identity-provider.machine';
import type { IdentityProviderEvent, IdentityProviderInput, IdentityProviderState } from './identity-provider.types';

/**
 * SPEC §2/§4's identity-provider pages (`/oauth/authorize`, `/oauth/logout`): the consent flow or
 * the logout flow for `input.request`, started when its first subscriber arrives (once, however
 * often a front end mounts it); a refused request shows its problem and calls nothing.
 *
 * @param key Identifies the flow instance in the core's registry.
 */
export function openIdentityProviderFlow(core: Pick<AuthCore, 'host'>, key: string, input: IdentityProviderInput): Flow<IdentityProviderState, IdentityProviderEvent> {
  const { host } = core;
  return host.flows.get(key, (runtime) =>
    runFlow(
      {
        transition: identityProviderTransition,
        initial: initialIdentityProviderState(input),
        start: { type: 'started' },
        interpret: (effect) => interpretIdentityProviderEffect(host, effect),
        onEffectFailure: identityProviderEffectFailure,
      },
      runtime,
    ),
  );
}
