import { describe, expect, it, vi } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import type { WidgetConfig } from '../../../domain/config/widget-config';
import { fail, ok, type Result } from '../../../domain/errors/auth-error';
import { providerError } from '../../../domain/errors/provider-error';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import type { ProviderLogRecord, TelemetryPort } from '../../../ports/telemetry.port';
import type { PasscodeSignIn, PasscodesPort, SendPasscodeRequest } from '../../../ports/passcodes.port';
import type { WebOtpPort } from '../../../ports/web-otp.port';
import { takeSessionHandoff } from '../../../domain/session/session-handoff';
import { memoryStorage } from '../../../testing/memory-storage';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { openLoginWidget } from '../../open-login-widget';
import type { PhoneFormEvent } from './phone-form.machine';
import { phoneFormSlot } from './phone-form.slot';
import { widgetView, type MainView } from '../../widget.view';
import type { PasscodesView } from './passcodes.types';

const RIGHT_CODE = '246810';
/** E-mail codes configured to last 2 minutes: the requests state it and Passcode entry counts it down. */
const TWO_MINUTES: WidgetConfig = { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 2 } };
/** E-mail codes whose expiry is left to the provider's configuration (SPEC §9). */
const NO_EXPIRY: WidgetConfig = { products: ['otp'], otpOptions: { methods: ['email'] } };

const signIn: PasscodeSignIn = {
  sessionToken: 'session-token-otp',
  session: { user: { userId: 'user-3', email: 'ada@example.com', roles: [], untrustedMetadata: {} }, session: { sessionId: 's-3', expiresAt: '2030-01-01T00:00:00Z' } },
};

/**
 * The login widget with passcodes, on hand-written ports and virtual time. The passcodes port
 * accepts {@link RIGHT_CODE}, refuses other codes (`otp_code_not_found`), never answers a
 * verification while `hangVerify` is set, and calls every code expired while `expireCodes` is set
 * (as the sandbox does once a code outlived the project's expiry).
 */
function widget(config: WidgetConfig = TWO_MINUTES) {
  const sends: SendPasscodeRequest[] = [];
  const verifications: Array<{ code: string; methodId: string }> = [];
  const logged: ProviderLogRecord[] = [];
  const controls = { hangVerify: false, expireCodes: false };
  const passcodes: PasscodesPort = {
    send: (request) => {
      sends.push(request);
      return Promise.resolve(ok({ methodId: `method-${sends.length}` }));
    },
    verify: (code, methodId): Promise<Result<PasscodeSignIn>> => {
      verifications.push({ code, methodId });
      if (controls.hangVerify) return new Promise(() => undefined);
      if (controls.expireCodes) return Promise.resolve(fail(providerError('unable_to_auth_otp_code', { status: 401, serverMessage: 'The passcode has expired. Send a new one.' })));
      return Promise.resolve(code === RIGHT_CODE ? ok(signIn) : fail(providerError('otp_code_not_found', { status: 404, serverMessage: 'The passcode is incorrect.' })));
    },
  };
  let smsListener: ((code: string) => void) | null = null;
  const webOtp: WebOtpPort = {
    listen: (onCode) => {
      smsListener = onCode;
      return () => {
        smsListener = null;
      };
    },
  };
  const telemetry: TelemetryPort = { send: (batch) => void logged.push(...batch) };
  const storage = memoryStorage();
  const { host, navigations, events, advance, scheduler } = virtualTimeHost({ passcodes, webOtp, telemetry, storage });
  const flow = openLoginWidget({ host }, `login-${Math.random()}`, {
    config,
    returnContext: { redirect: '/orders' as SafePath, source: 'web' }, products: ALL_PRODUCTS,
    // As a pre-rendered page hands them over: Main's phone form is there from the start.
    slots: { 'phone-form': phoneFormSlot },
  });
  flow.subscribe(() => undefined);
  const view = () => widgetView(flow.getSnapshot());
  const main = (): MainView => {
    const current = view();
    if (current.screen === 'success') throw new Error('expected Main');
    return current.main;
  };
  const entry = () => {
    const current = view();
    if (current.screen !== 'product' || current.product !== 'passcodes') throw new Error(`expected Passcode entry, got ${current.screen}`);
    return current.view as Extract<PasscodesView, { screen: 'entry' }>;
  };
  /** The countdown's `m:ss`, or the expiry's status when nothing counts. */
  const timeLeft = () => {
    const { expiry } = entry();
    return expiry.status === 'counting' ? expiry.timeLeft : expiry.status;
  };
  const passcode = (event: object) => flow.send({ type: 'productEvent', product: 'passcodes', event });
  // The product's module is a dynamic import: real module loading, not a timer.
  const entered = async () => {
    await vi.waitFor(() => expect(view().screen).toBe('product'));
    await advance(0);
  };
  return {
    flow,
    view,
    main,
    entry,
    timeLeft,
    passcode,
    entered,
    sends,
    verifications,
    logged,
    events,
    controls,
    deliverSms: (code: string) => smsListener?.(code),
    listening: () => smsListener !== null,
    /** The session this tab's widget handed to /login/callback/web, taken as that page takes it. */
    handedOver: () => takeSessionHandoff(storage, scheduler.now()),
    get navigations() {
      return navigations.map((navigation) => navigation.path);
    },
    advance,
  };
}

