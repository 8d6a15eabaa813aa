import { failedBackToMain } from '../../main-failure';
import { errorMessage } from '../../../domain/errors/error-catalogue';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../../domain/retry/retry-countdown';
import { isWaiting } from '../../../domain/retry/retry-window';
import type { CommonEffect } from '../../../flows/common-effects';
import { magicLinkRequest } from '../../../domain/redirects/return-urls';
import { validateEmail } from '../../../domain/validation/email';
import { recordReturnTo, recordText, type ScreenRecord } from '../../screen-record';
import type { EmailSubmittedAction, ProductContext, ProductStep, WidgetInput } from '../../widget.types';
import type { MagicLinkEffect, MagicLinkEvent, MagicLinkState } from './magic-link.types';

type Step = ProductStep<MagicLinkState, MagicLinkEffect | CommonEffect<MagicLinkEvent>>;
const stay = (state: MagicLinkState): Step => ({ state, effects: [] });

const tick = () => retryTick<MagicLinkEvent>('magicLink', { type: 'tick' });

/**
 * After a resend, 'Resend email' waits this long (counting down), so presses in a row send one
 * e-mail and stack one toast (issue 16 §18); the provider's own rate limit is the next guard.
 */
const RESEND_COOLDOWN_MS = 30_000;

const send = (input: WidgetInput, email: string, purpose: 'send' | 'resend'): MagicLinkEffect => ({
  type: 'sendMagicLink',
  key: 'magicLink:send',
  request: magicLinkRequest(input, email),
  purpose,
});

/**
 * Main's e-mail form was submitted with a valid address, or another product handed the visitor
 * over (a passwordless user at passwords): send the link (Main shows it busy).
 */
export function enterMagicLink(action: EmailSubmittedAction, context: ProductContext): Step {
  return { state: { screen: 'sending', email: action.email, returnTo: action.returnTo ?? null }, effects: [send(context.input, action.email, 'send')] };
}

/** The magic-link product as a pure machine (SPEC §2 E-mail confirmation, §4 transitions). */
export function magicLinkTransition(state: MagicLinkState, event: MagicLinkEvent, context: ProductContext): Step {
  switch (event.type) {
    case 'sent':
      if (state.screen !== 'sending') return stay(state);
      return {
        state: { screen: 'confirmation', email: state.email, returnTo: state.returnTo, resending: false, error: null, retry: null, cooldown: null },
        effects: [{ type: 'telemetry', event: { name: 'email_sent', details: { email: state.email, type: 'login_or_create_eml' } } }],
      };

    case 'sendFailed':
      if (state.screen !== 'sending') return stay(state);
      // Back on Main with the address kept and the reason with the field or for the form.
      return { state, effects: [{ type: 'reportError', error: event.error }], output: failedBackToMain(event.error, context.now) };

    case 'resendClicked':
      if (state.screen !== 'confirmation' || state.resending) return stay(state);
      if (isWaiting(state.retry, context.now) || isWaiting(state.cooldown, context.now)) return stay(state);
      return { state: { ...state, resending: true, error: null, retry: null, cooldown: null }, effects: [send(context.input, state.email, 'resend')] };

    case 'resent':
      if (state.screen !== 'confirmation' || !state.resending) return stay(state);
      return {
        state: { ...state, resending: false, cooldown: { until: context.now + RESEND_COOLDOWN_MS, now: context.now } },
        effects: [
          tick(),
          { type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } },
          { type: 'telemetry', event: { name: 'email_sent', details: { email: state.email, type: 'login_or_create_eml' } } },
        ],
      };

    case 'resendFailed': {
      if (state.screen !== 'confirmation' || !state.resending) return stay(state);
      const retry = retryWindowAfter(event.error, context.now);
      return {
        state: { ...state, resending: false, error: errorMessage(event.error), retry },
        effects: [{ type: 'reportError', error: event.error }, ...(retry === null ? [] : [tick()])],
      };
    }

    case 'tick': {
      if (state.screen !== 'confirmation' || (state.retry === null && state.cooldown === null)) return stay(state);
      // One timer for both waits: it runs while either is open.
      const retry = tickRetryWindow(state.retry, context.now);
      const cooldown = tickRetryWindow(state.cooldown, context.now);
      return { state: { ...state, retry, cooldown }, effects: retry === null && cooldown === null ? [] : [tick()] };
    }

    case 'tryAgainClicked':
      if (state.screen !== 'confirmation') return stay(state);
      return {
        state,
        effects: [
          // A resend still in flight belongs to the address being abandoned.
          { type: 'cancel', key: 'magicLink:send' },
          { type: 'telemetry', event: { name: 'email_try_again_clicked', details: { email: state.email, type: 'login_or_create_eml' } } },
        ],
        // SPEC §2: 'Try again' clears the stored magic-link e-mail and returns to Main.
        output: { type: 'showMain', email: '' },
      };

    case 'returnClicked':
      // A resend on its way keeps the way back closed, as every other control on this screen.
      if (state.screen !== 'confirmation' || state.returnTo === null || state.resending) return stay(state);
      // The same action back to the product that handed it over: it knows the visitor returned.
      return { state, effects: [], output: { type: 'handoff', to: state.returnTo, action: { type: 'emailSubmitted', email: state.email, returnTo: state.returnTo } } };
  }
}

/** 'Check your email' as a record a reload brings back (the address and the way back; issue 16 §13). */
export const magicLinkSnapshot = (state: MagicLinkState): ScreenRecord | null =>
  state.screen === 'confirmation' ? { screen: 'confirmation', email: state.email, returnTo: state.returnTo } : null;

/** 'Check your email' again after a reload: nothing is resent (the link already went out). */
export function resumeMagicLink(record: ScreenRecord, context: ProductContext): Step | null {
  const email = recordText(record, 'email');
  const returnTo = recordReturnTo(record, context.input.products);
  if (record['screen'] !== 'confirmation' || email === null || validateEmail(email, 'magicLink') !== null || returnTo === undefined) return null;
  return stay({ screen: 'confirmation', email, returnTo, resending: false, error: null, retry: null, cooldown: null });
}
