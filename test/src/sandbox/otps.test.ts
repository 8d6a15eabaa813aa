import { describe, expect, it } from 'vitest';
import { OTP_ATTEMPT_LIMIT, UNSUBSCRIBED_PHONE_NUMBER, callingCodeOf, generateOtpCode, otpExpirationMinutes } from './otps';
import { ORIGIN, controlCall, data, obj, sdkCall, str, SANDBOX_TEST_START, expectStytchError, sandboxUnderTest } from './test-support';

const START = SANDBOX_TEST_START;
const MINUTE = 60_000;
const { sandbox, clock } = sandboxUnderTest(START);

const PHONE = '+447700900123';

const sendEmail = (email: string, extra: Record<string, unknown> = {}) =>
  sdkCall('POST', '/otps/email/login_or_create', { body: { email, ...extra } });
const sendPhone = (channel: 'sms' | 'whatsapp', phone_number: string, extra: Record<string, unknown> = {}) =>
  sdkCall('POST', `/otps/${channel}/login_or_create`, { body: { phone_number, ...extra } });
const authenticate = (token: string, method_id: string, session_duration_minutes = 60) =>
  sdkCall('POST', '/otps/authenticate', { body: { token, method_id, session_duration_minutes } });

/** The code of the newest message to `to`. */
function lastCode(to: string): string {
  return str(sandbox.state.messages.filter((message) => message.to === to).at(-1)?.code);
}

/** A six-digit code that is not `code`. */
const wrong = (code: string): string => (code === '000000' ? '111111' : '000000');

