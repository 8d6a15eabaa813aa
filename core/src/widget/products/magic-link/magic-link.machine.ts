import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { CommonEffect } from '../../../flows/common-effects';
import { magicLinkRequest } from '../../return-urls';
import type { EmailSubmittedAction, ProductContext, ProductStep, WidgetInput } from '../../widget.types';
import type { MagicLinkEffect, MagicLinkEvent, MagicLinkState } from './magic-link.types';

type Step = ProductStep<MagicLinkState, MagicLinkEffect | CommonEffect<MagicLinkEvent>>;
const stay = (state: MagicLinkState): Step => ({ state, effects: [] });

/** Countdown ticks while an action waits for `Retry-After`. */
const TICK_MS = 1000;
const tick = (): CommonEffect<MagicLinkEvent> => ({ type: 'timer', key: 'magicLink:tick', delayMs: TICK_MS, event: { type: 'tick' } });

const send = (input: WidgetInput, email: string, purpose: 'send' | 'resend'): MagicLinkEffect => ({
  type: 'sendMagicLink',
  key: 'magicLink:send',
  request: magicLinkRequest(input, email),
  purpose,
});

/** Main's e-mail form was submitted with a valid address: send the link (Main shows it busy). */
export function enterMagicLink(action: EmailSubmittedAction, context: ProductContext): Step {
  return { state: { screen: 'sending', email: action.email }, effects: [send(context.input, action.email, 'send')] };
}

/** The magic-link product as a pure machine (SPEC §2 E-mail confirmation, §4 transitions). */
export function magicLinkTransition(state: MagicLinkState, event: MagicLinkEvent, context: ProductContext): Step {
  switch (event.type) {
    case 'sent':
      if (state.screen !== 'sending') return stay(state);
      return {
        state: { screen: 'confirmation', email: state.email, resending: false, error: null, retryAt: null, now: context.now },
        effects: [{ type: 'telemetry', event: { name: 'email_sent', details: { email: state.email, type: 'login_or_create_eml' } } }],
      };

    case 'sendFailed': {
      if (state.screen !== 'sending') return stay(state);
      const retryAt = event.error.retryAfterMs === undefined ? undefined : context.now + event.error.retryAfterMs;
      return {
        state,
        effects: [{ type: 'reportError', error: event.error }],
        // Back on Main with the address kept and the reason under the field.
        output: { type: 'showMain', error: errorMessage(event.error), ...(retryAt === undefined ? {} : { retryAt }) },
      };
    }

    case 'resendClicked':
      if (state.screen !== 'confirmation' || state.resending) return stay(state);
      if (state.retryAt !== null && context.now < state.retryAt) return stay(state);
      return { state: { ...state, resending: true, error: null, retryAt: null }, effects: [send(context.input, state.email, 'resend')] };

    case 'resent':
      if (state.screen !== 'confirmation' || !state.resending) return stay(state);
      return {
        state: { ...state, resending: false },
        effects: [
          { type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } },
          { type: 'telemetry', event: { name: 'email_sent', details: { email: state.email, type: 'login_or_create_eml' } } },
        ],
      };

    case 'resendFailed': {
      if (state.screen !== 'confirmation' || !state.resending) return stay(state);
      const retryAt = event.error.retryAfterMs === undefined ? null : context.now + event.error.retryAfterMs;
      return {
        state: { ...state, resending: false, error: errorMessage(event.error), retryAt, now: context.now },
        effects: [{ type: 'reportError', error: event.error }, ...(retryAt === null ? [] : [tick()])],
      };
    }

    case 'tick':
      if (state.screen !== 'confirmation' || state.retryAt === null) return stay(state);
      if (context.now >= state.retryAt) return stay({ ...state, retryAt: null, now: context.now });
      return { state: { ...state, now: context.now }, effects: [tick()] };

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
  }
}
