import type { AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { LudsRule } from '../../domain/passwords/luds';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../domain/retry/retry-countdown';
import { isWaiting, type RetryWindow } from '../../domain/retry/retry-window';
import type { LocalStrengthEstimate } from '../../ports/password-strength.port';
import type { PasswordStrength } from '../../ports/passwords.port';
import type { CommonEffect } from '../common-effects';
import type { KeyedEffect } from '../flow-runner';

/** SPEC §9: the provider's strength check runs this long after the last change. */
export const STRENGTH_CHECK_DEBOUNCE_MS = 500;

/**
 * A password field and what is known of the strength of its value: the device's estimate (every
 * keystroke) and the provider's verdict (debounced). Shared by account creation, login (no
 * strength) and the reset form.
 */
export interface PasswordFieldState {
  readonly value: string;
  /** Whether the value is scored at all (creation and reset yes, login no). */
  readonly withStrength: boolean;
  /** The e-mail counted against the password (account creation), or `null`. */
  readonly email: string | null;
  /** The latest local estimate and the value it is for (it may trail the value by a keystroke). */
  readonly estimate: { readonly value: string; readonly result: LocalStrengthEstimate } | null;
  /** The provider's latest verdict and the value it is for. */
  readonly check: { readonly value: string; readonly result: PasswordStrength } | null;
  /** A check for the current value is on its way. */
  readonly checking: boolean;
  /**
   * Why the last check could not run. SPEC §5 keeps submit disabled until the provider called the
   * value valid, so the field says so and offers to check again.
   */
  readonly checkError: MessageRef | null;
  /** The wait the provider imposed on the check (429 with `Retry-After`): no check goes out before it ends. */
  readonly checkRetry: RetryWindow | null;
}

export type PasswordFieldEvent =
  | { readonly type: 'passwordChanged'; readonly value: string }
  | { readonly type: 'passwordFocused' }
  | { readonly type: 'strengthEstimated'; readonly value: string; readonly estimate: LocalStrengthEstimate }
  | { readonly type: 'strengthEstimateFailed'; readonly value: string }
  | { readonly type: 'strengthCheckDue' }
  | { readonly type: 'strengthChecked'; readonly value: string; readonly strength: PasswordStrength }
  | { readonly type: 'strengthCheckFailed'; readonly value: string; readonly error: AuthError }
  /** 'Check again' after a check that could not run. */
  | { readonly type: 'strengthCheckRetried' }
  /** A second of the check's `Retry-After` wait. */
  | { readonly type: 'strengthCheckRetryTick' };

const FIELD_EVENT_TYPES: ReadonlySet<string> = new Set([
  'passwordChanged',
  'passwordFocused',
  'strengthEstimated',
  'strengthEstimateFailed',
  'strengthCheckDue',
  'strengthChecked',
  'strengthCheckFailed',
  'strengthCheckRetried',
  'strengthCheckRetryTick',
]);

/** True for the events {@link passwordFieldTransition} handles. */
export function isPasswordFieldEvent(event: { readonly type: string }): event is PasswordFieldEvent {
  return FIELD_EVENT_TYPES.has(event.type);
}

export type PasswordFieldEffect =
  | { readonly type: 'preloadStrengthEstimator' }
  | (KeyedEffect & { readonly type: 'estimateStrength'; readonly password: string; readonly userInputs: readonly string[] })
  | (KeyedEffect & { readonly type: 'checkStrength'; readonly password: string; readonly email: string | null })
  | CommonEffect<PasswordFieldEvent>;

const ESTIMATE_KEY = 'strength:estimate';
const CHECK_KEY = 'strength:check';
const DEBOUNCE_KEY = 'strength:debounce';

/** An empty field, scored or not. */
export function initialPasswordField(options: { readonly withStrength: boolean; readonly email: string | null }): PasswordFieldState {
  return { value: '', withStrength: options.withStrength, email: options.email, estimate: null, check: null, checking: false, checkError: null, checkRetry: null };
}

const retryTickEffect = () => retryTick<PasswordFieldEvent>('strength', { type: 'strengthCheckRetryTick' });

type Step = readonly [PasswordFieldState, readonly PasswordFieldEffect[]];

/** Asks the provider about the current value now. */
function runCheck(state: PasswordFieldState): Step {
  return [{ ...state, checking: true, checkError: null }, [{ type: 'checkStrength', key: CHECK_KEY, password: state.value, email: state.email }]];
}

/**
 * The field as a pure machine. Every change is estimated on the device at once (unless the LUDS
 * rule is known: then the view computes it); the provider is asked 500 ms after the last change,
 * and answers for older values are ignored. A check that could not run is asked again by 'Check
 * again' or the next change — after the wait, for a 429. `now` is the flow's clock.
 */
export function passwordFieldTransition(state: PasswordFieldState, event: PasswordFieldEvent, rule: LudsRule | null, now: number): Step {
  switch (event.type) {
    case 'passwordChanged': {
      // During a 429's wait the failure and its countdown stay: the new value is checked after it.
      const waiting = isWaiting(state.checkRetry, now);
      const next: PasswordFieldState = waiting
        ? { ...state, value: event.value, checking: false }
        : { ...state, value: event.value, checking: false, checkError: null, checkRetry: null };
      if (!state.withStrength) return [next, []];
      const superseded: PasswordFieldEffect[] = [{ type: 'cancel', key: CHECK_KEY }];
      if (event.value === '') return [{ ...next, estimate: null }, [...superseded, { type: 'cancel', key: DEBOUNCE_KEY }, { type: 'cancel', key: ESTIMATE_KEY }]];
      const userInputs = state.email === null ? [] : [state.email];
      return [
        next,
        [
          ...superseded,
          ...(rule === null ? [{ type: 'estimateStrength', key: ESTIMATE_KEY, password: event.value, userInputs } as const] : []),
          waiting ? ({ type: 'cancel', key: DEBOUNCE_KEY } as const) : ({ type: 'timer', key: DEBOUNCE_KEY, delayMs: STRENGTH_CHECK_DEBOUNCE_MS, event: { type: 'strengthCheckDue' } } as const),
        ],
      ];
    }
    case 'passwordFocused':
      // The estimator's dictionaries load when a password is first about to be typed.
      return [state, state.withStrength && rule === null ? [{ type: 'preloadStrengthEstimator' }] : []];
    case 'strengthEstimated':
      if (!state.value.startsWith(event.value) && event.value !== state.value) return [state, []];
      return [{ ...state, estimate: { value: event.value, result: event.estimate } }, []];
    case 'strengthEstimateFailed':
      // The provider's check still decides; the meter just waits for it.
      return [state, []];
    case 'strengthCheckDue':
      if (!state.withStrength || state.value === '' || isWaiting(state.checkRetry, now)) return [state, []];
      return runCheck(state);
    case 'strengthCheckRetried':
      if (state.checkError === null || state.checking || state.value === '' || isWaiting(state.checkRetry, now)) return [state, []];
      return runCheck({ ...state, checkRetry: null });
    case 'strengthChecked':
      if (event.value !== state.value) return [state, []];
      return [{ ...state, checking: false, checkError: null, checkRetry: null, check: { value: event.value, result: event.strength } }, []];
    case 'strengthCheckFailed': {
      if (event.value !== state.value) return [state, []];
      const checkRetry = retryWindowAfter(event.error, now);
      return [
        { ...state, checking: false, checkError: errorMessage(event.error), checkRetry },
        [{ type: 'reportError', error: event.error }, ...(checkRetry === null ? [] : [retryTickEffect()])],
      ];
    }
    case 'strengthCheckRetryTick': {
      // The message stays when the wait ends: the check still has not run; 'Check again' is back.
      const checkRetry = tickRetryWindow(state.checkRetry, now);
      return [{ ...state, checkRetry }, checkRetry === null ? [] : [retryTickEffect()]];
    }
  }
}