describe('the rules, as functions', () => {
  it('makes six-digit codes', () => {
    for (let i = 0; i < 50; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });

  it('knows assigned country calling codes', () => {
    expect(callingCodeOf('+15555550100')).toBe('1');
    expect(callingCodeOf('+447700900123')).toBe('44');
    expect(callingCodeOf('+380501234567')).toBe('380');
    expect(callingCodeOf('+2891234567')).toBeNull();
    expect(callingCodeOf('+8091234567')).toBeNull();
  });

  it('takes the expiry from the request (1 to 10 minutes) or the project', () => {
    expect(otpExpirationMinutes(undefined, 10)).toBe(10);
    expect(otpExpirationMinutes(1, 10)).toBe(1);
    expect(() => otpExpirationMinutes(0, 10)).toThrow(/between 1 and 10/);
    expect(() => otpExpirationMinutes(11, 10)).toThrow(/between 1 and 10/);
    expect(() => otpExpirationMinutes(2.5, 10)).toThrow(/between 1 and 10/);
  });
});

describe('passcodes by e-mail', () => {
  it('creates the user, e-mails a code and signs in with it once, verifying the address', async () => {
    const sent = data(await sendEmail('Ada@Example.com', { expiration_minutes: 5, locale: 'en', login_template_id: 't1', signup_template_id: 't2' }));
    expect(sent).toMatchObject({ status_code: 200, user_created: true, method_id: sent['email_id'] });
    expect(typeof sent['request_id']).toBe('string');
    const message = sandbox.state.messages.at(-1);
    expect(message).toMatchObject({ channel: 'email', to: 'ada@example.com' });
    const code = str(message?.code);
    expect(code).toMatch(/^\d{6}$/);
    expect(message?.text).toContain(code);
    expect(message?.subject).toContain('ada@example.com');

    const auth = data(await authenticate(code, str(sent['method_id'])));
    expect(auth).toMatchObject({ method_id: sent['method_id'], user_id: sent['user_id'] });
    expect(str(auth['session_token'])).not.toBe('');
    expect(obj(auth['user'])).toMatchObject({ emails: [{ email: 'ada@example.com', verified: true }] });
    expect(obj(auth['session'])['authentication_factors']).toEqual([
      expect.objectContaining({ type: 'otp', delivery_method: 'email', email_factor: { email_id: sent['email_id'], email_address: 'ada@example.com' } }),
    ]);
    expectStytchError(await authenticate(code, str(sent['method_id'])), 404, 'otp_code_not_found');

    // An existing user is found, not created.
    expect(data(await sendEmail('ada@example.com'))).toMatchObject({ user_created: false, user_id: sent['user_id'] });
  });

  it('refuses a malformed address with invalid_email and sends nothing', async () => {
    expectStytchError(await sendEmail('not-an-address'), 400, 'invalid_email');
    expectStytchError(await sdkCall('POST', '/otps/email/login_or_create', { body: {} }), 400, 'invalid_email');
    expect(sandbox.state.messages).toHaveLength(0);
    expect(sandbox.state.users.size).toBe(0);
  });

  it('replaces the previous code on a new send', async () => {
    const methodId = str(data(await sendEmail('ada@example.com'))['method_id']);
    const first = lastCode('ada@example.com');
    await sendEmail('ada@example.com');
    const second = lastCode('ada@example.com');
    if (first !== second) expectStytchError(await authenticate(first, methodId), 404, 'otp_code_not_found');
    expect(data(await authenticate(second, methodId))['method_id']).toBe(methodId);
  });
});

describe('passcodes by SMS and WhatsApp', () => {
  it('texts a code on each channel to the number, and the code signs in', async () => {
    const sms = data(await sendPhone('sms', PHONE));
    expect(sms).toMatchObject({ user_created: true, method_id: sms['phone_id'] });
    expect(sandbox.state.messages.at(-1)).toMatchObject({ channel: 'sms', to: PHONE });
    expect(sandbox.state.users.get(str(sms['user_id']))?.user.phone_numbers).toEqual([expect.objectContaining({ phone_number: PHONE, verified: false })]);
    const auth = data(await authenticate(lastCode(PHONE), str(sms['method_id'])));
    expect(obj(auth['user'])).toMatchObject({ phone_numbers: [{ phone_number: PHONE, verified: true }] });
    expect(obj(auth['session'])['authentication_factors']).toEqual([
      expect.objectContaining({ type: 'otp', delivery_method: 'sms', phone_number_factor: { phone_id: sms['phone_id'], phone_number: PHONE } }),
    ]);

    const whatsapp = data(await sendPhone('whatsapp', PHONE));
    expect(whatsapp).toMatchObject({ user_created: false, user_id: sms['user_id'], method_id: sms['method_id'] });
    const message = sandbox.state.messages.at(-1);
    expect(message).toMatchObject({ channel: 'whatsapp', to: PHONE });
    expect(message?.subject).toContain('WhatsApp');
    const viaWhatsapp = data(await authenticate(lastCode(PHONE), str(whatsapp['method_id'])));
    expect(obj(viaWhatsapp['session'])['authentication_factors']).toEqual([expect.objectContaining({ delivery_method: 'whatsapp' })]);
  });

  it('ends a text with the line WebOTP reads, bound to the calling page (WhatsApp and e-mail have none)', async () => {
    await sdkCall('POST', '/otps/sms/login_or_create', { body: { phone_number: PHONE }, headers: { 'X-SDK-Parent-Host': 'http://localhost:5199' } });
    const code = lastCode(PHONE);
    expect(sandbox.state.messages.at(-1)?.text.split('\n').at(-1)).toBe(`@localhost #${code}`);
    await sendPhone('whatsapp', PHONE);
    expect(sandbox.state.messages.at(-1)?.text).not.toContain('#');
  });

  it('refuses numbers that are not E.164 or have no country, and SMS to the unsubscribed fixture', async () => {
    for (const bad of ['5555550100', '+1 555 555 0100', '+0123456789', '+1234', '']) {
      expectStytchError(await sendPhone('sms', bad), 400, 'invalid_phone_number');
    }
    expectStytchError(await sdkCall('POST', '/otps/whatsapp/login_or_create', { body: {} }), 400, 'invalid_phone_number');
    expectStytchError(await sendPhone('sms', '+2891234567'), 400, 'invalid_phone_number_country_code');
    expectStytchError(await sendPhone('whatsapp', '+2891234567'), 400, 'invalid_phone_number_country_code');
    expectStytchError(await sendPhone('sms', UNSUBSCRIBED_PHONE_NUMBER), 400, 'unsubscribed_phone_number');
    expect(sandbox.state.messages).toHaveLength(0);
    // WhatsApp has no STOP: the fixture still gets its code there.
    expect((await sendPhone('whatsapp', UNSUBSCRIBED_PHONE_NUMBER)).status).toBe(200);
  });
});

describe('expiry', () => {
  it('lasts the requested minutes, and the project default otherwise', async () => {
    const methodId = str(data(await sendEmail('ada@example.com', { expiration_minutes: 5 }))['method_id']);
    clock.now += 5 * MINUTE + 1;
    expectStytchError(await authenticate(lastCode('ada@example.com'), methodId), 401, 'unable_to_auth_otp_code');

    // Stytch's default: 2 minutes.
    await sendEmail('ada@example.com');
    clock.now += 2 * MINUTE + 1;
    expectStytchError(await authenticate(lastCode('ada@example.com'), methodId), 401, 'unable_to_auth_otp_code');
    await sendEmail('ada@example.com');
    clock.now += 2 * MINUTE;
    expect((await authenticate(lastCode('ada@example.com'), methodId)).status).toBe(200);

    expect(obj((await controlCall('PUT', '/project', { otp_expiration_minutes: 3 })).json)['otp_expiration_minutes']).toBe(3);
    await sendEmail('ada@example.com');
    clock.now += 3 * MINUTE + 1;
    expectStytchError(await authenticate(lastCode('ada@example.com'), methodId), 401, 'unable_to_auth_otp_code');
    expect((await controlCall('PUT', '/project', { otp_expiration_minutes: 11 })).status).toBe(400);
  });

  it('refuses expirations outside 1 to 10 minutes with invalid_expiration', async () => {
    for (const minutes of [0, 11, 1.5]) expectStytchError(await sendEmail('ada@example.com', { expiration_minutes: minutes }), 400, 'invalid_expiration');
    expectStytchError(await sendPhone('sms', PHONE, { expiration_minutes: 60 }), 400, 'invalid_expiration');
    expect(sandbox.state.messages).toHaveLength(0);
  });
});

describe('authenticate', () => {
  it('refuses a code that is not six digits with invalid_code, without counting it', async () => {
    const methodId = str(data(await sendEmail('ada@example.com'))['method_id']);
    for (const token of ['12345', '1234567', 'abcdef', '']) expectStytchError(await authenticate(token, methodId), 400, 'invalid_code');
    expectStytchError(await sdkCall('POST', '/otps/authenticate', { body: { method_id: methodId } }), 400, 'invalid_code');
    expect(sandbox.state.otps.get(methodId)?.failures).toBe(0);
  });

  it('answers otp_code_not_found for a wrong code and an unknown method', async () => {
    const methodId = str(data(await sendEmail('ada@example.com'))['method_id']);
    expectStytchError(await authenticate(wrong(lastCode('ada@example.com')), methodId), 404, 'otp_code_not_found');
    expectStytchError(await authenticate('123456', 'email-test-unknown'), 404, 'otp_code_not_found');
    expect(sandbox.state.otps.get(methodId)?.failures).toBe(1);
  });

  it(`locks the method after ${OTP_ATTEMPT_LIMIT} wrong codes, the right one included, until the lock ends`, async () => {
    const methodId = str(data(await sendEmail('ada@example.com'))['method_id']);
    const code = lastCode('ada@example.com');
    for (let i = 0; i < OTP_ATTEMPT_LIMIT; i++) expectStytchError(await authenticate(wrong(code), methodId), 404, 'otp_code_not_found');
    const locked = expectStytchError(await authenticate(code, methodId), 429, 'user_lock_limit_reached');
    expect(locked['error_message']).toBe('Too many failed authentication attempts. Please try again later.');
    // A new code does not lift the lock.
    await sendEmail('ada@example.com');
    expectStytchError(await authenticate(lastCode('ada@example.com'), methodId), 429, 'user_lock_limit_reached');
    // After the project's lock TTL (60 minutes by default) a fresh code works.
    clock.now += 60 * MINUTE;
    await sendEmail('ada@example.com');
    expect((await authenticate(lastCode('ada@example.com'), methodId)).status).toBe(200);
  });

  it('checks the session duration', async () => {
    const methodId = str(data(await sendEmail('ada@example.com'))['method_id']);
    expectStytchError(await authenticate(lastCode('ada@example.com'), methodId, 1), 400, 'invalid_session_duration_minutes');
    const auth = data(await authenticate(lastCode('ada@example.com'), methodId, 30));
    expect(obj(auth['session'])['expires_at']).toBe(new Date(START + 30 * MINUTE).toISOString());
  });
});

describe('rate limits, faults and the project', () => {
  it('allows 5 sends a minute per destination, then 429 too_many_requests with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await sendPhone(i % 2 === 0 ? 'sms' : 'whatsapp', PHONE)).status).toBe(200);
    const throttled = await sendPhone('sms', PHONE);
    expectStytchError(throttled, 429, 'too_many_requests');
    expect(throttled.headers.get('Retry-After')).toBe('60');
    // Another destination has its own budget.
    expect((await sendEmail('ada@example.com')).status).toBe(200);
    clock.now += 30 * MINUTE;
    expect((await sendPhone('sms', PHONE)).status).toBe(200);
  });

  it('follows a configured limit', async () => {
    await controlCall('PUT', '/project', { rate_limits: { otp_sends_per_destination: { max: 1, window_seconds: 30 } } });
    expect((await sendEmail('ada@example.com')).status).toBe(200);
    const throttled = await sendEmail('ada@example.com');
    expectStytchError(throttled, 429, 'too_many_requests');
    expect(throttled.headers.get('Retry-After')).toBe('30');
  });

  it('applies scripted faults to passcode paths', async () => {
    const fault = await controlCall('POST', '/faults', { path: '/sdk/v1/otps/authenticate', status: 503, times: 1 });
    expect(fault.status, JSON.stringify(fault.json)).toBe(201);
    const methodId = str(data(await sendEmail('ada@example.com'))['method_id']);
    expect((await authenticate(lastCode('ada@example.com'), methodId)).status).toBe(503);
    expect((await authenticate(lastCode('ada@example.com'), methodId)).status).toBe(200);
  });

  it('answers 403 when the project has passcodes off, and checks the domain and the public token', async () => {
    await controlCall('PUT', '/project', { sdk_products: { otps: false } });
    expectStytchError(await sendEmail('ada@example.com'), 403, 'endpoint_not_authorized_for_sdk');
    expectStytchError(await authenticate('123456', 'x'), 403, 'endpoint_not_authorized_for_sdk');
    await controlCall('PUT', '/project', { sdk_products: { otps: true } });
    expectStytchError(
      await sdkCall('POST', '/otps/email/login_or_create', { body: { email: 'ada@example.com' }, headers: { 'X-SDK-Parent-Host': 'https://evil.example' } }),
      403,
      'bad_domain_for_stytch_sdk',
    );
    expectStytchError(
      await sdkCall('POST', '/otps/sms/login_or_create', { body: { phone_number: PHONE }, publicToken: 'public-token-live-x' }),
      401,
      'public_token_not_found',
    );
    const noAuth = await fetch(`${ORIGIN}/__sandbox/stytch/sdk/v1/otps/email/login_or_create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    expect(noAuth.status).toBe(401);
    expect(sandbox.state.messages).toHaveLength(0);
  });

  it('forgets passcodes on reset', async () => {
    await sendEmail('ada@example.com');
    expect(sandbox.state.otps.size).toBe(1);
    sandbox.reset();
    expect(sandbox.state.otps.size).toBe(0);
  });
});
