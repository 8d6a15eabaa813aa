import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import type { WidgetConfig } from '../../../domain/config/widget-config';
import { authError, type AuthError } from '../../../domain/errors/auth-error';
import { providerError } from '../../../domain/errors/provider-error';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import type { PasscodeChannel, PasscodeSignIn } from '../../../ports/passcodes.port';
import type { ProductContext, SlotAction } from '../../widget.types';
import type { PhoneCodeSent } from './phone-form.machine';
import { CODE_SENT_MS, enterPasscodes, passcodesTransition } from './passcodes.machine';
import type { PasscodeEntryState, PasscodesEvent, PasscodesState } from './passcodes.types';
import { formatCountdown, passcodesView } from './passcodes.view';

const EMAIL = 'ada@example.com';
const PHONE = '+12015550123';
const T0 = 1_000;
/** The configuration most tests run with: an expiry of 2 minutes, stated on every request. */
const TWO_MINUTES: NonNullable<WidgetConfig['otpOptions']> = { methods: ['email', 'sms', 'whatsapp'], expirationMinutes: 2 };
/** A configuration that names no expiry: the provider's (project's) own setting applies. */
const NO_EXPIRY: Partial<WidgetConfig> = { otpOptions: { methods: ['email', 'sms', 'whatsapp'] } };

function contextWith(config: Partial<WidgetConfig> = {}, now = T0): ProductContext {
  return {
    now,
    input: {
      config: { products: ['otp'], otpOptions: TWO_MINUTES, ...config },
      returnContext: { redirect: '/orders' as SafePath, source: 'web' }, products: ALL_PRODUCTS,
      origin: 'http://localhost:5199',
    },
    senderDomain: null,
    passwordRule: null,
  };
}

const at = (now: number, config: Partial<WidgetConfig> = {}) => contextWith(config, now);

const signIn: PasscodeSignIn = {
  sessionToken: 'session-token-9',
  session: { user: { userId: 'user-9', email: EMAIL, roles: [], untrustedMetadata: {} }, session: { sessionId: 's-9', expiresAt: '2030-01-01T00:00:00Z' } },
};

const sentAction = (channel: PasscodeChannel, destination = channel === 'email' ? EMAIL : PHONE): SlotAction<PhoneCodeSent> => ({
  type: 'slotAction',
  product: 'passcodes',
  email: '',
  // An e-mail code enters Passcode entry the same way once sent.
  detail: { channel: channel as PhoneCodeSent['channel'], destination, methodId: `${channel}-method-1` },
});

/** Passcode entry for a code sent at {@link T0}. */
function entryState(channel: PasscodeChannel = 'sms', context = contextWith()): PasscodeEntryState {
  const { state } = enterPasscodes(sentAction(channel), context);
  if (state.screen !== 'entry') throw new Error('expected Passcode entry');
  return state;
}

/** Plays events (each at its time, else {@link T0}) from `state`; returns the last step. */
function play(state: PasscodesState, events: ReadonlyArray<PasscodesEvent | readonly [number, PasscodesEvent]>, config: Partial<WidgetConfig> = {}) {
  let step: ReturnType<typeof passcodesTransition> = { state, effects: [] };
  for (const entry of events) {
    const [now, event] = Array.isArray(entry) ? (entry as readonly [number, PasscodesEvent]) : [T0, entry as PasscodesEvent];
    step = passcodesTransition(step.state, event, at(now, config));
  }
  return step;
}

const entryOf = (state: PasscodesState): PasscodeEntryState => {
  if (state.screen !== 'entry') throw new Error('expected Passcode entry');
  return state;
};

const viewOf = (state: PasscodesState, config: Partial<WidgetConfig> = {}) => {
  const view = passcodesView(state, contextWith(config));
  if (view.screen !== 'entry') throw new Error('expected the entry view');
  return view;
};

/** The countdown's `m:ss`, or the expiry's status when nothing counts. */
const timeLeft = (state: PasscodesState) => {
  const { expiry } = viewOf(state);
  return expiry.status === 'counting' ? expiry.timeLeft : expiry.status;
};

const typed = (value: string): PasscodesEvent => ({ type: 'codeChanged', value });
const TICK = { type: 'timer', key: 'passcodes:tick', delayMs: 1_000, event: { type: 'tick' } };
const RETRY_TICK = { type: 'timer', key: 'passcodes:retry-tick', delayMs: 1_000, event: { type: 'retryTick' } };

