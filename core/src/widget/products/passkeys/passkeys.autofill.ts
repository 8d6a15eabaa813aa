import type { AuthError } from '../../../domain/errors/auth-error';
import type { CommonEffect } from '../../../flows/common-effects';
import type { KeyedEffect } from '../../../flows/flow-runner';

// SPEC §4 passkey autofill, as a pure policy the passkeys slot runs: where passkeys are configured
// and the browser offers them in the e-mail field's autofill (WebAuthn conditional mediation), a
// conditional request waits there; it is tried up to 5 times (SPEC §9), and stops for good when
// Main aborts it (another action started) or the visitor declines (`NotAllowedError`).

/** SPEC §9: passkey autofill is tried up to 5 times in all. */
export const AUTOFILL_MAX_TRIES = 5;

/**
 * The wait before the next try after a failed one, doubling from this (1 s, 2 s, 4 s, 8 s), or the
 * provider's `Retry-After` when longer: tries spread over seconds mean something on a flaky
 * network, where five at once would be spent in a blink (and a refusal would toast five times).
 */
const AUTOFILL_RETRY_BASE_MS = 1_000;

/** Why autofill is not (or no longer) offered. */
type AutofillStop =
  /** Main has no e-mail field for it (no product takes the e-mail form). */
  | 'noField'
  /** The browser offers no passkeys in autofill (or the page has no passkeys port). */
  | 'unsupported'
  /** Another Main action started (the slot host's `abort`), the button's sign-in included. */
  | 'aborted'
  /** The visitor declined or closed it (`passkey_cancelled`). */
  | 'declined'
  /** Five tries failed. */
  | 'exhausted'
  /** A passkey picked there signed the visitor in. */
  | 'signedIn';

export type AutofillState =
  /** Not started yet (the slot starts it with the widget). */
  | { readonly status: 'idle' }
  /** Asking the browser whether it offers passkeys in autofill. */
  | { readonly status: 'checking' }
  /** A conditional request waits in the e-mail field's autofill; `tries` counts this one. */
  | { readonly status: 'listening'; readonly tries: number }
  /** A try failed; the next starts after a wait. */
  | { readonly status: 'waiting'; readonly tries: number }
  | { readonly status: 'stopped'; readonly reason: AutofillStop; readonly tries: number };

export type AutofillEvent =
  | { readonly type: 'autofillChecked'; readonly supported: boolean }
  /** A passkey picked in autofill signed the visitor in (the provider verified it). */
  | { readonly type: 'autofillSignedIn' }
  | { readonly type: 'autofillFailed'; readonly error: AuthError }
  | { readonly type: 'autofillRetry' };

export type AutofillEffect =
  | (KeyedEffect & { readonly type: 'checkAutofill' })
  /** SPEC §7 webauthn authenticate with conditional mediation; runs until answered or cancelled (its key). */
  | (KeyedEffect & { readonly type: 'conditionalSignIn'; readonly sessionDurationMinutes: number });

/** Every autofill effect's key starts with this: an abort cancels them all at once. */
const AUTOFILL_KEYS = 'autofill:';
const REQUEST_KEY = `${AUTOFILL_KEYS}request`;

/** One step of the policy: what it asks of the slot besides its new state. */
export interface AutofillStep {
  readonly state: AutofillState;
  readonly effects: readonly (AutofillEffect | CommonEffect<AutofillEvent>)[];
  /** The sign-in to hand the passkeys product (it ends it as it ends the button's). */
  readonly signedIn?: true;
  /** A failed pick to tell the visitor about by the passkey button, as the button's own would be. */
  readonly tell?: AuthError;
}

/** What the policy sees of Main. */
export interface AutofillContext {
  /** Something else is on its way on Main: a conditional request must not start beside it. */
  readonly mainBusy: boolean;
  /** Main shows an e-mail field (autofill lives in it). */
  readonly hasEmailField: boolean;
  readonly sessionDurationMinutes: number;
}

