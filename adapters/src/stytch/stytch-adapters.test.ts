// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createStytchAdapters } from './create-stytch-adapters';
import { SANDBOX_ORIGIN as ORIGIN, SANDBOX_STYTCH, sandboxedStytch } from './sandboxed-stytch.test-support';

const API = `${SANDBOX_STYTCH}/sdk/v1`;
const { sandbox, server, stytch, reported } = sandboxedStytch('public-token-test-adapter');

const latestLinkToken = () => {
  const link = sandbox.state.messages.at(-1)?.link;
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (token === null) throw new Error('no link yet');
  return token;
};

const request = (email: string) => ({
  email,
  loginRedirectUrl: `${ORIGIN}/login/callback?redirect=%2Forders&source=web`,
  signupRedirectUrl: `${ORIGIN}/login/callback?redirect=%2Forders&source=web`,
  loginExpirationMinutes: 30,
  signupExpirationMinutes: 30,
});

const errorBody = (status: number, type: string, message: string) => ({ status_code: status, request_id: 'request-id-test-1', error_type: type, error_message: message, error_url: '' });

describe('Stytch adapters against the sandbox, with the real SDK (one visitor, in order)', () => {
  it('checks a visitor without a session as signed out, without asking the provider', async () => {
    const asked = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/sessions/authenticate')) asked();
    });
    expect(await stytch.session.check()).toEqual({ ok: true, value: null });
    server.events.removeAllListeners();
    expect(asked).not.toHaveBeenCalled();
  });

  it('reads the sender domain from the project settings', async () => {
    expect(await stytch.projectSettings.get()).toMatchObject({ ok: true, value: { emailDomains: ['mail.vestibule.test'] } });
  });

  it('sends a magic link whose e-mail carries the return URL', async () => {
    expect(await stytch.magicLinks.send(request('ada@example.com'))).toEqual({ ok: true, value: undefined });
    const link = new URL(sandbox.state.messages.at(-1)?.link ?? '');
    expect(sandbox.state.messages.at(-1)?.to).toBe('ada@example.com');
    expect(link.pathname).toBe('/login/callback');
    expect(link.searchParams.get('redirect')).toBe('/orders');
    expect(link.searchParams.get('source')).toBe('web');
  });

  it('signs in with the link, reports the change once, and the check confirms it', async () => {
    const result = await stytch.magicLinks.authenticate(latestLinkToken(), 60);
    expect(result.ok && result.value?.user.email).toBe('ada@example.com');
    await vi.waitFor(() => expect(reported.at(-1)?.user.email).toBe('ada@example.com'));
    expect(reported.filter((session) => session !== null)).toHaveLength(1);
    expect(document.cookie).toContain('stytch_session=');
    const checked = await stytch.session.check();
    expect(checked).toMatchObject({ ok: true, value: { user: { email: 'ada@example.com' } } });
  });

  it('fails a check the provider could not answer, keeping the session', async () => {
    server.use(http.post(`${API}/sessions/authenticate`, () => new HttpResponse('upstream down', { status: 503, headers: { 'Retry-After': '3' } })));
    expect(await stytch.session.check()).toMatchObject({ ok: false, error: { code: 'server_error', status: 503, retryAfterMs: 3000, retryable: true } });
    expect(reported.at(-1)).not.toBeNull();
  });

  it('translates a used link into unable_to_auth_magic_link', async () => {
    const result = await stytch.magicLinks.authenticate(latestLinkToken(), 60);
    expect(result).toMatchObject({ ok: false, error: { code: 'unable_to_auth_magic_link', status: 401 } });
  });

  it('signs out: the session is revoked, reported as null and the cookies are gone', async () => {
    expect(await stytch.session.revoke()).toEqual({ ok: true, value: undefined });
    await vi.waitFor(() => expect(reported.at(-1)).toBeNull());
    expect(document.cookie).not.toContain('stytch_session=');
    expect(await stytch.session.check()).toEqual({ ok: true, value: null });
  });

  it('reports a session the provider rejects as signed out, not as a failure', async () => {
    await stytch.magicLinks.send(request('grace@example.com'));
    await stytch.magicLinks.authenticate(latestLinkToken(), 60);
    server.use(http.post(`${API}/sessions/authenticate`, () => HttpResponse.json(errorBody(404, 'session_not_found', 'Gone.'), { status: 404 })));
    expect(await stytch.session.check()).toEqual({ ok: true, value: null });
    await vi.waitFor(() => expect(reported.at(-1)).toBeNull());
  });
});