/** The state while the code `123456` is being verified. */
const verifying = (channel: PasscodeChannel = 'sms') => play(entryState(channel), [typed('123456')]).state;

describe('passcodes machine: starting (SPEC §4)', () => {
  it("sends an e-mail code from Main's form while Main shows it busy, with the configured expiry", () => {
    const step = enterPasscodes({ type: 'emailSubmitted', email: EMAIL }, contextWith());
    expect(step.state).toEqual({ screen: 'sending', channel: 'email', destination: EMAIL, returnTo: null });
    expect(step.effects).toEqual([{ type: 'sendPasscode', key: 'passcodes:send', request: { channel: 'email', destination: EMAIL, expirationMinutes: 2 }, purpose: 'send' }]);
    expect(passcodesView(step.state, contextWith())).toEqual({ screen: null });
  });

  it('states the configured expiry, locale and template ids on an e-mail request', () => {
    const config: Partial<WidgetConfig> = {
      otpOptions: { methods: ['email', 'sms'], expirationMinutes: 5, locale: 'fr', loginTemplateId: 'login-tpl', signupTemplateId: 'signup-tpl' },
    };
    const step = enterPasscodes({ type: 'emailSubmitted', email: EMAIL }, contextWith(config));
    expect(step.effects[0]).toMatchObject({
      request: { channel: 'email', destination: EMAIL, expirationMinutes: 5, locale: 'fr', loginTemplateId: 'login-tpl', signupTemplateId: 'signup-tpl' },
    });
  });

  it('states only the expiry on a phone resend (locale and templates are e-mail options, SPEC §7)', () => {
    const config: Partial<WidgetConfig> = { otpOptions: { methods: ['sms'], expirationMinutes: 5, locale: 'fr', loginTemplateId: 'login-tpl', signupTemplateId: 'signup-tpl' } };
    const step = play(entryState('sms', contextWith(config)), [{ type: 'resendClicked' }], config);
    expect(step.effects).toEqual([{ type: 'sendPasscode', key: 'passcodes:send', request: { channel: 'sms', destination: PHONE, expirationMinutes: 5 }, purpose: 'resend' }]);
  });

  it('shows Passcode entry once the e-mail code went out, with the method to verify against', () => {
    const sending = enterPasscodes({ type: 'emailSubmitted', email: EMAIL }, contextWith()).state;
    const step = passcodesTransition(sending, { type: 'sent', methodId: 'email-method-7' }, at(5_000));
    expect(step.state).toEqual({
      screen: 'entry',
      channel: 'email',
      destination: EMAIL,
      methodId: 'email-method-7',
      code: '',
      verifying: false,
      refused: null,
      unanswered: null,
      error: null,
      expiresAt: 5_000 + 120_000,
      expired: false,
      resend: 'initial',
      retry: null,
      now: 5_000,
      returnTo: null,
    });
    expect(step.effects).toEqual([TICK]);
  });

  it('goes back to Main with the reason under the field, and the Retry-After wait, when the e-mail code cannot be sent', () => {
    const sending = enterPasscodes({ type: 'emailSubmitted', email: EMAIL }, contextWith()).state;
    const error = authError('too_many_requests', { retryAfterMs: 4_000 });
    const step = passcodesTransition(sending, { type: 'sendFailed', error }, at(2_000));
    expect(step.output).toEqual({ type: 'showMain', error: { key: 'error.too_many_requests' }, errorFor: 'form', retryAt: 6_000 });
    expect(step.effects).toEqual([{ type: 'reportError', error }]);
    const invalid = passcodesTransition(sending, { type: 'sendFailed', error: providerError('invalid_email', { status: 400, serverMessage: 'bad' }) }, at(2_000));
    expect(invalid.output).toEqual({ type: 'showMain', error: { key: 'error.invalid_email' } });
  });

  it('ignores anything but the send result while the e-mail code is on its way', () => {
    const sending = enterPasscodes({ type: 'emailSubmitted', email: EMAIL }, contextWith()).state;
    for (const event of [typed('123456'), { type: 'resendClicked' }, { type: 'tick' }, { type: 'retryTick' }] as const) {
      expect(passcodesTransition(sending, event, contextWith())).toEqual({ state: sending, effects: [] });
    }
  });

  it.each([
    ['sms', true],
    ['whatsapp', false],
    ['email', false],
  ] as const)('enters Passcode entry for a code sent from the phone form (%s): countdown, WebOTP listening only for SMS', (channel, listens) => {
    const step = enterPasscodes(sentAction(channel), contextWith());
    expect(step.state).toMatchObject({ screen: 'entry', channel, methodId: `${channel}-method-1`, code: '', expiresAt: T0 + 120_000, resend: 'initial' });
    expect(step.effects).toEqual(listens ? [TICK, { type: 'listenForSmsCode', key: 'passcodes:webOtp' }] : [TICK]);
  });

  it('shows the entry screen with its back arrow, the destination and a 2:00 countdown for a 2-minute expiry', () => {
    expect(viewOf(entryState('whatsapp'))).toEqual({
      screen: 'entry',
      channel: 'whatsapp',
      destination: PHONE,
      code: '',
      verifying: false,
      inputDisabled: false,
      error: null,
      expiry: { status: 'counting', timeLeft: '2:00' },
      resend: 'initial',
      canResend: true,
      retryInSeconds: null,
      backArrow: true,
      returnLabel: null,
    });
  });
});