const stay = (state: AutofillState): AutofillStep => ({ state, effects: [] });
const stopped = (reason: AutofillStop, tries = 0): AutofillState => ({ status: 'stopped', reason, tries });
const request = (tries: number, context: AutofillContext): AutofillStep => ({
  state: { status: 'listening', tries },
  effects: [{ type: 'conditionalSignIn', key: REQUEST_KEY, sessionDurationMinutes: context.sessionDurationMinutes }],
});

/** Starts the policy with the widget: asks the browser first, where Main has a field for it. */
export function startAutofill(state: AutofillState, context: AutofillContext): AutofillStep {
  if (state.status !== 'idle') return stay(state);
  if (!context.hasEmailField) return stay(stopped('noField'));
  return { state: { status: 'checking' }, effects: [{ type: 'checkAutofill', key: `${AUTOFILL_KEYS}check` }] };
}

/**
 * Another Main action started (the slot host's `abort`, sent before that action's own request):
 * the pending conditional request is cancelled — its signal aborts — and autofill stops for good.
 */
export function abortAutofill(state: AutofillState): AutofillStep {
  if (state.status === 'stopped') return stay(state);
  // Aborted before it started: it never will.
  if (state.status === 'idle') return stay(stopped('aborted'));
  const tries = state.status === 'checking' ? 0 : state.tries;
  return { state: stopped('aborted', tries), effects: [{ type: 'cancel', prefix: AUTOFILL_KEYS }] };
}

/** How long to wait after failed try number `tries` before the next. */
function retryDelay(tries: number, error: AuthError): number {
  return Math.max(AUTOFILL_RETRY_BASE_MS * 2 ** (tries - 1), error.retryAfterMs ?? 0);
}

/**
 * A failed try. Declined: stop, silently. Otherwise it counts a try (the fifth stops it), and the
 * visitor is told only what answers a pick (an unknown passkey, the provider's refusal), as the
 * button tells it: a network fault, a timeout or an empty answer may have come before any pick
 * (the request's start), so nobody asked to hear about it, and the button still works.
 */
function onFailure(state: Extract<AutofillState, { readonly status: 'listening' }>, error: AuthError): AutofillStep {
  if (error.code === 'passkey_cancelled') return stay(stopped('declined', state.tries));
  // The browser cannot wait in the field after all (the SDK found no autofill), or something broke
  // on this side: asking again would fail the same way; the button stays.
  if (error.code === 'unexpected' && !error.retryable) return stay(stopped('unsupported', state.tries));
  const answersPick = !error.retryable && (error.code === 'webauthn_registration_not_found' || error.providerType !== undefined);
  const told: Pick<AutofillStep, 'tell'> = answersPick ? { tell: error } : {};
  const report: CommonEffect<AutofillEvent>[] = answersPick ? [{ type: 'reportError', error }] : [];
  if (state.tries >= AUTOFILL_MAX_TRIES) return { state: stopped('exhausted', state.tries), effects: report, ...told };
  return {
    state: { status: 'waiting', tries: state.tries },
    effects: [...report, { type: 'timer', key: `${AUTOFILL_KEYS}retry`, delayMs: retryDelay(state.tries, error), event: { type: 'autofillRetry' } }],
    ...told,
  };
}

/** The autofill policy as a pure machine (SPEC §4, §9). */
export function autofillTransition(state: AutofillState, event: AutofillEvent, context: AutofillContext): AutofillStep {
  switch (event.type) {
    case 'autofillChecked':
      if (state.status !== 'checking') return stay(state);
      if (!event.supported) return stay(stopped('unsupported'));
      // Something started meanwhile (its abort came before this answer, or it is on its way): no request beside it.
      if (context.mainBusy) return stay(stopped('aborted'));
      return request(1, context);
    case 'autofillSignedIn':
      if (state.status !== 'listening') return stay(state);
      return { state: stopped('signedIn', state.tries), effects: [], signedIn: true };
    case 'autofillFailed':
      if (state.status !== 'listening') return stay(state);
      return onFailure(state, event.error);
    case 'autofillRetry':
      if (state.status !== 'waiting') return stay(state);
      if (context.mainBusy) return stay(stopped('aborted', state.tries));
      return request(state.tries + 1, context);
  }
}

/** The policy before the widget starts it. */
export const initialAutofill = (): AutofillState => ({ status: 'idle' });
