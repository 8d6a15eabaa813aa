import { failedBackToMain } from '../../main-failure';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../../../domain/config/widget-config';
import type { AuthError } from '../../../domain/errors/auth-error';
import { errorMessage } from '../../../domain/errors/error-catalogue';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../../domain/retry/retry-countdown';
import { isWaiting, type RetryWindow } from '../../../domain/retry/retry-window';
import type { CommonEffect } from '../../../flows/common-effects';
import { initialPasswordField, isPasswordFieldEvent, passwordFieldTransition } from '../../../flows/password-field/password-field.machine';
import { passwordFieldView } from '../../../flows/password-field/password-field.view';
import { mainBlock } from '../../product-catalogue';
import { recordChoice, recordText, type ScreenRecord } from '../../screen-record';
import { validateEmail } from '../../../domain/validation/email';
import { passwordResetRequest, webCallbackPath } from '../../../domain/redirects/return-urls';
import type { EmailSubmittedAction, ProductContext, ProductId, ProductOutput, ProductStep } from '../../widget.types';
import type { PasswordlessMethod, PasswordsEffect, PasswordsEvent, PasswordsState, ResetReason } from './passwords.types';

type Step = ProductStep<PasswordsState, PasswordsEffect | CommonEffect<PasswordsEvent>>;
type FormState = Extract<PasswordsState, { readonly screen: 'create' | 'login' }>;
const stay = (state: PasswordsState): Step => ({ state, effects: [] });

const tick = () => retryTick<PasswordsEvent>('passwords', { type: 'tick' });

type Waiting = Extract<PasswordsState, { readonly retry: RetryWindow | null }>;

/** A second of a `Retry-After` wait: ticks on, or ends the wait and the message about it. */
function countdownTick(state: Waiting, context: ProductContext): Step {
  if (state.retry === null) return stay(state);
  const retry = tickRetryWindow(state.retry, context.now);
  if (retry === null) return stay({ ...state, retry, error: null });
  return { state: { ...state, retry }, effects: [tick()] };
}

/**
 * SPEC §4: the passwordless way for this configuration — the e-mail code when e-mail OTP is
 * enabled (and built), else the magic link when configured, else none.
 */
export function passwordlessMethod(context: ProductContext): PasswordlessMethod | null {
  const { config } = context.input;
  if (config.products.includes('otp') && (config.otpOptions?.methods ?? []).includes('email') && mainBlock('passcodes', context.input.products) !== undefined) return 'code';
  if (config.products.includes('emailMagicLinks')) return 'link';
  return null;
}

const sessionMinutes = (context: ProductContext) => context.input.config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;

const startReset = (context: ProductContext, email: string, reason: ResetReason): PasswordsEffect => ({
  type: 'startReset',
  key: 'reset',
  request: passwordResetRequest(context.input, email),
  reason,
});

/**
 * Hands the visitor to the product that sends the link or the code (SPEC §4). With `returnTo`,
 * that product offers a way back here (see {@link enterPasswords}).
 */
const goPasswordless = (method: PasswordlessMethod, email: string, returnTo?: ProductId): ProductOutput => ({
  type: 'handoff',
  to: method === 'code' ? 'passcodes' : 'magicLink',
  action: { type: 'emailSubmitted', email, ...(returnTo === undefined ? {} : { returnTo }) },
});

function form(screen: 'create' | 'login', email: string): FormState {
  return {
    screen,
    email,
    // SPEC §5: the e-mail counts against the password on account creation.
    field: initialPasswordField({ withStrength: screen === 'create', email: screen === 'create' ? email : null }),
    busy: null,
    error: null,
    retry: null,
  };
}

/**
 * Main's Continue with a valid address: look the e-mail up (Main shows it busy). Handed back by
 * the magic link's confirmation ('Create a password instead', SPEC §2 Passwordless choice): start
 * the set-password e-mail instead, then show the set-new screen (SPEC §4).
 */
