import type { AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import type { MessageRef } from '../../domain/i18n/message-ref';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../domain/retry/retry-countdown';
import { isWaiting } from '../../domain/retry/retry-window';
import type { TransitionContext } from '../flow-runner';
import { isPasskeyListEvent, LEAVE_LIST_EFFECTS, loadingPasskeyList, passkeyListTransition, rowFailureEffects } from './passkey-list.machine';
import type { PasskeyRegistrationEffect, PasskeyRegistrationEvent, PasskeyRegistrationInput, PasskeyRegistrationState } from './passkey-registration.types';

type Step = readonly [PasskeyRegistrationState, readonly PasskeyRegistrationEffect[]];

/** The key of the registration call: Skip cancels it. */
const REGISTER_KEY = 'register';
const RETRY_SCOPE = 'passkeyRegistration';
const tick = () => retryTick<PasskeyRegistrationEvent>(RETRY_SCOPE, { type: 'tick' });

/** The start screen, as `/account/passkeys` opens. */
export function initialPasskeyRegistrationState(input: PasskeyRegistrationInput): PasskeyRegistrationState {
  return { screen: 'start', input, creating: false, error: null, retry: null };
}

/**
 * What the start screen says about a create that failed (SPEC §8): a passkey already registered,
 * a failure that may pass on its own (network, 429, 5xx, a timeout, an unreadable or empty answer)
 * in its own words, and any other the SPEC's "not created" message. A cancelled sheet says nothing.
 */
function createFailureMessage(error: AuthError): MessageRef | null {
  if (error.code === 'passkey_cancelled') return null;
  if (error.code === 'duplicate_webauthn_registration' || error.retryable) return errorMessage(error);
  return { key: 'passkeyRegistration.createFailed' };
}

/** The success screen (SPEC §4: reached from the start screen on success and on skip), loading the list. */
function successScreen(input: PasskeyRegistrationInput, created: boolean, leaving: readonly PasskeyRegistrationEffect[]): Step {
  const [list, effects] = loadingPasskeyList();
  return [{ screen: 'success', input, created, list }, [...leaving, ...effects]];
}

/** `/account/passkeys` as a pure machine: the start screen, then the success screen and its list. */
export function passkeyRegistrationTransition(state: PasskeyRegistrationState, event: PasskeyRegistrationEvent, context: TransitionContext): Step {
  if (state.screen === 'success') {
    switch (event.type) {
      case 'setUpAnotherClicked':
        return [initialPasskeyRegistrationState(state.input), LEAVE_LIST_EFFECTS];
      case 'doneClicked':
        return [state, [{ type: 'navigate', path: state.input.donePath }]];
      default: {
        if (!isPasskeyListEvent(event)) return [state, []];
        const [list, effects] = passkeyListTransition(state.list, event, context);
        return [list === state.list ? state : { ...state, list }, effects];
      }
    }
  }
  switch (event.type) {
    case 'createClicked':
      // No double submit: one sheet at a time, and none while a Retry-After is waited out.
      if (state.creating || isWaiting(state.retry, context.now)) return [state, []];
      return [
        { ...state, creating: true, error: null, retry: null },
        [{ type: 'cancel', prefix: `${RETRY_SCOPE}:` }, { type: 'registerPasskey', key: REGISTER_KEY, sessionDurationMinutes: state.input.sessionDurationMinutes }],
      ];
    case 'registered':
      if (!state.creating) return [state, []];
      return successScreen(state.input, true, []);
    case 'registerFailed': {
      if (!state.creating) return [state, []];
      const error = createFailureMessage(event.error);
      if (error === null) return [{ ...state, creating: false, error: null, retry: null }, []];
      const retry = retryWindowAfter(event.error, context.now);
      return [{ ...state, creating: false, error, retry }, [{ type: 'reportError', error: event.error }, ...(retry === null ? [] : [tick()])]];
    }
    case 'skipClicked':
      // Skip stays usable while a create is on its way: it abandons that create (aborting the
      // browser's sheet), so a provider that never answers cannot hold the visitor here.
      return successScreen(state.input, false, [
        { type: 'cancel', key: REGISTER_KEY },
        { type: 'cancel', prefix: `${RETRY_SCOPE}:` },
      ]);
    case 'tick': {
      if (state.retry === null) return [state, []];
      const retry = tickRetryWindow(state.retry, context.now);
      // The wait is over: its message ('wait a moment') goes with it.
      return retry === null ? [{ ...state, retry, error: null }, []] : [{ ...state, retry }, [tick()]];
    }
    case 'renameFailed':
    case 'removeFailed':
      // A rename or deletion sent before 'Set up another Passkey' failed: still said, as a toast.
      return [state, rowFailureEffects(event.error)];
    default:
      return [state, []];
  }
}
