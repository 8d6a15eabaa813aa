import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import { authError } from '../../../domain/errors/auth-error';
import type { EmailSubmittedAction, ProductContext } from '../../widget.types';
import { enterMagicLink, magicLinkTransition } from './magic-link.machine';
import type { MagicLinkEvent } from './magic-link.types';
import { magicLinkView } from './magic-link.view';

const EMAIL = 'ada@example.com';
const SUBMITTED: EmailSubmittedAction = { type: 'emailSubmitted', email: EMAIL };
const EMAIL_SENT = { type: 'telemetry', event: { name: 'email_sent', details: { email: EMAIL, type: 'login_or_create_eml' } } };
const RETRY_TICK = { type: 'timer', key: 'magicLink:retry-tick', delayMs: 1_000, event: { type: 'tick' } };

function at(now = 1_000): ProductContext {
  return {
    now,
    input: { config: { products: ['emailMagicLinks', 'passwords'] }, returnContext: { redirect: null, source: null }, products: ALL_PRODUCTS, origin: 'http://localhost:5199' },
    senderDomain: null,
    passwordRule: null,
  };
}

/** Enters with `action` and plays events (each at its time, else 1 000); returns the last step. */
function play(events: ReadonlyArray<MagicLinkEvent | readonly [number, MagicLinkEvent]>, action: EmailSubmittedAction = SUBMITTED) {
  let step = enterMagicLink(action, at());
  for (const entry of events) {
    const [now, event] = Array.isArray(entry) ? (entry as readonly [number, MagicLinkEvent]) : [1_000, entry as MagicLinkEvent];
    step = magicLinkTransition(step.state, event, at(now));
  }
  return step;
}

const viewOf = (step: ReturnType<typeof play>) => magicLinkView(step.state, at());
const sent: MagicLinkEvent = { type: 'sent', email: EMAIL };

describe('magic-link machine: sending from Main (SPEC §2 E-mail confirmation, §4)', () => {
  it('sends the link while Main shows it busy, then shows the confirmation', () => {
    const sending = play([]);
    expect(sending.effects).toEqual([{ type: 'sendMagicLink', key: 'magicLink:send', request: expect.objectContaining({ email: EMAIL, loginRedirectUrl: 'http://localhost:5199/login/callback' }), purpose: 'send' }]);
    expect(viewOf(sending).screen).toBeNull();
    const confirmed = play([sent]);
    expect(confirmed.effects).toEqual([EMAIL_SENT]);
    expect(viewOf(confirmed)).toMatchObject({ screen: 'confirmation', email: EMAIL, resending: false, error: null, retryInSeconds: null, returnLabel: null });
  });

  it('goes back to Main with the reason for the form, and the Retry-After wait, when the link cannot be sent', () => {
    const error = authError('too_many_requests', { retryAfterMs: 5_000 });
    const failed = play([[2_000, { type: 'sendFailed', error }]]);
    expect(failed.output).toEqual({ type: 'showMain', error: { key: 'error.too_many_requests' }, errorFor: 'form', retryAt: 7_000 });
    expect(failed.effects).toEqual([{ type: 'reportError', error }]);
    expect(play([{ type: 'sendFailed', error: authError('network_unreachable') }]).output).toEqual({ type: 'showMain', error: { key: 'error.network_unreachable' }, errorFor: 'form' });
  });
});

