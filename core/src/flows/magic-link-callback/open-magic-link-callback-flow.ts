import { EMPTY } from 'rxjs';
import type { AuthCore } from '../../create-auth-core';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../../domain/config/widget-config';
import { authenticateMagicLink } from '../../use-cases/authenticate-magic-link.use-case';
import { runFlow, type Flow } from '../flow-runner';
import { fromCall } from '../from-call';
import {
  type CallbackEvent,
  type CallbackInput,
  type CallbackState,
  callbackTransition,
  initialCallbackState,
} from './magic-link-callback.machine';

/** The magic-link return page flow for `key`: authenticates once, then leaves for the destination. */
export function openMagicLinkCallbackFlow(
  core: Pick<AuthCore, 'host'>,
  key: string,
  input: Omit<CallbackInput, 'sessionDurationMinutes'> & { sessionDurationMinutes?: number },
): Flow<CallbackState, CallbackEvent> {
  const { host } = core;
  const authenticate = authenticateMagicLink(host);
  return host.flows.get(key, () => {
    const flow = runFlow(
      callbackTransition,
      initialCallbackState({ ...input, sessionDurationMinutes: input.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES }),
      (effect) => {
        switch (effect.type) {
          case 'authenticateMagicLink':
            return fromCall(
              () => authenticate(effect.token, effect.sessionDurationMinutes),
              (result): CallbackEvent => (result.ok ? { type: 'authenticated' } : { type: 'authenticationFailed', error: result.error }),
            );
          case 'navigate':
            host.navigation.navigate(effect.path);
            return EMPTY;
          case 'reportError':
            host.reportError(effect.error);
            return EMPTY;
        }
      },
    );
    flow.send({ type: 'started' });
    return flow;
  });
}
