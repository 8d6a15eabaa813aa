// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_ORIGIN as ORIGIN, SANDBOX_STYTCH, sandboxControl as control, sandboxedStytch } from './sandboxed-stytch.test-support';

const API = `${SANDBOX_STYTCH}/sdk/v1`;
const MINUTE = 60_000;
const PHONE = '+447700900123';
/** The sandbox's clock runs ahead of real time by this much (expiry and locks). */
let offset = 0;
const { server, stytch, reported } = sandboxedStytch('public-token-test-passcodes-adapter', { now: () => Date.now() + offset });

/** The code of the newest message to `to` on `channel`, read from the control API's outbox. */
async function codeFor(to: string, channel: 'email' | 'sms' | 'whatsapp'): Promise<string> {
  const response = await fetch(`${ORIGIN}/__sandbox/api/messages?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()) as { channel: string; code?: string }[];
  const code = messages.find((message) => message.channel === channel)?.code;
  if (code === undefined) throw new Error(`no ${channel} passcode to ${to}`);
  return code;
}

const wrong = (code: string): string => (code === '000000' ? '111111' : '000000');

async function send(channel: 'email' | 'sms' | 'whatsapp', destination: string): Promise<string> {
  const result = await stytch.passcodes.send({ channel, destination, expirationMinutes: 5 });
  if (!result.ok) throw new Error(`send failed: ${result.error.code}`);
  return result.value.methodId;
}

afterEach(() => {
  offset = 0;
});

describe('Stytch passcodes adapter against the sandbox, with the real SDK', () => {
  it('sends a code by e-mail and verifies it: signed in, and the SDK holds the session', async () => {
    const methodId = await send('email', 'ada@example.com');
    expect(methodId).toMatch(/^email-test-/);
    const code = await codeFor('ada@example.com', 'email');
    const result = await stytch.passcodes.verify(code, methodId, 60);
    expect(result).toMatchObject({
      ok: true,
      value: { session: { user: { email: 'ada@example.com' }, session: { sessionId: expect.any(String) } }, sessionToken: expect.stringMatching(/.+/) },
    });
    await vi.waitFor(() => expect(reported.at(-1)?.user.email).toBe('ada@example.com'));
    expect(document.cookie).toContain('stytch_session=');
    // Single use.
    expect(await stytch.passcodes.verify(code, methodId, 60)).toMatchObject({ ok: false, error: { code: 'otp_code_not_found', status: 404 } });
  });

  it('sends by SMS and WhatsApp, each to the right channel, and verifies', async () => {
    const smsMethod = await send('sms', PHONE);
    expect((await stytch.passcodes.verify(await codeFor(PHONE, 'sms'), smsMethod, 60)).ok).toBe(true);
    const whatsappMethod = await send('whatsapp', PHONE);
    expect(whatsappMethod).toBe(smsMethod);
    expect(await stytch.passcodes.verify(await codeFor(PHONE, 'whatsapp'), whatsappMethod, 60)).toMatchObject({
      ok: true,
      value: { session: { user: { phoneNumber: PHONE }, session: { sessionId: expect.any(String) } }, sessionToken: expect.stringMatching(/.+/) },
    });
  });

  it('passes the options on, and leaves the expiry to the project when none is given', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/otps/email/login_or_create')) void request.clone().json().then((body: unknown) => bodies.push(body));
    });
    try {
      await stytch.passcodes.send({ channel: 'email', destination: 'opts@example.com', expirationMinutes: 3, locale: 'fr', loginTemplateId: 'login-t', signupTemplateId: 'signup-t' });
      await stytch.passcodes.send({ channel: 'email', destination: 'opts@example.com' });
      await vi.waitFor(() => expect(bodies).toHaveLength(2));
    } finally {
      server.events.removeAllListeners('request:start');
    }
    expect(bodies[0]).toMatchObject({ email: 'opts@example.com', expiration_minutes: 3, locale: 'fr', login_template_id: 'login-t', signup_template_id: 'signup-t' });
    expect(bodies[1]).not.toHaveProperty('expiration_minutes');
  });

  it("translates the provider's refusals of a destination", async () => {
    expect(await stytch.passcodes.send({ channel: 'email', destination: 'not-an-address' })).toMatchObject({ ok: false, error: { code: 'invalid_email', status: 400 } });
    expect(await stytch.passcodes.send({ channel: 'sms', destination: '07700900123' })).toMatchObject({ ok: false, error: { code: 'invalid_phone_number' } });
    expect(await stytch.passcodes.send({ channel: 'sms', destination: '+2891234567' })).toMatchObject({ ok: false, error: { code: 'invalid_phone_number_country_code' } });
    expect(await stytch.passcodes.send({ channel: 'sms', destination: '+15005550006' })).toMatchObject({ ok: false, error: { code: 'unsubscribed_phone_number' } });
  });

  it('refuses a malformed and a wrong code, then locks the method after five wrong ones', async () => {
    const methodId = await send('email', 'locked@example.com');
    const code = await codeFor('locked@example.com', 'email');
    expect(await stytch.passcodes.verify('12345', methodId, 60)).toMatchObject({ ok: false, error: { code: 'invalid_code', status: 400 } });
    for (let i = 0; i < 5; i++) {
      expect(await stytch.passcodes.verify(wrong(code), methodId, 60)).toMatchObject({ ok: false, error: { code: 'otp_code_not_found', status: 404, retryable: false } });
    }
    expect(await stytch.passcodes.verify(code, methodId, 60)).toMatchObject({ ok: false, error: { code: 'user_lock_limit_reached', status: 429 } });
  });

  it('answers an expired code with unable_to_auth_otp_code', async () => {
    const methodId = await send('email', 'late@example.com');
    offset = 5 * MINUTE + 1_000;
    expect(await stytch.passcodes.verify(await codeFor('late@example.com', 'email'), methodId, 60)).toMatchObject({
      ok: false,
      error: { providerType: 'unable_to_auth_otp_code', status: 401 },
    });
  });

  it('carries Retry-After of a throttled send', async () => {
    await control('PUT', '/project', { rate_limits: { otp_sends_per_destination: { max: 1, window_seconds: 60 } } });
    try {
      await send('sms', '+15555550123');
      expect(await stytch.passcodes.send({ channel: 'whatsapp', destination: '+15555550123' })).toMatchObject({
        ok: false,
        error: { code: 'too_many_requests', status: 429, retryAfterMs: 60_000 },
      });
    } finally {
      await control('PUT', '/project', { rate_limits: { otp_sends_per_destination: { max: 5, window_seconds: 60 } } });
    }
  });

  it('reads an answer without a method_id as invalid_response', async () => {
    server.use(http.post(`${API}/otps/email/login_or_create`, () => HttpResponse.json({ data: { request_id: 'r', status_code: 200 } })));
    expect(await stytch.passcodes.send({ channel: 'email', destination: 'ada@example.com' })).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('resolves at once with a failure when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await stytch.passcodes.send({ channel: 'email', destination: 'ada@example.com' }, { signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });
});