describe('magic-link machine: the confirmation', () => {
  it("resends the link and says so ('Email resent')", () => {
    const resending = play([sent, { type: 'resendClicked' }]);
    expect(resending.effects).toEqual([expect.objectContaining({ type: 'sendMagicLink', purpose: 'resend' })]);
    expect(viewOf(resending).resending).toBe(true);
    const resent = play([sent, { type: 'resendClicked' }, { type: 'resent' }]);
    expect(resent.effects).toEqual([RETRY_TICK, { type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } }, EMAIL_SENT]);
  });

  it('holds Resend through a 429 with Retry-After, counting the seconds down from the answer', () => {
    const error = authError('too_many_requests', { retryAfterMs: 2_500 });
    const failed = play([sent, { type: 'resendClicked' }, [1_500, { type: 'resendFailed', error }]]);
    expect(failed.effects).toEqual([{ type: 'reportError', error }, RETRY_TICK]);
    expect(viewOf(failed)).toMatchObject({ resending: false, error: { key: 'error.too_many_requests' }, retryInSeconds: 3 });
    expect(magicLinkTransition(failed.state, { type: 'resendClicked' }, at(2_000)).effects).toEqual([]);
    const seconds: Array<number | null> = [];
    let step = failed;
    for (const now of [2_500, 3_500, 4_500]) {
      step = magicLinkTransition(step.state, { type: 'tick' }, at(now));
      seconds.push(magicLinkView(step.state, at(now)).retryInSeconds);
    }
    expect(seconds).toEqual([2, 1, null]);
    expect(step.effects).toEqual([]);
    expect(magicLinkTransition(step.state, { type: 'resendClicked' }, at(4_500)).effects).toEqual([expect.objectContaining({ type: 'sendMagicLink', purpose: 'resend' })]);
  });

  it('holds Resend for a cooldown after each resend (issue 16 §18): three presses send one e-mail and one toast', () => {
    const resent = play([sent, { type: 'resendClicked' }, [1_200, { type: 'resent' }]]);
    expect(resent.effects).toContainEqual({ type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } });
    expect(magicLinkView(resent.state, at(1_200))).toMatchObject({ resending: false, resendInSeconds: 30, retryInSeconds: null });
    // Pressed twice more within the cooldown: nothing is sent, no toast.
    let step = resent;
    for (const now of [1_500, 2_000]) {
      step = magicLinkTransition(step.state, { type: 'resendClicked' }, at(now));
      expect(step.effects.filter((effect) => effect.type === 'sendMagicLink' || effect.type === 'toast')).toEqual([]);
    }
    // The countdown moves on the tick and ends with the cooldown; Resend then sends again.
    step = magicLinkTransition(step.state, { type: 'tick' }, at(21_200));
    expect(magicLinkView(step.state, at(21_200)).resendInSeconds).toBe(10);
    step = magicLinkTransition(step.state, { type: 'tick' }, at(31_200));
    expect(magicLinkView(step.state, at(31_200)).resendInSeconds).toBeNull();
    expect(magicLinkTransition(step.state, { type: 'resendClicked' }, at(31_200)).effects).toEqual([expect.objectContaining({ type: 'sendMagicLink', purpose: 'resend' })]);
  });

  it("'Try again' clears the stored e-mail and returns to Main, dropping a resend on its way", () => {
    const step = play([sent, { type: 'resendClicked' }, { type: 'tryAgainClicked' }]);
    expect(step.output).toEqual({ type: 'showMain', email: '' });
    expect(step.effects).toContainEqual({ type: 'cancel', key: 'magicLink:send' });
  });
});

describe('magic-link machine: handed over by another product (SPEC §2 Passwordless choice)', () => {
  const fromPasswords: EmailSubmittedAction = { type: 'emailSubmitted', email: EMAIL, returnTo: 'passwords' };

  it("offers 'Create a password instead' beside the confirmation, and hands the visitor back with the same action", () => {
    const confirmed = play([sent], fromPasswords);
    expect(viewOf(confirmed)).toMatchObject({ screen: 'confirmation', email: EMAIL, returnLabel: 'password.createInstead' });
    const back = play([sent, { type: 'returnClicked' }], fromPasswords);
    expect(back.output).toEqual({ type: 'handoff', to: 'passwords', action: fromPasswords });
  });

  it('keeps the way back closed while a resend is on its way, and offers none when entered from Main', () => {
    expect(play([sent, { type: 'resendClicked' }, { type: 'returnClicked' }], fromPasswords).output).toBeUndefined();
    expect(play([sent, { type: 'returnClicked' }]).output).toBeUndefined();
  });
});