/** Main's e-mail form: `address` submitted, then Passcode entry once the code went out. */
async function submitted(page: ReturnType<typeof widget>, address = 'ada@example.com') {
  await page.advance(0);
  page.flow.send({ type: 'emailChanged', value: address });
  page.flow.send({ type: 'emailSubmitted' });
  await page.entered();
}

describe("an e-mail passcode from Main's form (virtual time)", () => {
  it('validates with the OTP wording, sends the code, counts down each second, refuses a wrong code, then succeeds', async () => {
    const page = widget();
    await page.advance(0);
    expect(page.main().emailForm).toMatchObject({ product: 'passcodes' });

    page.flow.send({ type: 'emailChanged', value: 'ada@example' });
    page.flow.send({ type: 'emailSubmitted' });
    expect(page.main().emailForm?.error).toEqual({ key: 'validation.emailInvalidOtp' });
    expect(page.sends).toEqual([]);

    page.flow.send({ type: 'emailChanged', value: 'ada@example.com' });
    page.flow.send({ type: 'emailSubmitted' });
    await page.entered();
    expect(page.sends).toEqual([{ channel: 'email', destination: 'ada@example.com', expirationMinutes: 2 }]);
    expect(page.entry()).toMatchObject({ screen: 'entry', channel: 'email', destination: 'ada@example.com', expiry: { status: 'counting', timeLeft: '2:00' }, resend: 'initial', backArrow: true });
    // No WebOTP for e-mail codes.
    expect(page.listening()).toBe(false);

    const countdown: string[] = [];
    for (let second = 0; second < 3; second++) {
      await page.advance(999);
      countdown.push(page.timeLeft());
      await page.advance(1);
      countdown.push(page.timeLeft());
    }
    expect(countdown).toEqual(['2:00', '1:59', '1:59', '1:58', '1:58', '1:57']);

    page.passcode({ type: 'codeChanged', value: '13579' });
    expect(page.verifications).toEqual([]);
    page.passcode({ type: 'codeChanged', value: '135791' });
    expect(page.entry()).toMatchObject({ verifying: true, inputDisabled: true });
    await page.advance(0);
    expect(page.verifications).toEqual([{ code: '135791', methodId: 'method-1' }]);
    expect(page.entry()).toMatchObject({ verifying: false, inputDisabled: false, code: '135791', error: { key: 'error.otp_code_not_found' } });

    page.passcode({ type: 'codeChanged', value: '' });
    page.passcode({ type: 'codeChanged', value: RIGHT_CODE });
    await page.advance(0);
    expect(page.verifications).toHaveLength(2);
    expect(page.view()).toEqual({ screen: 'success', title: 'success.title', text: 'passcodes.verified' });
    // On one bus, the integrator hears the provider's log events too.
    expect(page.events).toEqual([
      { type: 'render_login_screen', data: {} },
      { type: 'authenticate_flow_complete', data: { method: 'otp', channel: 'email' } },
      { type: 'sign_in_completed', data: { product: 'passcodes' } },
    ]);
    await page.advance(1_999);
    expect(page.navigations).toEqual([]);
    await page.advance(1);
    // The session goes through this tab's storage, never the address or the widget's state.
    expect(page.navigations).toEqual(['/login/callback/web?redirect=%2Forders&source=web']);
    expect(JSON.stringify(page.flow.getSnapshot())).not.toContain('session-token-otp');
    expect(page.handedOver()).toBe('session-token-otp');
  });

  it("ends at 'Your code has expired.' when the countdown runs out, and counts again for a resent code", async () => {
    const page = widget();
    await submitted(page);
    await page.advance(119_000);
    expect(page.timeLeft()).toBe('0:01');
    await page.advance(1_000);
    expect(page.timeLeft()).toBe('expired');
    await page.advance(30_500);
    page.passcode({ type: 'resendClicked' });
    await page.advance(0);
    expect(page.entry()).toMatchObject({ resend: 'sent', expiry: { status: 'counting', timeLeft: '2:00' } });
    await page.advance(1_000);
    expect(page.timeLeft()).toBe('1:59');
    await page.advance(119_000);
    expect(page.timeLeft()).toBe('expired');
  });

  it("resends with 'Code sent' for 2 s, then the control waits again, with a fresh countdown", async () => {
    const page = widget({ products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } });
    await submitted(page);
    await page.advance(10_000);
    expect(page.timeLeft()).toBe('4:50');

    page.passcode({ type: 'resendClicked' });
    expect(page.entry()).toMatchObject({ resend: 'sending', canResend: false });
    await page.advance(0);
    expect(page.sends).toHaveLength(2);
    expect(page.sends[1]).toEqual({ channel: 'email', destination: 'ada@example.com', expirationMinutes: 5 });
    expect(page.entry()).toMatchObject({ resend: 'sent', canResend: false, expiry: { status: 'counting', timeLeft: '5:00' } });
    page.passcode({ type: 'resendClicked' });
    await page.advance(1_999);
    expect(page.sends).toHaveLength(2);
    expect(page.entry()).toMatchObject({ resend: 'sent', expiry: { status: 'counting', timeLeft: '4:59' } });
    await page.advance(1);
    expect(page.entry()).toMatchObject({ resend: 'waiting', canResend: true, expiry: { status: 'counting', timeLeft: '4:58' } });
  });

  it('ends a verification that hangs past the call timeout with a message, and the input usable again', async () => {
    const page = widget();
    await submitted(page);
    page.controls.hangVerify = true;
    page.passcode({ type: 'codeChanged', value: '111111' });
    await page.advance(14_999);
    expect(page.entry()).toMatchObject({ verifying: true, inputDisabled: true });
    await page.advance(1);
    expect(page.entry()).toMatchObject({ verifying: false, inputDisabled: false, error: { key: 'error.timeout' } });

    page.controls.hangVerify = false;
    page.passcode({ type: 'codeChanged', value: '24681' });
    page.passcode({ type: 'codeChanged', value: RIGHT_CODE });
    await page.advance(0);
    expect(page.view().screen).toBe('success');
  });

  it('returns to Main with the address kept and the back arrow', async () => {
    const page = widget();
    await submitted(page);
    page.flow.send({ type: 'backClicked' });
    expect(page.main().emailForm).toMatchObject({ value: 'ada@example.com', error: null, busy: false });
    // Nothing of the product keeps running (its countdown was cancelled).
    const before = page.flow.getSnapshot();
    await page.advance(5_000);
    expect(page.flow.getSnapshot()).toBe(before);
  });
});

