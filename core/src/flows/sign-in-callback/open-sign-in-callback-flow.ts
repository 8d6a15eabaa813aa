import type { AuthCore } from '../../create-auth-core';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../../domain/config/widget-config';
import type { ReturnContext } from '../../domain/redirects/safe-redirect';
import { runFlow, type Flow } from '../flow-runner';
import { interpretSignInCallbackEffect, signInCallbackEffectFailure } from './sign-in-callback.effects';
import { initialSignInCallbackState, signInCallbackTransition } from './sign-in-callback.machine';
import type { SignInCallbackEvent, SignInCallbackInput, SignInCallbackState } from './sign-in-callback.types';

/**
 * `/login/callback` (and `/login/password/reset` with a `login` token): finishes a magic-link or
 * OAuth sign-in with the token the page was opened with — authenticates it once, then leaves for
 * the validated destination. A visitor who cancelled at the OAuth provider goes back to the
 * sign-in form instead.
 */
export function openSignInCallbackFlow(
  core: Pick<AuthCore, 'host'>,
  key: string,
  input: Omit<SignInCallbackInput, 'sessionDurationMinutes'> & { readonly sessionDurationMinutes?: number },
): Flow<SignInCallbackState, SignInCallbackEvent> {
  const { host } = core;
  return host.flows.get(key, (runtime) =>
    runFlow(
      {
        transition: signInCallbackTransition,
        initial: initialSignInCallbackState({ ...input, sessionDurationMinutes: input.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES }),
        interpret: (effect) => interpretSignInCallbackEffect(host, effect),
        start: { type: 'started' },
        onEffectFailure: signInCallbackEffectFailure,
      },
      runtime,
    ),
  );
}

/**
 * `/login/callback/web` (SPEC §2, §4): adopts the session a password or passcode sign-in handed
 * over through this tab's storage, then leaves for the validated destination; the same page
 * states as a link's return. A `session_token` in the address (`sessionToken`) is never adopted:
 * without this tab's hand-off it is another site's link (login CSRF, issue 16 §1), refused with
 * a message, and a visitor already signed in goes on as themselves.
 */
export function openWebCallbackFlow(
  core: Pick<AuthCore, 'host'>,
  key: string,
  input: { readonly sessionToken: string | null; readonly returnContext: ReturnContext },
): Flow<SignInCallbackState, SignInCallbackEvent> {
  return openSignInCallbackFlow(core, key, { token: input.sessionToken, tokenType: null, returnContext: input.returnContext, credential: 'sessionToken' });
}