describe('passcodes machine: typing the code (SPEC §5: digits only, at most 6, verified at 6)', () => {
  it('keeps only digits and at most six of them, from typing or a paste', () => {
    expect(play(entryState(), [typed('12a-3')]).state).toMatchObject({ code: '123', verifying: false });
    expect(play(entryState(), [typed(' 12 34 ')]).effects).toEqual([]);
    const pasted = play(entryState(), [typed('Your code: 987-654-321')]);
    expect(pasted.state).toMatchObject({ code: '987654', verifying: true });
  });

  it('verifies exactly once when the sixth digit arrives, with the method and the session duration', () => {
    const five = play(entryState(), [typed('1'), typed('12'), typed('123'), typed('1234'), typed('12345')]);
    expect(five.effects).toEqual([]);
    const six = play(five.state, [typed('123456')]);
    expect(six.state).toMatchObject({ code: '123456', verifying: true, error: null });
    expect(six.effects).toEqual([{ type: 'verifyPasscode', key: 'passcodes:verify', code: '123456', methodId: 'sms-method-1', sessionDurationMinutes: 60 }]);
    expect(play(entryState(), [typed('123456')], { sessionOptions: { sessionDurationMinutes: 30 } }).effects[0]).toMatchObject({ sessionDurationMinutes: 30 });
  });

  it('ignores typing while verifying, and shows the input disabled', () => {
    const state = verifying();
    expect(play(state, [typed('654321')])).toEqual({ state, effects: [] });
    expect(play(state, [{ type: 'codeReceived', code: '654321' }])).toEqual({ state, effects: [] });
    expect(viewOf(state)).toMatchObject({ verifying: true, inputDisabled: true, canResend: false });
  });

  it('keeps what was typed when an SMS code arrives during a Retry-After wait', () => {
    const error = authError('too_many_requests', { retryAfterMs: 5_000 });
    const waiting = play(verifying(), [[2_000, { type: 'verifyFailed', error }]]).state;
    expect(play(waiting, [[3_000, { type: 'codeReceived', code: '654321' }]])).toEqual({ state: waiting, effects: [] });
    expect(play(waiting, [[7_000, { type: 'codeReceived', code: '654321' }]]).state).toMatchObject({ code: '654321', verifying: true });
  });

  it('verifies a code the browser read from the SMS (WebOTP), replacing what was typed', () => {
    const step = play(entryState(), [typed('12'), { type: 'codeReceived', code: '654321' }]);
    expect(step.state).toMatchObject({ code: '654321', verifying: true });
    expect(step.effects).toEqual([expect.objectContaining({ type: 'verifyPasscode', code: '654321' })]);
  });
});

