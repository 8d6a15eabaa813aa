import { failedBackToMain } from '../../main-failure';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../../../domain/config/widget-config';
import type { AuthError, AuthErrorCode } from '../../../domain/errors/auth-error';
import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../../domain/retry/retry-countdown';
import { isWaiting } from '../../../domain/retry/retry-window';
import type { CommonEffect } from '../../../flows/common-effects';
import { PASSCODE_LENGTH, passcodeDigits, passcodeExpirationMinutes, passcodeRequest } from '../../../domain/passcodes/passcode-request';
import type { PasscodeChannel } from '../../../ports/passcodes.port';
import { webCallbackPath } from '../../../domain/redirects/return-urls';
import { recordChoice, recordReturnTo, recordText, type ScreenRecord } from '../../screen-record';
import type { EmailSubmittedAction, ProductContext, ProductId, ProductStep, SlotAction } from '../../widget.types';
import type { PhoneCodeSent } from './phone-form.machine';
import type { PasscodeEntryState, PasscodesEffect, PasscodesEvent, PasscodesState } from './passcodes.types';

type Step = ProductStep<PasscodesState, PasscodesEffect | CommonEffect<PasscodesEvent>>;
const stay = (state: PasscodesState): Step => ({ state, effects: [] });

/** SPEC §9: 'Code sent' lasts 2 seconds, then the resend control is 'waiting'. */
export const CODE_SENT_MS = 2_000;
/** The expiry countdown (`m:ss`) moves each second. */
const TICK_MS = 1_000;

/** Failures after which the provider may have verified (and spent) the code without our hearing. */
const ANSWER_LOST: ReadonlySet<AuthErrorCode> = new Set<AuthErrorCode>(['network_unreachable', 'timeout', 'invalid_response']);

/** The provider's type for a code that can no longer be used: it expired (or was spent). */
const CODE_EXPIRED = 'unable_to_auth_otp_code';

const tick = (): CommonEffect<PasscodesEvent> => ({ type: 'timer', key: 'passcodes:tick', delayMs: TICK_MS, event: { type: 'tick' } });
// A timer of its own, so a wait counts whole seconds from the answer that imposed it while the
// expiry countdown keeps its own rhythm (and stops when the code expires).
const retryTimer = () => retryTick<PasscodesEvent>('passcodes', { type: 'retryTick' });

/**
 * When a code sent now expires: the configured expiry the request stated, or `null` when it stated
 * none (the provider's own setting applies, which this client does not know: no countdown).
 */
function expiresAtFor(context: ProductContext): number | null {
  const minutes = passcodeExpirationMinutes(context.input.config);
  return minutes === undefined ? null : context.now + minutes * 60_000;
}

/** The countdown's first tick, when there is a countdown. */
const countdown = (expiresAt: number | null) => (expiresAt === null ? [] : [tick()]);

const send = (context: ProductContext, channel: PasscodeChannel, destination: string, purpose: 'send' | 'resend'): PasscodesEffect => ({
  type: 'sendPasscode',
  key: 'passcodes:send',
  request: passcodeRequest(context.input.config, channel, destination),
  purpose,
});

/** WebOTP reads codes from SMS only: an SMS code is listened for as it arrives (one code per listen). */
const listenForSms = (channel: PasscodeChannel): PasscodesEffect[] => (channel === 'sms' ? [{ type: 'listenForSmsCode', key: 'passcodes:webOtp' }] : []);

/** Passcode entry for a code that just went out (SPEC §4: OTP state stored, then Passcode entry). */
function entry(
  action: { readonly channel: PasscodeChannel; readonly destination: string; readonly methodId: string },
  context: ProductContext,
  returnTo: ProductId | null = null,
  expiresAt: number | null = expiresAtFor(context),
  expired = false,
): Step {
  const state: PasscodeEntryState = {
    screen: 'entry',
    channel: action.channel,
    destination: action.destination,
    methodId: action.methodId,
    code: '',
    verifying: false,
    refused: null,
    unanswered: null,
    error: null,
    expiresAt,
    expired,
    resend: 'initial',
    retry: null,
    now: context.now,
    returnTo,
  };
  return { state, effects: [...countdown(expiresAt), ...listenForSms(action.channel)] };
}

/**
 * Starts the product: Main's e-mail form sends an e-mail code (Main shows it busy); a phone code
 * already sent from Main's phone form goes straight to Passcode entry.
 */
