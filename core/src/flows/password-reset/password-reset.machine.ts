import { authError, type AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { LudsRule } from '../../domain/passwords/luds';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../domain/retry/retry-countdown';
import { isWaiting, retrySecondsLeft, type RetryWindow } from '../../domain/retry/retry-window';
import { appPath, withReturnContext } from '../../domain/redirects/app-paths';
import { destinationOf, type ReturnContext, type SafePath } from '../../domain/redirects/safe-redirect';
import type { PasswordSignIn } from '../../ports/passwords.port';
import { webCallbackPath } from '../../domain/redirects/return-urls';
import { COMPLETION_DELAY_MS } from '../../domain/redirects/completion';
import type { CommonEffect } from '../common-effects';
import type { TransitionContext } from '../flow-runner';
import type { HandOffSessionEffect } from '../session-handoff.effects';
import {
  initialPasswordField,
  isPasswordFieldEvent,
  passwordFieldTransition,
  type PasswordFieldEffect,
  type PasswordFieldEvent,
  type PasswordFieldState,
} from '../password-field/password-field.machine';
import { passwordFieldView, type PasswordFieldView } from '../password-field/password-field.view';

const LOGIN_PATH = appPath('/login');

/** What the reset page was opened with (the token already out of the address bar). */
export interface PasswordResetInput {
  readonly token: string | null;
  readonly returnContext: ReturnContext;
  readonly sessionDurationMinutes: number;
}

/** SPEC §2 Reset password: the form, then success and the hand-off. The token stays in state, never in the view. */
export type PasswordResetState =
  | {
      readonly status: 'form';
      readonly input: PasswordResetInput;
      readonly field: PasswordFieldState;
      readonly rule: LudsRule | null;
      readonly submitting: boolean;
      readonly error: MessageRef | null;
      /** The wait before Continue may be used again (429 with `Retry-After`). */
      readonly retry: RetryWindow | null;
    }
  | { readonly status: 'missingToken'; readonly input: PasswordResetInput }
  | { readonly status: 'succeeded'; readonly input: PasswordResetInput; readonly destination: SafePath };

export type PasswordResetEvent =
  | { readonly type: 'started' }
  | { readonly type: 'settingsLoaded'; readonly rule: LudsRule | null }
  | PasswordFieldEvent
  | { readonly type: 'submitClicked' }
  | { readonly type: 'signedIn'; readonly signIn: PasswordSignIn }
  | { readonly type: 'resetFailed'; readonly error: AuthError }
  | { readonly type: 'passwordlessClicked' }
  /** The visitor is signed in (a reset that timed out here went through at the provider). */
  | { readonly type: 'signedInMeanwhile' }
  | { readonly type: 'completionElapsed' }
  | { readonly type: 'tick' };

export type PasswordResetEffect =
  | { readonly type: 'loadSettings'; readonly key: string }
  | { readonly type: 'resetPassword'; readonly key: string; readonly token: string; readonly password: string; readonly sessionDurationMinutes: number }
  /** Reports once the session store says someone is signed in. */
  | { readonly type: 'watchSession'; readonly key: string }
  | HandOffSessionEffect
  | Exclude<PasswordFieldEffect, CommonEffect<PasswordFieldEvent>>
  | CommonEffect<PasswordResetEvent>;

type Step = readonly [PasswordResetState, readonly PasswordResetEffect[]];

const tick = () => retryTick<PasswordResetEvent>('passwordReset', { type: 'tick' });

/** The input once its reset token is used: no state keeps a spent credential. */
const spent = (input: PasswordResetInput): PasswordResetInput => ({ ...input, token: null });

export function initialPasswordResetState(input: PasswordResetInput): PasswordResetState {
  if (input.token === null || input.token === '') return { status: 'missingToken', input };
  return {
    status: 'form',
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
    // 'Login without a password': the sign-in page, where the e-mail leads to a link or a code.
    return [state, [{ type: 'cancel', prefix: '' }, { type: 'navigate', path: withReturnContext(LOGIN_PATH, state.input.returnContext) }]];
  }
  if (state.status === 'missingToken') {
    return event.type === 'started' ? [state, [{ type: 'reportError', error: authError('missing_token') }]] : [state, []];
  }
  if (state.status === 'succeeded') {
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
        { status: 'succeeded', input: spent(state.input), destination: webCallbackPath(state.input.returnContext) },
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
        { status: 'succeeded', input: spent(state.input), destination: destinationOf(state.input.returnContext) },
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
      const [field, effects] = passwordFieldTransition(state.field, event, state.rule);
      return [{ ...state, field, error: event.type === 'passwordChanged' && state.retry === null ? null : state.error }, effects as readonly PasswordResetEffect[]];
    }
  }
}

/** What the reset page renders. */
export type PasswordResetView =
  | {
      readonly status: 'form';
      readonly password: PasswordFieldView;
      readonly submitting: boolean;
      readonly canSubmit: boolean;
      readonly error: MessageRef | null;
      readonly retryInSeconds: number | null;
    }
  | { readonly status: 'missingToken'; readonly message: MessageRef }
  | { readonly status: 'succeeded' };

export function passwordResetView(state: PasswordResetState): PasswordResetView {
  switch (state.status) {
    case 'missingToken':
      return { status: 'missingToken', message: errorMessage(authError('missing_token')) };
    case 'succeeded':
      return { status: 'succeeded' };
    case 'form': {
      const password = passwordFieldView(state.field, state.rule);
      const retryInSeconds = retrySecondsLeft(state.retry);
      return { status: 'form', password, submitting: state.submitting, canSubmit: !state.submitting && retryInSeconds === null && password.acceptable, error: state.error, retryInSeconds };
    }
  }
}