describe('passcodes machine: the verdict', () => {
  it("completes with 'Success!' and the verified text, hands the session to /login/callback/web and tells the integrator (authenticate_flow_complete)", () => {
    const step = play(verifying('whatsapp'), [{ type: 'verified', signIn }]);
    expect(step.output).toEqual({
      type: 'completed',
      title: 'success.title',
      text: 'passcodes.verified',
      destination: '/login/callback/web?redirect=%2Forders&source=web',
    });
    expect(step.effects).toEqual([
      { type: 'cancel', prefix: 'passcodes:' },
      { type: 'announceCompletion', channel: 'whatsapp' },
      // The session rides in this effect (to this tab's storage), never in the address or in state.
      { type: 'handOffSession', token: 'session-token-9' },
    ]);
    expect(JSON.stringify(step.state)).not.toContain('session-token-9');
  });

  it('ignores a verdict nothing asked for', () => {
    const state = entryState();
    expect(play(state, [{ type: 'verified', signIn }])).toEqual({ state, effects: [] });
    expect(play(state, [{ type: 'verifyFailed', error: authError('timeout') }])).toEqual({ state, effects: [] });
  });

  it.each<[string, AuthError, object]>([
    ['a wrong code', providerError('otp_code_not_found', { status: 404, serverMessage: 'nope' }), { key: 'error.otp_code_not_found' }],
    ['a malformed code', providerError('invalid_code', { status: 400, serverMessage: 'nope' }), { key: 'error.invalid_code' }],
    ['a lockout', providerError('user_lock_limit_reached', { status: 429, serverMessage: 'nope' }), { key: 'error.user_lock_limit_reached' }],
    ['an unknown provider type', providerError('brand_new_type', { status: 400, serverMessage: 'Something the provider says.' }), { text: 'Something the provider says.' }],
    ['a timeout', authError('timeout'), { key: 'error.timeout' }],
  ])('shows %s under the input, reports it, and gives the input back', (_name, error, message) => {
    const step = play(verifying(), [[3_000, { type: 'verifyFailed', error }]]);
    expect(step.state).toMatchObject({ verifying: false, error: message, code: '123456', retry: null });
    expect(step.effects).toEqual([{ type: 'reportError', error }]);
    expect(viewOf(step.state)).toMatchObject({ inputDisabled: false, error: message, canResend: true });
  });

  it('clears the message when the code changes, and verifies the new code', () => {
    const failed = play(verifying(), [{ type: 'verifyFailed', error: providerError('otp_code_not_found', { status: 404 }) }]).state;
    expect(play(failed, [typed('123456')]).state).toMatchObject({ error: { key: 'error.otp_code_not_found' }, verifying: false });
    const shorter = play(failed, [typed('12345')]);
    expect(shorter.state).toMatchObject({ code: '12345', error: null });
    expect(play(shorter.state, [typed('123457')]).effects).toEqual([expect.objectContaining({ type: 'verifyPasscode', code: '123457' })]);
  });

  it('never sends a refused code again, even retyped in full', () => {
    const failed = play(verifying(), [{ type: 'verifyFailed', error: providerError('otp_code_not_found', { status: 404 }) }]).state;
    expect(play(failed, [typed('12345'), typed('123456')]).effects).toEqual([]);
  });

  it('sends the same code again after a failure on the way (network, timeout): pasting it retries', () => {
    for (const error of [authError('network_unreachable'), authError('timeout')]) {
      const failed = play(verifying(), [{ type: 'verifyFailed', error }]).state;
      expect(entryOf(failed)).toMatchObject({ code: '123456', verifying: false, refused: null });
      const retried = play(failed, [typed('123456')]);
      expect(retried.state).toMatchObject({ verifying: true, error: null });
      expect(retried.effects).toEqual([expect.objectContaining({ type: 'verifyPasscode', code: '123456' })]);
    }
  });

  it("after a lost answer, says the same code was probably used (Resend) when the provider no longer knows it", () => {
    for (const lost of [authError('network_unreachable'), authError('timeout'), authError('invalid_response')]) {
      const failed = play(verifying(), [{ type: 'verifyFailed', error: lost }]).state;
      const retried = play(failed, [typed('123456'), { type: 'verifyFailed', error: providerError('otp_code_not_found', { status: 404 }) }]).state;
      expect(entryOf(retried)).toMatchObject({ code: '123456', verifying: false, refused: '123456', error: { key: 'passcodes.codeProbablyUsed' } });
    }
  });

  it("keeps 'Invalid passcode' for another code after a lost answer, for a 5xx, and after a fresh code was sent", () => {
    const notFound: PasscodesEvent = { type: 'verifyFailed', error: providerError('otp_code_not_found', { status: 404 }) };
    const lost = play(verifying(), [{ type: 'verifyFailed', error: authError('timeout') }]).state;
    expect(play(lost, [typed('654321'), notFound]).state).toMatchObject({ error: { key: 'error.otp_code_not_found' } });
    const serverFailed = play(verifying(), [{ type: 'verifyFailed', error: authError('server_error') }]).state;
    expect(play(serverFailed, [typed('123456'), notFound]).state).toMatchObject({ error: { key: 'error.otp_code_not_found' } });
    const resent = play(lost, [{ type: 'resendClicked' }, { type: 'resent', methodId: 'sms-method-2' }, typed('123456'), notFound]).state;
    expect(resent).toMatchObject({ error: { key: 'error.otp_code_not_found' } });
  });

  it('holds the input for a 429 with Retry-After, counting the seconds down, then gives it back', () => {
    const error = authError('too_many_requests', { retryAfterMs: 3_000 });
    // Entered at 1 000, the failure comes at 1 500: the wait's seconds count from the answer.
    const failed = play(verifying(), [[1_500, { type: 'verifyFailed', error }]]);
    expect(failed.effects).toEqual([{ type: 'reportError', error }, RETRY_TICK]);
    expect(viewOf(failed.state)).toMatchObject({ inputDisabled: true, canResend: false, retryInSeconds: 3, error: { key: 'error.too_many_requests' } });
    expect(play(failed.state, [[2_000, typed('1')]]).state).toBe(failed.state);
    expect(play(failed.state, [[2_000, { type: 'resendClicked' }]]).effects).toEqual([]);

    const seconds: Array<number | null> = [];
    const effects: unknown[] = [];
    let state: PasscodesState = failed.state;
    for (const now of [2_500, 3_500, 4_500]) {
      const step = play(state, [[now, { type: 'retryTick' }]]);
      state = step.state;
      seconds.push(viewOf(state).retryInSeconds);
      effects.push(step.effects);
    }
    expect(seconds).toEqual([2, 1, null]);
    expect(effects).toEqual([[RETRY_TICK], [RETRY_TICK], []]);
    expect(viewOf(state)).toMatchObject({ inputDisabled: false, canResend: true, error: null });
    expect(play(state, [[5_000, typed('654321')]]).state).toMatchObject({ verifying: true });
  });

  it('keeps counting a Retry-After down after the code expired', () => {
    const error = authError('too_many_requests', { retryAfterMs: 10_000 });
    const expiry = T0 + 120_000;
    const failed = play(verifying(), [[expiry - 1_000, { type: 'verifyFailed', error }]]).state;
    const atExpiry = play(failed, [[expiry, { type: 'tick' }], [expiry, { type: 'retryTick' }]]);
    expect(viewOf(atExpiry.state)).toMatchObject({ expiry: { status: 'expired' }, retryInSeconds: 9 });
    expect(atExpiry.effects).toEqual([RETRY_TICK]);
    // A failure after the code expired (no countdown running) counts its wait down all the same.
    const expired = play(entryState(), [[expiry, { type: 'tick' }], [expiry + 5_000, typed('123456')]]).state;
    const late = play(expired, [[expiry + 6_000, { type: 'verifyFailed', error }]]);
    expect(late.effects).toEqual([{ type: 'reportError', error }, RETRY_TICK]);
  });
});