export function enterPasscodes(action: EmailSubmittedAction | SlotAction<PhoneCodeSent>, context: ProductContext): Step {
  if (action.type === 'slotAction') return entry(action.detail, context);
  return { state: { screen: 'sending', channel: 'email', destination: action.email, returnTo: action.returnTo ?? null }, effects: [send(context, 'email', action.email, 'send')] };
}

const waiting = (state: PasscodeEntryState, now: number) => isWaiting(state.retry, now);

/** The code changed: keep it, and verify as soon as it has 6 digits (SPEC §5). */
function codeChanged(state: PasscodeEntryState, value: string, context: ProductContext): Step {
  if (state.verifying || waiting(state, context.now)) return stay(state);
  const code = passcodeDigits(value);
  // A changed code makes the old message stale; the same code keeps it (e.g. the wrong one, re-pasted).
  const next: PasscodeEntryState = { ...state, code, error: code === state.code ? state.error : null };
  // A refused code is not sent again; one that failed on the way (network, timeout) may be, re-pasted.
  if (code.length < PASSCODE_LENGTH || code === state.refused) return stay(next);
  const sessionDurationMinutes = context.input.config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;
  return {
    state: { ...next, verifying: true, error: null },
    effects: [{ type: 'verifyPasscode', key: 'passcodes:verify', code, methodId: state.methodId, sessionDurationMinutes }],
  };
}

/** A failure shown under the code input; a `Retry-After` holds the input and the resend control. */
function entryFailure(
  state: PasscodeEntryState,
  error: AuthError,
  context: ProductContext,
  patch: Partial<PasscodeEntryState>,
  message: MessageRef = errorMessage(error),
): Step {
  const retry = retryWindowAfter(error, context.now);
  return {
    state: { ...state, ...patch, error: message, retry },
    effects: [{ type: 'reportError', error }, ...(retry === null ? [] : [retryTimer()])],
  };
}

