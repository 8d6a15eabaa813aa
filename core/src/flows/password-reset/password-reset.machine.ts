import { authError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../domain/retry/retry-countdown';
import { isWaiting } from '../../domain/retry/retry-window';
import { appPath, withReturnContext } from '../../domain/redirects/app-paths';
import { destinationOf } from '../../domain/redirects/safe-redirect';
import { webCallbackPath } from '../../domain/redirects/return-urls';
import { COMPLETION_DELAY_MS } from '../../domain/redirects/completion';
import type { TransitionContext } from '../flow-runner';
import { initialPasswordField, isPasswordFieldEvent, passwordFieldTransition } from '../password-field/password-field.machine';
import { passwordFieldView } from '../password-field/password-field.view';
import type { PasswordResetEffect, PasswordResetEvent, PasswordResetInput, PasswordResetState } from './password-reset.types';

const LOGIN_PATH = appPath('/login');

type Step = readonly [PasswordResetState, readonly PasswordResetEffect[]];

const tick = () => retryTick<PasswordResetEvent>('passwordReset', { type: 'tick' });

/** The input once its reset token is used: no state keeps a spent credential. */
const spent = (input: PasswordResetInput): PasswordResetInput => ({ ...input, token: null });

export function initialPasswordResetState(input: PasswordResetInput): PasswordResetState {
  if (input.token === null || input.token === '') return { screen: 'missingToken', input };
  return {
    screen: 'form',
    input,
    // No e-mail here: the reset link names none, and it is not asked for.
    field: initialPasswordField({ withStrength: true, email: null }),
    rule: null,
    submitting: false,
    error: null,
    retry: null,
  };
}

/** The reset form as a pure machine. */
export function passwordResetTransition(state: PasswordResetState, event: PasswordResetEvent, context: TransitionContext): Step {
  if (event.type === 'passwordlessClicked') {
    // 'Login without a password': the sign-in page, where the e-mail leads to a link or a code,
    // with the address the reset e-mail went to already in it when this device sent it.
    const email = state.input.email ?? null;
    return [
      state,
      [
        { type: 'cancel', prefix: '' },
        ...(email === null ? [] : [{ type: 'carryEmail', email } as const]),
        { type: 'navigate', path: withReturnContext(LOGIN_PATH, state.input.returnContext) },
      ],
    ];
  }
  if (state.screen === 'missingToken') {
    return event.type === 'started' ? [state, [{ type: 'reportError', error: authError('missing_token') }]] : [state, []];
  }
  if (state.screen === 'succeeded') {
    return event.type === 'completionElapsed' ? [state, [{ type: 'navigate', path: state.destination, replace: true }]] : [state, []];
  }
  switch (event.type) {
    case 'started':
      return [state, [{ type: 'loadSettings', key: 'settings' }]];
    case 'settingsLoaded':
      return [{ ...state, rule: event.rule }, []];
    case 'submitClicked': {
      if (state.submitting || isWaiting(state.retry, context.now)) return [state, []];
      if (!passwordFieldView(state.field, state.rule).acceptable || state.input.token === null) return [state, []];
      return [
        { ...state, submitting: true, error: null, retry: null },
        [{ type: 'resetPassword', key: 'reset', token: state.input.token, password: state.field.value, sessionDurationMinutes: state.input.sessionDurationMinutes }],
      ];
    }
    case 'signedIn':
      if (!state.submitting) return [state, []];
      // The session is handed over now, in storage; the state keeps only where to take it (and
      // no longer the reset token, which is spent).
      return [
        { screen: 'succeeded', input: spent(state.input), destination: webCallbackPath(state.input.returnContext) },
        [
          { type: 'handOffSession', token: event.signIn.sessionToken },
          { type: 'timer', key: 'completion', delayMs: COMPLETION_DELAY_MS, event: { type: 'completionElapsed' } },
        ],
      ];
    case 'resetFailed': {
      if (!state.submitting) return [state, []];
      const retry = retryWindowAfter(event.error, context.now);
      return [
        { ...state, submitting: false, error: errorMessage(event.error), retry },
        [
          { type: 'reportError', error: event.error },
          // A reset that timed out may still have gone through (and used the token): once its
          // session shows up, the visitor is signed in and goes on, as after a used magic link.
          { type: 'watchSession', key: 'session' },
          ...(retry === null ? [] : [tick()]),
        ],
      ];
    }
    case 'signedInMeanwhile':
      if (state.submitting) return [state, []];
      return [
        { screen: 'succeeded', input: spent(state.input), destination: destinationOf(state.input.returnContext) },
        [{ type: 'cancel', prefix: '' }, { type: 'navigate', path: destinationOf(state.input.returnContext), replace: true }],
      ];
    case 'tick': {
      if (state.retry === null) return [state, []];
      const retry = tickRetryWindow(state.retry, context.now);
      // The wait is over: its message goes with it.
      return retry === null ? [{ ...state, retry, error: null }, []] : [{ ...state, retry }, [tick()]];
    }
    case 'completionElapsed':
      return [state, []];
    default: {
      if (!isPasswordFieldEvent(event)) return [state, []];
      const [field, effects] = passwordFieldTransition(state.field, event, state.rule, context.now);
      return [{ ...state, field, error: event.type === 'passwordChanged' && state.retry === null ? null : state.error }, effects as readonly PasswordResetEffect[]];
    }
  }
}