export function enterPasswords(action: EmailSubmittedAction, context: ProductContext): Step {
  if (action.returnTo === 'passwords') return { state: { screen: 'startingReset', email: action.email }, effects: [startReset(context, action.email, 'setNew')] };
  return { state: { screen: 'searching', email: action.email }, effects: [{ type: 'searchUser', key: 'search', email: action.email }] };
}

function onSearched(email: string, userType: 'new' | 'password' | 'passwordless', context: ProductContext): Step {
  if (userType === 'new') return stay(form('create', email));
  if (userType === 'password') return stay(form('login', email));
  // SPEC §4: a passwordless user is sent the code, else the link, else a set-password e-mail.
  // The link's confirmation offers 'Create a password instead', back here (SPEC §2 Passwordless choice).
  const method = passwordlessMethod(context);
  if (method !== null) return { state: { screen: 'searching', email }, effects: [], output: goPasswordless(method, email, 'passwords') };
  return { state: { screen: 'startingReset', email }, effects: [startReset(context, email, 'setNew')] };
}


function formFailure(state: FormState, error: AuthError, context: ProductContext): Step {
  const retry = retryWindowAfter(error, context.now);
  return {
    state: { ...state, busy: null, error: errorMessage(error), retry },
    effects: [{ type: 'reportError', error }, ...(retry === null ? [] : [tick()])],
  };
}

function onSignInFailed(state: FormState, error: AuthError, context: ProductContext): Step {
  if (state.screen === 'create' && state.busy === 'submit' && error.providerType === 'duplicate_email') {
    // The account exists — often because an earlier attempt that timed out went through. The
    // password just typed is the one to try; if it is not the account's, that failure is shown.
    const credentials = { email: state.email, password: state.field.value, sessionDurationMinutes: sessionMinutes(context) };
    return { state: { ...state, busy: 'recover' }, effects: [{ type: 'authenticatePassword', key: 'submit', credentials }] };
  }
  // SPEC §4: `reset_password` starts a reset e-mail and shows the reset-required screen; a
  // breached password at login does the same with the breached screen.
  if (error.code === 'reset_password' || (error.code === 'breached_password' && state.screen === 'login')) {
    const reason: ResetReason = error.code === 'reset_password' ? 'dedupe' : 'breached';
    return { state: { ...state, busy: 'reset', error: null }, effects: [{ type: 'reportError', error }, startReset(context, state.email, reason)] };
  }
  return formFailure(state, error, context);
}

function onFormEvent(state: FormState, event: PasswordsEvent, context: ProductContext): Step {
  switch (event.type) {
    case 'submitClicked': {
      if (state.busy !== null || isWaiting(state.retry, context.now)) return stay(state);
      if (!passwordFieldView(state.field, context.passwordRule).acceptable) return stay(state);
      const credentials = { email: state.email, password: state.field.value, sessionDurationMinutes: sessionMinutes(context) };
      return {
        state: { ...state, busy: 'submit', error: null, retry: null },
        effects: [{ type: state.screen === 'create' ? 'createPassword' : 'authenticatePassword', key: 'submit', credentials }],
      };
    }
    case 'signedIn':
      if (state.busy !== 'submit' && state.busy !== 'recover') return stay(state);
      // SPEC §4: confirmation, then after 2 s the session is handed to /login/callback/web (in
      // this tab's storage, written now: the router's state holds only the path).
      return {
        state,
        effects: [{ type: 'handOffSession', token: event.signIn.sessionToken }],
        output: { type: 'completed', title: 'success.title', text: 'success.loggedIn', destination: webCallbackPath(context.input.returnContext) },
      };
    case 'signInFailed':
      if (state.busy !== 'submit' && state.busy !== 'recover') return stay(state);
      return onSignInFailed(state, event.error, context);
    case 'forgotClicked':
      if (state.screen !== 'login' || state.busy !== null || isWaiting(state.retry, context.now)) return stay(state);
      return { state: { ...state, busy: 'reset', error: null, retry: null }, effects: [startReset(context, state.email, 'forgot')] };
    case 'resetSent':
      if (state.busy !== 'reset') return stay(state);
      return stay({ screen: 'resetSent', reason: event.reason, email: state.email, resending: false, error: null, retry: null });
    case 'resetFailed':
      if (state.busy !== 'reset') return stay(state);
      return formFailure(state, event.error, context);
    case 'passwordlessClicked': {
      const method = passwordlessMethod(context);
      if (method === null || state.busy !== null) return stay(state);
      return { state, effects: [{ type: 'cancel', prefix: 'strength:' }], output: goPasswordless(method, state.email) };
    }
    case 'tick':
      return countdownTick(state, context);
    default: {
      if (!isPasswordFieldEvent(event)) return stay(state);
      const [field, effects] = passwordFieldTransition(state.field, event, context.passwordRule, context.now);
      // A new password makes the last failure about a different value.
      const error = event.type === 'passwordChanged' && state.retry === null ? null : state.error;
      return { state: { ...state, field, error }, effects };
    }
  }
}