/** The passcodes product as a pure machine (SPEC §2 Passcode entry, §4, §5, §8, §9). */
export function passcodesTransition(state: PasscodesState, event: PasscodesEvent, context: ProductContext): Step {
  if (state.screen === 'sending') {
    switch (event.type) {
      case 'sent':
        return entry({ channel: state.channel, destination: state.destination, methodId: event.methodId }, context, state.returnTo);
      case 'sendFailed':
        // Back on Main with the address kept and the reason with the field or for the form.
        return { state, effects: [{ type: 'reportError', error: event.error }], output: failedBackToMain(event.error, context.now) };
      default:
        return stay(state);
    }
  }

  switch (event.type) {
    case 'codeChanged':
      return codeChanged(state, event.value, context);

    case 'returnClicked':
      // A code being checked keeps the way back closed, as the link's confirmation does while resending.
      if (state.returnTo === null || state.verifying) return stay(state);
      // The same action back to the product that handed it over: it knows the visitor returned.
      return { state, effects: [], output: { type: 'handoff', to: state.returnTo, action: { type: 'emailSubmitted', email: state.destination, returnTo: state.returnTo } } };

    case 'codeReceived':
      // The SMS brings the whole code: it replaces whatever was typed (unless the input takes no
      // typing now: verifying, or waiting out `Retry-After`; then what is there stays).
      if (state.verifying || waiting(state, context.now)) return stay(state);
      return codeChanged({ ...state, code: '' }, event.code, context);

    case 'verified':
      if (!state.verifying) return stay(state);
      return {
        state,
        effects: [
          { type: 'cancel', prefix: 'passcodes:' },
          { type: 'announceCompletion', channel: state.channel },
          { type: 'handOffSession', token: event.signIn.sessionToken },
        ],
        // SPEC §2: 'Success!' and 'Your passcode has been successfully verified.', then the session
        // is handed on (in this tab's storage: the router's state holds only the path).
        output: { type: 'completed', title: 'success.title', text: 'passcodes.verified', destination: webCallbackPath(context.input.returnContext) },
      };

    case 'verifyFailed': {
      if (!state.verifying) return stay(state);
      const { error } = event;
      if (error.providerType === CODE_EXPIRED) {
        // SPEC §8 expiry: 'Your code has expired.', once, in the countdown's place. The provider
        // knows best (its clock may be ahead of ours, or the expiry was its own setting, unknown
        // here); its own words beside it would say it twice. The countdown stops at the next tick.
        const expired: PasscodeEntryState = { ...state, verifying: false, refused: state.code, error: null, expired: true, now: context.now };
        return { state: expired, effects: [{ type: 'reportError', error }] };
      }
      // The attempt whose answer was lost probably used this code: 'Invalid passcode' would leave
      // the visitor retyping a spent code, so they are pointed to Resend.
      const probablyUsed = error.code === 'otp_code_not_found' && state.code === state.unanswered;
      const patch = { verifying: false, refused: error.retryable ? null : state.code, unanswered: ANSWER_LOST.has(error.code) ? state.code : state.unanswered };
      return entryFailure(state, error, context, patch, probablyUsed ? { key: 'passcodes.codeProbablyUsed' } : undefined);
    }

    case 'resendClicked':
      if (state.verifying || state.resend === 'sending' || state.resend === 'sent' || waiting(state, context.now)) return stay(state);
      return { state: { ...state, resend: 'sending', error: null }, effects: [send(context, state.channel, state.destination, 'resend')] };

    case 'resent': {
      if (state.resend !== 'sending') return stay(state);
      // A fresh code: a fresh expiry, and the typed digits belonged to the old one. The countdown
      // restarts with it (it had stopped if the old code expired), and a new SMS is listened for.
      const expiresAt = expiresAtFor(context);
      return {
        state: { ...state, resend: 'sent', methodId: event.methodId, code: '', refused: null, unanswered: null, error: null, expiresAt, expired: false, now: context.now },
        effects: [
          { type: 'timer', key: 'passcodes:codeSent', delayMs: CODE_SENT_MS, event: { type: 'resendSettled' } },
          ...countdown(expiresAt),
          ...listenForSms(state.channel),
          // SPEC §7: on resend, a toast 'Email resent' appears (a text's resend says 'Code sent' only).
          ...(state.channel === 'email' ? [{ type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } } as const] : []),
        ],
      };
    }

    case 'resendFailed':
      if (state.resend !== 'sending') return stay(state);
      return entryFailure(state, event.error, context, { resend: 'waiting' });

    case 'resendSettled':
      return state.resend === 'sent' ? stay({ ...state, resend: 'waiting' }) : stay(state);

    case 'tick': {
      // The countdown runs until the code expires (or the provider said it had).
      if (state.expiresAt === null) return stay(state);
      const expired = state.expired || context.now >= state.expiresAt;
      return { state: { ...state, now: context.now, expired }, effects: expired ? [] : [tick()] };
    }

    case 'retryTick': {
      if (state.retry === null) return stay(state);
      const retry = tickRetryWindow(state.retry, context.now);
      // The wait is over: its message goes with it, and the input and Resend are back.
      if (retry === null) return stay({ ...state, retry, error: null });
      return { state: { ...state, retry }, effects: [retryTimer()] };
    }

    case 'sent':
    case 'sendFailed':
      return stay(state);
  }
}

/**
 * Passcode entry as a record a reload brings back (issue 16 §13): where the code went, the method
 * it is verified against and when it expires — never the code typed.
 */
export function passcodesSnapshot(state: PasscodesState): ScreenRecord | null {
  if (state.screen !== 'entry') return null;
  return { screen: 'entry', channel: state.channel, destination: state.destination, methodId: state.methodId, expiresAt: state.expiresAt, expired: state.expired, returnTo: state.returnTo };
}

/** Passcode entry again after a reload, its countdown where it was (nothing is resent); `null` for what the product did not write. */
export function resumePasscodes(record: ScreenRecord, context: ProductContext): Step | null {
  const channel = recordChoice(record, 'channel', ['email', 'sms', 'whatsapp'] as const);
  const destination = recordText(record, 'destination');
  const methodId = recordText(record, 'methodId', 200);
  const { expiresAt, expired } = record;
  const returnTo = recordReturnTo(record, context.input.products);
  if (record['screen'] !== 'entry' || channel === null || destination === null || methodId === null || methodId === '' || returnTo === undefined) return null;
  // No expiry is known when the configuration names none (the provider's own applies).
  if ((expiresAt !== null && (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt))) || typeof expired !== 'boolean') return null;
  return entry({ channel, destination, methodId }, context, returnTo, expiresAt, expired);
}
