import { DEFAULT_SESSION_DURATION_MINUTES } from '../../../domain/config/widget-config';
import type { AuthError } from '../../../domain/errors/auth-error';
import { destinationOf } from '../../../domain/redirects/safe-redirect';
import type { CommonEffect } from '../../../flows/common-effects';
import { failedBackToMain } from '../../main-failure';
import type { MainAction, ProductContext, ProductStep } from '../../widget.types';
import { passkeyFailureNotice } from './passkeys.slot';
import type { PasskeysActionDetail, PasskeysEffect, PasskeysEvent, PasskeysState } from './passkeys.types';

/**
 * How long the button's sign-in may take before the visitor is told it timed out. Longer than a
 * provider call's 15 s: the call includes the browser's sheet, where the visitor unlocks the
 * device or fetches a security key (the provider's own WebAuthn timeout is minutes). A hung
 * request still ends in a message, never a spinner that stays.
 */
export const PASSKEY_SIGN_IN_TIMEOUT_MS = 120_000;

type Step = ProductStep<PasskeysState, PasskeysEffect | CommonEffect<PasskeysEvent>>;

const ENDED: PasskeysState = { step: 'ended' };

/** The session length the configuration asks for (SPEC §3 `sessionOptions`). */
const passkeySessionMinutes = (context: Pick<ProductContext, 'input'>): number =>
  context.input.config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;

const isAutofillSignIn = (action: MainAction): boolean =>
  action.type === 'slotAction' && typeof action.detail === 'object' && action.detail !== null && (action.detail as Partial<PasskeysActionDetail>).via === 'autofill';

/**
 * SPEC §2 passkey confirmation: 'Success!' / 'You have successfully logged in.', then the
 * destination. The provider's SDK set the session itself (the passkeys port hands back the session,
 * not its token), so there is nothing to hand to `/login/callback/web`: the page goes where the
 * return context says, as the sign-in return page does once it has authenticated.
 */
function signedIn(context: ProductContext): Step {
  return { state: ENDED, effects: [], output: { type: 'completed', title: 'success.title', text: 'success.loggedIn', destination: destinationOf(context.input.returnContext) } };
}

/** Back on Main after a failed sign-in: where the visitor acted (the passkey button), with SPEC §8's words. */
function failed(error: AuthError, context: ProductContext): Step {
  // Closed or declined the browser's sheet: they are where they were, with nothing to read.
  if (error.code === 'passkey_cancelled') return { state: ENDED, effects: [], output: { type: 'showMain' } };
  // The faults every product meets: their messages, a retry that works, a 429's countdown.
  if (error.retryable) return { state: ENDED, effects: [{ type: 'reportError', error }], output: failedBackToMain(error, context.now) };
  const notice = passkeyFailureNotice(error);
  return {
    state: ENDED,
    effects: [{ type: 'reportError', error }, ...(notice.toast === null ? [] : [{ type: 'toast', kind: 'error', message: notice.toast } as const])],
    output: { type: 'showMain', error: notice.message, errorFor: 'form' },
  };
}

/**
 * Entered from Main's passkey slot: the button asks for the browser's sheet (SPEC §7 webauthn
 * authenticate, no conditional mediation; the slot host aborted any pending autofill first), and
 * an autofill that already signed the visitor in only ends.
 */
export function enterPasskeys(action: MainAction, context: ProductContext): Step {
  if (isAutofillSignIn(action)) return signedIn(context);
  return { state: { step: 'signingIn' }, effects: [{ type: 'authenticate', key: 'authenticate', sessionDurationMinutes: passkeySessionMinutes(context) }] };
}

/** The passkeys product as a pure machine: one sign-in, then Main or the success screen. */
export function passkeysTransition(state: PasskeysState, event: PasskeysEvent, context: ProductContext): Step {
  if (state.step !== 'signingIn') return { state, effects: [] };
  switch (event.type) {
    case 'signedIn':
      return signedIn(context);
    case 'signInFailed':
      return failed(event.error, context);
  }
}

/** No screen of its own (it works from Main): nothing for a reload to bring back. */
export const passkeysSnapshot = (): null => null;

/** See {@link passkeysSnapshot}: no record is one of the passkeys product's. */
export const resumePasskeys = (): null => null;