describe("the code's expiry (SPEC §9: configured values used; issue 16 item 8)", () => {
  it('states a configured expiry of 5 minutes on the send and the resend, and counts it down each second', async () => {
    const page = widget({ products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } });
    await submitted(page);
    expect(page.sends).toEqual([{ channel: 'email', destination: 'ada@example.com', expirationMinutes: 5 }]);
    expect(page.timeLeft()).toBe('5:00');
    await page.advance(1_000);
    expect(page.timeLeft()).toBe('4:59');
    await page.advance(299_000);
    expect(page.timeLeft()).toBe('expired');
    page.passcode({ type: 'resendClicked' });
    await page.advance(0);
    expect(page.sends[1]).toEqual({ channel: 'email', destination: 'ada@example.com', expirationMinutes: 5 });
    expect(page.timeLeft()).toBe('5:00');
  });

  it("without a configured expiry, states none on the send and the resend, and shows no countdown", async () => {
    const page = widget(NO_EXPIRY);
    await submitted(page);
    expect(page.sends).toEqual([{ channel: 'email', destination: 'ada@example.com' }]);
    expect(page.entry().expiry).toEqual({ status: 'unknown' });
    // The provider's expiry is not known here: ten minutes on, nothing was counted or invented.
    const before = page.flow.getSnapshot();
    await page.advance(10 * 60_000);
    expect(page.flow.getSnapshot()).toBe(before);
    page.passcode({ type: 'resendClicked' });
    await page.advance(0);
    expect(page.sends[1]).toEqual({ channel: 'email', destination: 'ada@example.com' });
    expect(page.entry()).toMatchObject({ resend: 'sent', expiry: { status: 'unknown' } });
  });

  it("without a configured expiry, says 'Your code has expired.' when the provider does, and a resent code signs in", async () => {
    const page = widget(NO_EXPIRY);
    await submitted(page);
    page.controls.expireCodes = true;
    page.passcode({ type: 'codeChanged', value: '135791' });
    await page.advance(0);
    expect(page.entry()).toMatchObject({ expiry: { status: 'expired' }, error: null, verifying: false, canResend: true });

    page.controls.expireCodes = false;
    page.passcode({ type: 'resendClicked' });
    await page.advance(0);
    expect(page.sends).toHaveLength(2);
    expect(page.entry()).toMatchObject({ code: '', expiry: { status: 'unknown' }, resend: 'sent' });
    page.passcode({ type: 'codeChanged', value: RIGHT_CODE });
    await page.advance(0);
    expect(page.verifications.at(-1)).toEqual({ code: RIGHT_CODE, methodId: 'method-2' });
    expect(page.view().screen).toBe('success');
  });
});