describe('Stytch adapter errors', () => {
  it("translates the provider's invalid_email", async () => {
    expect(await stytch.magicLinks.send(request('not-an-address'))).toMatchObject({ ok: false, error: { code: 'invalid_email', status: 400 } });
  });

  it('translates an unreachable server into network_unreachable', async () => {
    server.use(http.post(`${API}/magic_links/email/login_or_create`, () => HttpResponse.error()));
    expect(await stytch.magicLinks.send(request('ada@example.com'))).toMatchObject({ ok: false, error: { code: 'network_unreachable', retryable: true } });
  });

  it('carries Retry-After of a 429 into retryAfterMs', async () => {
    server.use(
      http.post(`${API}/magic_links/email/login_or_create`, () =>
        HttpResponse.json(errorBody(429, 'too_many_requests', 'Slow down, please.'), { status: 429, headers: { 'Retry-After': '7' } }),
      ),
    );
    expect(await stytch.magicLinks.send(request('ada@example.com'))).toMatchObject({
      ok: false,
      error: { code: 'too_many_requests', status: 429, retryAfterMs: 7000, serverMessage: 'Slow down, please.' },
    });
  });

  it('reads a non-JSON 429 as too_many_requests too', async () => {
    server.use(http.post(`${API}/magic_links/authenticate`, () => new HttpResponse('Too Many Requests', { status: 429, headers: { 'Retry-After': '2' } })));
    expect(await stytch.magicLinks.authenticate('any-token', 60)).toMatchObject({ ok: false, error: { code: 'too_many_requests', retryAfterMs: 2000 } });
  });

  it('reads a success that is not JSON as invalid_response', async () => {
    server.use(http.post(`${API}/magic_links/email/login_or_create`, () => new HttpResponse('<html>', { status: 200 })));
    expect(await stytch.magicLinks.send(request('ada@example.com'))).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('passes an unknown error type through with its server message', async () => {
    server.use(http.post(`${API}/magic_links/authenticate`, () => HttpResponse.json(errorBody(400, 'pkce_mismatch', 'PKCE mismatch.'), { status: 400 })));
    expect(await stytch.magicLinks.authenticate('any-token', 60)).toMatchObject({
      ok: false,
      error: { code: 'provider_error', providerType: 'pkce_mismatch', serverMessage: 'PKCE mismatch.' },
    });
  });

  it('resolves at once with a failure when the caller aborts, while the request still hangs', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/magic_links/email/login_or_create`, async () => {
        await held;
        return HttpResponse.json({ data: {} });
      }),
    );
    const controller = new AbortController();
    const pending = stytch.magicLinks.send(request('ada@example.com'), { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
    release();
  });

  it('does not start a call whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const before = sandbox.state.messages.length;
    expect(await stytch.magicLinks.send(request('ada@example.com'), { signal: controller.signal })).toMatchObject({ ok: false });
    expect(sandbox.state.messages).toHaveLength(before);
  });

  it('reports a failed bootstrap with its Retry-After, and a later call tries again', async () => {
    const fresh = createStytchAdapters({ publicToken: 'public-token-test-settings', apiBaseUrl: `${ORIGIN}/__sandbox/stytch` });
    server.use(
      http.get(`${API}/projects/bootstrap/:token`, () => HttpResponse.json(errorBody(429, 'too_many_requests', 'Slow down.'), { status: 429, headers: { 'Retry-After': '5' } }), {
        once: true,
      }),
    );
    expect(await fresh.projectSettings.get()).toMatchObject({ ok: false, error: { code: 'too_many_requests', retryAfterMs: 5000 } });
    expect(await fresh.projectSettings.get()).toMatchObject({ ok: true, value: { emailDomains: ['mail.vestibule.test'] } });
  });

  it("sends the core's batches to the events endpoint, which takes their shape", async () => {
    const details = { email: 'ada@example.com', type: 'login_or_create_eml' } as const;
    stytch.telemetry.send([
      { id: 'a1', sentAt: 1_700_000_000_000, name: 'email_sent', details },
      { id: 'a2', sentAt: 1_700_000_000_500, name: 'email_try_again_clicked', details },
    ]);
    await vi.waitFor(() => expect(sandbox.state.sdkEvents.map((event) => event.event_name)).toEqual(expect.arrayContaining(['email_sent', 'email_try_again_clicked'])));
  });
});