describe('passcodes machine: an expired code (SPEC §8 expiry, issue 16 item 6)', () => {
  const expiredByProvider = providerError('unable_to_auth_otp_code', { status: 401, serverMessage: 'The passcode has expired. Send a new one.' });
  const expiry = T0 + 120_000;

  it("shows only 'Your code has expired.' (the countdown's end) when the provider refuses a code typed after expiry", () => {
    const expired = play(entryState(), [[expiry, { type: 'tick' }], [expiry + 5_000, typed('123456')]]).state;
    const step = play(expired, [[expiry + 6_000, { type: 'verifyFailed', error: expiredByProvider }]]);
    expect(viewOf(step.state)).toMatchObject({ expiry: { status: 'expired' }, error: null, verifying: false, canResend: true });
    // Still reported to the integrator's error callback (SPEC §8).
    expect(step.effects).toEqual([{ type: 'reportError', error: expiredByProvider }]);
  });

  it('ends the countdown when the provider calls the code expired before it ran out, rather than show both', () => {
    const step = play(verifying(), [[T0 + 30_000, { type: 'verifyFailed', error: expiredByProvider }]]);
    expect(viewOf(step.state)).toMatchObject({ expiry: { status: 'expired' }, error: null });
    // The same code is not sent again; a resent code starts a fresh countdown.
    expect(play(step.state, [[T0 + 31_000, typed('123456')]]).state).toMatchObject({ verifying: false });
    const resent = play(step.state, [[T0 + 32_000, { type: 'resendClicked' }], [T0 + 33_000, { type: 'resent', methodId: 'sms-method-1' }]]);
    expect(viewOf(resent.state).expiry).toEqual({ status: 'counting', timeLeft: '2:00' });
  });
});