describe('an SMS passcode handed over by the phone form (virtual time)', () => {
  it('loads Passcode entry for the sent code and verifies the code WebOTP read from the SMS', async () => {
    const page = widget({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    await page.advance(0);
    expect(page.main()).toMatchObject({ formSlot: { id: 'phone-form' }, emailForm: null });
    const phone = (event: PhoneFormEvent) => page.flow.send({ type: 'slotEvent', slot: 'phone-form', event });
    phone({ type: 'numberChanged', value: '2015550123' });
    phone({ type: 'submitted' });
    await page.entered();
    // No expiry configured: none is stated, and none is counted down.
    expect(page.entry()).toMatchObject({ channel: 'sms', destination: '+12015550123', expiry: { status: 'unknown' } });
    // Sent by the phone form (the number as entered: no phone library here), not again by Passcode entry.
    expect(page.sends).toEqual([{ channel: 'sms', destination: '+12015550123' }]);
    expect(page.listening()).toBe(true);

    // A wrong code read from the first SMS; a resent SMS is listened for again.
    page.deliverSms('999999');
    await page.advance(0);
    expect(page.entry()).toMatchObject({ code: '999999', error: { key: 'error.otp_code_not_found' } });
    expect(page.listening()).toBe(false);
    page.passcode({ type: 'resendClicked' });
    await page.advance(0);
    expect(page.sends).toHaveLength(2);
    expect(page.sends[1]).toEqual({ channel: 'sms', destination: '+12015550123' });
    expect(page.listening()).toBe(true);

    page.deliverSms(RIGHT_CODE);
    await page.advance(0);
    expect(page.verifications).toEqual([
      { code: '999999', methodId: 'method-1' },
      { code: RIGHT_CODE, methodId: 'method-2' },
    ]);
    expect(page.view().screen).toBe('success');
    // On one bus, the integrator hears the provider's log events too.
    expect(page.events).toEqual([
      { type: 'render_login_screen', data: {} },
      { type: 'authenticate_flow_complete', data: { method: 'otp', channel: 'sms' } },
      { type: 'sign_in_completed', data: { product: 'passcodes' } },
    ]);
  });
});
