import type { AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { LudsRule } from '../../domain/passwords/luds';
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
  /** Why the check for the current value failed (the provider then decides on submit). */
  readonly checkError: MessageRef | null;
}

export type PasswordFieldEvent =
  | { readonly type: 'passwordChanged'; readonly value: string }
  | { readonly type: 'passwordFocused' }
  | { readonly type: 'strengthEstimated'; readonly value: string; readonly estimate: LocalStrengthEstimate }
  | { readonly type: 'strengthEstimateFailed'; readonly value: string }
  | { readonly type: 'strengthCheckDue' }
  | { readonly type: 'strengthChecked'; readonly value: string; readonly strength: PasswordStrength }
  | { readonly type: 'strengthCheckFailed'; readonly value: string; readonly error: AuthError };

const FIELD_EVENT_TYPES: ReadonlySet<string> = new Set([
  'passwordChanged',
  'passwordFocused',
  'strengthEstimated',
  'strengthEstimateFailed',
  'strengthCheckDue',
  'strengthChecked',
  'strengthCheckFailed',
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
  return { value: '', withStrength: options.withStrength, email: options.email, estimate: null, check: null, checking: false, checkError: null };
}

type Step = readonly [PasswordFieldState, readonly PasswordFieldEffect[]];

/**
 * The field as a pure machine. Every change is estimated on the device at once (unless the LUDS
 * rule is known: then the view computes it); the provider is asked 500 ms after the last change,
 * and answers for older values are ignored.
 */
export function passwordFieldTransition(state: PasswordFieldState, event: PasswordFieldEvent, rule: LudsRule | null): Step {
  switch (event.type) {
    case 'passwordChanged': {
      const next: PasswordFieldState = { ...state, value: event.value, checking: false, checkError: null };
      if (!state.withStrength) return [next, []];
      const superseded: PasswordFieldEffect[] = [{ type: 'cancel', key: CHECK_KEY }];
      if (event.value === '') return [{ ...next, estimate: null }, [...superseded, { type: 'cancel', key: DEBOUNCE_KEY }, { type: 'cancel', key: ESTIMATE_KEY }]];
      const userInputs = state.email === null ? [] : [state.email];
      return [
        next,
        [
          ...superseded,
          ...(rule === null ? [{ type: 'estimateStrength', key: ESTIMATE_KEY, password: event.value, userInputs } as const] : []),
          { type: 'timer', key: DEBOUNCE_KEY, delayMs: STRENGTH_CHECK_DEBOUNCE_MS, event: { type: 'strengthCheckDue' } },
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
      if (!state.withStrength || state.value === '') return [state, []];
      return [{ ...state, checking: true, checkError: null }, [{ type: 'checkStrength', key: CHECK_KEY, password: state.value, email: state.email }]];
    case 'strengthChecked':
      if (event.value !== state.value) return [state, []];
      return [{ ...state, checking: false, checkError: null, check: { value: event.value, result: event.strength } }, []];
    case 'strengthCheckFailed':
      if (event.value !== state.value) return [state, []];
      return [{ ...state, checking: false, checkError: errorMessage(event.error) }, [{ type: 'reportError', error: event.error }]];
  }
}