describe("passcodes machine: an expiry left to the provider (SPEC §9 'configured values used', issue 16 item 8)", () => {
  const expiredByProvider = providerError('unable_to_auth_otp_code', { status: 401, serverMessage: 'The passcode has expired. Send a new one.' });

  it('states no expiry on a send or a resend, so the provider applies its configured one', () => {
    const sending = enterPasscodes({ type: 'emailSubmitted', email: EMAIL }, contextWith(NO_EXPIRY));
    expect(sending.effects).toEqual([{ type: 'sendPasscode', key: 'passcodes:send', request: { channel: 'email', destination: EMAIL }, purpose: 'send' }]);
    const resend = play(entryState('sms', contextWith(NO_EXPIRY)), [{ type: 'resendClicked' }], NO_EXPIRY);
    expect(resend.effects).toEqual([{ type: 'sendPasscode', key: 'passcodes:send', request: { channel: 'sms', destination: PHONE }, purpose: 'resend' }]);
    // The e-mail options still go: only the expiry is left out.
    const withLocale = enterPasscodes({ type: 'emailSubmitted', email: EMAIL }, contextWith({ otpOptions: { methods: ['email'], locale: 'fr' } }));
    expect(withLocale.effects[0]).toMatchObject({ request: { channel: 'email', destination: EMAIL, locale: 'fr' } });
  });

  it('shows no countdown: the expiry is unknown, and nothing ticks', () => {
    const sending = enterPasscodes({ type: 'emailSubmitted', email: EMAIL }, contextWith(NO_EXPIRY)).state;
    const entered = passcodesTransition(sending, { type: 'sent', methodId: 'email-method-1' }, at(5_000, NO_EXPIRY));
    expect(entered.state).toMatchObject({ screen: 'entry', expiresAt: null, expired: false });
    expect(entered.effects).toEqual([]);
    expect(viewOf(entered.state, NO_EXPIRY)).toMatchObject({ expiry: { status: 'unknown' }, canResend: true });
    // Minutes later it is still unknown, never an invented 'expired'.
    expect(viewOf(play(entered.state, [[5_000 + 30 * 60_000, typed('1')]], NO_EXPIRY).state, NO_EXPIRY).expiry).toEqual({ status: 'unknown' });
    const sms = enterPasscodes(sentAction('sms'), contextWith(NO_EXPIRY));
    expect(sms.effects).toEqual([{ type: 'listenForSmsCode', key: 'passcodes:webOtp' }]);
  });

  it("says 'Your code has expired.' when the provider answers so, offers Resend, and a resent code starts fresh", () => {
    const entry = entryState('email', contextWith(NO_EXPIRY));
    const checking = play(entry, [[T0 + 4 * 60_000, typed('123456')]], NO_EXPIRY);
    const step = play(checking.state, [[T0 + 4 * 60_000 + 500, { type: 'verifyFailed', error: expiredByProvider }]], NO_EXPIRY);
    expect(viewOf(step.state, NO_EXPIRY)).toMatchObject({ expiry: { status: 'expired' }, error: null, verifying: false, inputDisabled: false, canResend: true });
    expect(step.effects).toEqual([{ type: 'reportError', error: expiredByProvider }]);
    // The expired code is not sent again.
    expect(play(step.state, [typed('123456')], NO_EXPIRY).effects).toEqual([]);

    const resending = play(step.state, [[T0 + 5 * 60_000, { type: 'resendClicked' }]], NO_EXPIRY);
    expect(resending.effects).toEqual([{ type: 'sendPasscode', key: 'passcodes:send', request: { channel: 'email', destination: EMAIL }, purpose: 'resend' }]);
    const resent = play(resending.state, [[T0 + 5 * 60_000 + 200, { type: 'resent', methodId: 'email-method-2' }]], NO_EXPIRY);
    expect(resent.state).toMatchObject({ code: '', refused: null, expired: false, expiresAt: null, methodId: 'email-method-2' });
    expect(viewOf(resent.state, NO_EXPIRY)).toMatchObject({ expiry: { status: 'unknown' }, resend: 'sent' });
    expect(resent.effects).not.toContainEqual(TICK);
  });
});