/** The passwords product as a pure machine (SPEC §2 password screens, §4 transitions). */
export function passwordsTransition(state: PasswordsState, event: PasswordsEvent, context: ProductContext): Step {
  switch (state.screen) {
    case 'searching':
      if (event.type === 'searched') return onSearched(state.email, event.userType, context);
      if (event.type === 'searchFailed') return { state, effects: [{ type: 'reportError', error: event.error }], output: failedBackToMain(event.error, context.now) };
      return stay(state);

    case 'startingReset':
      if (event.type === 'resetSent') return stay({ screen: 'resetSent', reason: event.reason, email: state.email, resending: false, error: null, retry: null });
      if (event.type === 'resetFailed') return { state, effects: [{ type: 'reportError', error: event.error }], output: failedBackToMain(event.error, context.now) };
      return stay(state);

    case 'create':
    case 'login':
      return onFormEvent(state, event, context);

    case 'resetSent':
      switch (event.type) {
        case 'resendClicked':
          if (state.resending || isWaiting(state.retry, context.now)) return stay(state);
          return { state: { ...state, resending: true, error: null, retry: null }, effects: [startReset(context, state.email, state.reason)] };
        case 'resetSent':
          if (!state.resending) return stay(state);
          return { state: { ...state, resending: false }, effects: [{ type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } }] };
        case 'resetFailed': {
          if (!state.resending) return stay(state);
          const retry = retryWindowAfter(event.error, context.now);
          return {
            state: { ...state, resending: false, error: errorMessage(event.error), retry },
            effects: [{ type: 'reportError', error: event.error }, ...(retry === null ? [] : [tick()])],
          };
        }
        case 'passwordlessClicked': {
          const method = passwordlessMethod(context);
          if (method === null || state.reason !== 'forgot') return stay(state);
          return { state, effects: [{ type: 'cancel', key: 'reset' }], output: goPasswordless(method, state.email) };
        }
        case 'tick':
          return countdownTick(state, context);
        default:
          return stay(state);
      }
  }
}

const RESET_REASONS: readonly ResetReason[] = ['forgot', 'breached', 'setNew', 'dedupe'];

/**
 * A password screen as a record a reload brings back (issue 16 §13): the screen and the address,
 * and why a reset e-mail went out — never the password typed.
 */
export function passwordsSnapshot(state: PasswordsState): ScreenRecord | null {
  switch (state.screen) {
    case 'create':
    case 'login':
      return { screen: state.screen, email: state.email };
    case 'resetSent':
      return { screen: 'resetSent', email: state.email, reason: state.reason };
    default:
      return null;
  }
}

/** The password screen a record names, empty of any password; `null` for what the product did not write. */
export function resumePasswords(record: ScreenRecord): Step | null {
  const email = recordText(record, 'email');
  if (email === null || validateEmail(email, 'magicLink') !== null) return null;
  const screen = recordChoice(record, 'screen', ['create', 'login', 'resetSent'] as const);
  if (screen === 'create' || screen === 'login') return stay(form(screen, email));
  const reason = recordChoice(record, 'reason', RESET_REASONS);
  if (screen === null || reason === null) return null;
  return stay({ screen: 'resetSent', reason, email, resending: false, error: null, retry: null });
}