describe('passcodes machine: the countdown (SPEC §9 m:ss)', () => {
  it("counts m:ss down each second from '2:00' until 'Your code has expired.'", () => {
    let state: PasscodesState = entryState();
    const shown: unknown[] = [timeLeft(state)];
    let effects: readonly unknown[] = [];
    for (let second = 1; second <= 120; second++) {
      const step = play(state, [[T0 + second * 1_000, { type: 'tick' }]]);
      state = step.state;
      effects = step.effects;
      shown.push(timeLeft(state));
      if (second < 120) expect(step.effects).toEqual([TICK]);
    }
    expect(shown.slice(0, 3)).toEqual(['2:00', '1:59', '1:58']);
    expect(shown.slice(-3)).toEqual(['0:02', '0:01', 'expired']);
    // Expired: the countdown stops.
    expect(effects).toEqual([]);
  });

  it('formats minutes and seconds, rounding a part second up', () => {
    expect([120_000, 119_000, 61_000, 60_000, 59_001, 10_000, 1_000, 1].map(formatCountdown)).toEqual(['2:00', '1:59', '1:01', '1:00', '1:00', '0:10', '0:01', '0:01']);
    expect(formatCountdown(10 * 60_000)).toBe('10:00');
  });

  it('uses the configured expiry', () => {
    const config: Partial<WidgetConfig> = { otpOptions: { methods: ['sms'], expirationMinutes: 10 } };
    expect(viewOf(entryState('sms', contextWith(config)), config).expiry).toEqual({ status: 'counting', timeLeft: '10:00' });
  });
});

describe('passcodes machine: resending (SPEC §4 resend control)', () => {
  it("goes initial → sending → sent ('Code sent') → waiting after 2 s, disabled while sending or sent", () => {
    const initial = entryState('email');
    expect(viewOf(initial)).toMatchObject({ resend: 'initial', canResend: true });

    const sending = play(initial, [{ type: 'resendClicked' }]);
    expect(sending.effects).toEqual([{ type: 'sendPasscode', key: 'passcodes:send', request: { channel: 'email', destination: EMAIL, expirationMinutes: 2 }, purpose: 'resend' }]);
    expect(viewOf(sending.state)).toMatchObject({ resend: 'sending', canResend: false });
    expect(play(sending.state, [{ type: 'resendClicked' }]).effects).toEqual([]);

    const sent = play(sending.state, [[30_000, { type: 'resent', methodId: 'email-method-2' }]]);
    // SPEC §7: an e-mail resent also says 'Email resent' in a toast.
    expect(sent.effects).toEqual([
      { type: 'timer', key: 'passcodes:codeSent', delayMs: CODE_SENT_MS, event: { type: 'resendSettled' } },
      TICK,
      { type: 'toast', kind: 'success', message: { key: 'toast.emailResent' } },
    ]);
    expect(CODE_SENT_MS).toBe(2_000);
    expect(viewOf(sent.state)).toMatchObject({ resend: 'sent', canResend: false });
    expect(play(sent.state, [{ type: 'resendClicked' }]).effects).toEqual([]);

    const settled = play(sent.state, [{ type: 'resendSettled' }]);
    expect(viewOf(settled.state)).toMatchObject({ resend: 'waiting', canResend: true });
    expect(play(settled.state, [{ type: 'resendClicked' }]).state).toMatchObject({ resend: 'sending' });
  });

  it('starts a fresh code: a fresh expiry and countdown, the typed digits and message cleared, the new method kept', () => {
    const typedSome = play(entryState('sms'), [[60_000, typed('12')], [60_000, { type: 'resendClicked' }]]).state;
    const sent = play(typedSome, [[61_000, { type: 'resent', methodId: 'sms-method-2' }]]);
    expect(sent.state).toMatchObject({ code: '', error: null, methodId: 'sms-method-2', expiresAt: 61_000 + 120_000, now: 61_000 });
    expect(viewOf(sent.state).expiry).toEqual({ status: 'counting', timeLeft: '2:00' });
    // A new SMS: listened for again (the first listen may already have heard its code).
    expect(sent.effects).toContainEqual({ type: 'listenForSmsCode', key: 'passcodes:webOtp' });
  });

  it('restarts the countdown for a code resent after the old one expired', () => {
    const expiry = T0 + 120_000;
    const expired = play(entryState('email'), [[expiry, { type: 'tick' }]]);
    expect(expired.effects).toEqual([]);
    expect(viewOf(expired.state).expiry).toEqual({ status: 'expired' });
    const resent = play(expired.state, [[expiry + 5_000, { type: 'resendClicked' }], [expiry + 6_000, { type: 'resent', methodId: 'email-method-1' }]]);
    expect(resent.effects).toContainEqual(TICK);
    const later = play(resent.state, [[expiry + 7_000, { type: 'tick' }]]);
    expect(viewOf(later.state).expiry).toEqual({ status: 'counting', timeLeft: '1:59' });
    expect(later.effects).toEqual([TICK]);
  });

  it('shows a failed resend under the input, and waits out its Retry-After', () => {
    const error = authError('too_many_requests', { retryAfterMs: 2_000 });
    const failed = play(entryState(), [{ type: 'resendClicked' }, [1_000, { type: 'resendFailed', error }]]);
    // The wait counts whole seconds from the answer.
    expect(failed.effects).toEqual([{ type: 'reportError', error }, RETRY_TICK]);
    expect(viewOf(failed.state)).toMatchObject({ resend: 'waiting', canResend: false, retryInSeconds: 2, error: { key: 'error.too_many_requests' } });
    const over = play(failed.state, [[3_000, { type: 'retryTick' }]]);
    expect(viewOf(over.state)).toMatchObject({ canResend: true, retryInSeconds: null, error: null });
  });

  it('ignores resend answers when no resend is on its way', () => {
    const state = entryState();
    expect(play(state, [{ type: 'resent', methodId: 'x' }])).toEqual({ state, effects: [] });
    expect(play(state, [{ type: 'resendFailed', error: authError('timeout') }])).toEqual({ state, effects: [] });
    expect(play(state, [{ type: 'resendSettled' }]).state).toBe(state);
    expect(play(verifying(), [{ type: 'resendClicked' }]).effects).toEqual([]);
  });
});

describe("passcodes machine: handed over by passwords (SPEC §2 Passwordless choice, issue 16 §7)", () => {
  const fromPasswords = () => {
    const sending = enterPasscodes({ type: 'emailSubmitted', email: EMAIL, returnTo: 'passwords' }, contextWith());
    return play(sending.state, [{ type: 'sent', methodId: 'email-method-1' }]).state;
  };

  it("offers 'Create a password instead' on Passcode entry, and hands the visitor back with the same action", () => {
    const state = fromPasswords();
    expect(viewOf(state).returnLabel).toBe('password.createInstead');
    const back = play(state, [{ type: 'returnClicked' }]);
    expect(back.output).toEqual({ type: 'handoff', to: 'passwords', action: { type: 'emailSubmitted', email: EMAIL, returnTo: 'passwords' } });
  });

  it('offers no way back when entered from Main, and keeps it closed while a code is being checked', () => {
    const fromMain = play(enterPasscodes({ type: 'emailSubmitted', email: EMAIL }, contextWith()).state, [{ type: 'sent', methodId: 'email-method-1' }]).state;
    expect(viewOf(fromMain).returnLabel).toBeNull();
    expect(play(fromMain, [{ type: 'returnClicked' }]).output).toBeUndefined();
    expect(play(fromPasswords(), [typed('123456'), { type: 'returnClicked' }]).output).toBeUndefined();
  });
});
