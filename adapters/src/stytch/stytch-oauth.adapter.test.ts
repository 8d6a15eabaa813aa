// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import type { OAuthPort, OAuthStartRequest } from '@vestibule/core';
import { createSandbox } from '@vestibule/test/sandbox';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStytchRuntime } from './stytch-client';
import { createStytchOAuthAdapter, oauthPkceStorageKey } from './stytch-oauth.adapter';

const ORIGIN = 'http://localhost:5173';
const BASE = `${ORIGIN}/__sandbox/stytch`;
const PUBLIC_TOKEN = 'public-token-test-oauth-adapter';
const CALLBACK = `${ORIGIN}/login/callback`;
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
const runtime = createStytchRuntime({ publicToken: PUBLIC_TOKEN, apiBaseUrl: BASE });
const requests: { url: string; init: RequestInit | undefined }[] = [];
const host = {
  fetch: (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    requests.push({ url: String(input), init });
    return fetch(input, init);
  },
};
const oauth: OAuthPort = createStytchOAuthAdapter(runtime, host);
/** Where the SDK sent the browser (its `oauth.navigate`, stubbed: jsdom cannot navigate). */
const navigations: URL[] = [];

const request = (overrides: Partial<OAuthStartRequest> = {}): OAuthStartRequest => ({
  provider: 'google',
  loginRedirectUrl: `${CALLBACK}?redirect=%2Forders`,
  signupRedirectUrl: `${ORIGIN}/login/callback/web`,
  ...overrides,
});

const storedPair = () => localStorage.getItem(oauthPkceStorageKey(PUBLIC_TOKEN));

/** Starts through the adapter; the start URL the SDK navigated to. */
async function start(overrides: Partial<OAuthStartRequest> = {}): Promise<URL> {
  const before = navigations.length;
  expect(await oauth.start(request(overrides))).toEqual({ ok: true, value: undefined });
  expect(navigations).toHaveLength(before + 1);
  const url = navigations.at(-1);
  if (!url) throw new Error('the SDK did not navigate');
  return url;
}

/** Plays the visitor on the sandbox's provider page; the token it sends them back with. */
async function atProvider(startUrl: URL, fields: Record<string, string>): Promise<string> {
  const page = await fetch(startUrl);
  const state = /name="state" value="([^"]+)"/.exec(await page.text())?.[1];
  if (state === undefined) throw new Error(`no provider page (${page.status})`);
  const completion = new URL(startUrl.pathname.replace(/\/start$/, '/complete'), startUrl.origin);
  const response = await fetch(completion, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, ...fields }).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`the provider page did not send the visitor back (${response.status})`);
  return new URL(location).searchParams.get('token') ?? '';
}

const signInAs = async (email: string) => atProvider(await start(), { action: 'other', email });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  const client = await runtime.client();
  // The SDK's documented test seam ("Public so it can be mocked in tests"); not in its types.
  (client.oauth as unknown as { navigate(url: URL): void }).navigate = (url) => navigations.push(new URL(url));
});
afterAll(() => {
  runtime.dispose();
  server.close();
});
beforeEach(() => {
  requests.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

describe('Stytch OAuth adapter: start and authenticate against the sandbox, with the real SDK', () => {
  it('starts at the provider with the redirect URLs, scopes, parameters and a PKCE challenge', async () => {
    const url = await start({ customScopes: ['calendar', 'drive'], providerParams: { prompt: 'consent', login_hint: 'ada@example.com' } });
    expect(url.origin + url.pathname).toBe(`${BASE}/v1/public/oauth/google/start`);
    expect(url.searchParams.get('public_token')).toBe(PUBLIC_TOKEN);
    expect(url.searchParams.get('login_redirect_url')).toBe(`${CALLBACK}?redirect=%2Forders`);
    expect(url.searchParams.get('signup_redirect_url')).toBe(`${ORIGIN}/login/callback/web`);
    expect(url.searchParams.get('custom_scopes')).toBe('calendar drive');
    expect(url.searchParams.get('provider_prompt')).toBe('consent');
    expect(url.searchParams.get('provider_login_hint')).toBe('ada@example.com');
    // The sandbox requires PKCE for OAuth by default; the SDK keeps the pair where abandon() looks.
    const challenge = url.searchParams.get('code_challenge');
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const pair = JSON.parse(storedPair() ?? '{}') as { code_challenge: string; code_verifier: string };
    expect(pair).toMatchObject({ code_challenge: challenge, code_verifier: expect.stringMatching(/^[0-9a-f]{16,}$/) });
    // SPEC §9: the challenge is the SHA-256 of the verifier (base64url, no padding).
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pair.code_verifier)));
    expect(btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')).toBe(challenge);
    expect((await start({ provider: 'github' })).pathname).toBe('/__sandbox/stytch/v1/public/oauth/github/start');
  });

  it('signs in with the token the provider sent back, reporting the provider, once', async () => {
    const token = await signInAs('ada@example.com');
    const result = await oauth.authenticate(token, 60);
    expect(result).toMatchObject({ ok: true, value: { provider: 'google', session: { user: { email: 'ada@example.com' }, session: { sessionId: expect.any(String) } } } });
    expect(document.cookie).toContain('stytch_session=');
    // The SDK clears the pair it proved.
    expect(storedPair()).toBeNull();
    expect(await oauth.authenticate(token, 60)).toMatchObject({ ok: false, error: { code: 'oauth_token_not_found', status: 404, retryable: false } });
  });

  it('fails with pkce_mismatch when the stored verifier is not the one the start was made with', async () => {
    const token = await signInAs('ada@example.com');
    const pair = JSON.parse(storedPair() ?? '{}') as { code_challenge: string; code_verifier: string };
    localStorage.setItem(oauthPkceStorageKey(PUBLIC_TOKEN), JSON.stringify({ ...pair, code_verifier: 'f'.repeat(128) }));
    expect(await oauth.authenticate(token, 60)).toMatchObject({ ok: false, error: { code: 'provider_error', providerType: 'pkce_mismatch', status: 400 } });
  });

  it('forgets the pair on abandon(), so the provider then expects a verifier', async () => {
    const token = await signInAs('ada@example.com');
    expect(storedPair()).not.toBeNull();
    oauth.abandon();
    expect(storedPair()).toBeNull();
    expect(await oauth.authenticate(token, 60)).toMatchObject({ ok: false, error: { providerType: 'pkce_expected_code_verifier', status: 400 } });
  });

  it('fails a round trip cancelled at the provider with oauth_flow_callback_error', async () => {
    const token = await atProvider(await start(), { action: 'cancel' });
    expect(await oauth.authenticate(token, 60)).toMatchObject({ ok: false, error: { code: 'oauth_flow_callback_error', status: 400 } });
  });

  it('fails a call whose caller already gave up, without starting', async () => {
    const controller = new AbortController();
    controller.abort();
    const before = navigations.length;
    expect(await oauth.start(request(), { signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(await oauth.authenticate('any', 60, { signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(navigations).toHaveLength(before);
  });

  // Issue 16 §11: the start URL is asked before the page goes there, so an error answer is a failed
  // start (a message on the form) and never the page the browser shows.
  describe('checks the start before leaving', () => {
    const injectFault = async (fault: Record<string, unknown>) => {
      const response = await fetch(`${ORIGIN}/__sandbox/api/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: '/v1/public/oauth/google/start', ...fault }),
      });
      expect(response.ok).toBe(true);
    };
    afterEach(async () => {
      await fetch(`${ORIGIN}/__sandbox/api/faults`, { method: 'DELETE' });
    });

    it.each([
      ['500', { status: 500, error_type: 'internal_server_error', error_message: 'Oops.' }, { code: 'server_error', status: 500 }],
      ['429 + Retry-After', { status: 429, error_type: 'too_many_requests', retry_after_seconds: 3 }, { code: 'too_many_requests', status: 429, retryAfterMs: 3000 }],
      ['malformed JSON', { malformed_json: true }, { code: 'invalid_response' }],
      ['an error page that is not JSON', null, { code: 'server_error', status: 502 }],
    ])('%s: fails without leaving', async (_name, fault, error) => {
      if (fault) await injectFault(fault);
      else server.use(http.get(`${BASE}/v1/public/oauth/google/start`, () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
      const before = navigations.length;
      expect(await oauth.start(request())).toMatchObject({ ok: false, error });
      expect(navigations).toHaveLength(before);
      // The check went out without credentials and followed no redirect.
      expect(requests.at(-1)?.init).toMatchObject({ redirect: 'manual', credentials: 'omit' });
    });

    it('leaves on a redirect (a real start sends the browser to the provider)', async () => {
      server.use(http.get(`${BASE}/v1/public/oauth/google/start`, () => new HttpResponse(null, { status: 302, headers: { Location: 'https://accounts.example/o/oauth2' } })));
      await start();
    });

    it('leaves when the check cannot be read (a network failure, or a cross-origin start without CORS): the navigation finds out', async () => {
      await injectFault({ network_drop: true });
      await start();
    });

    it('fails with timeout when the caller gives up during the check, without leaving', async () => {
      await injectFault({ hang: true });
      const controller = new AbortController();
      const before = navigations.length;
      const pending = oauth.start(request(), { signal: controller.signal });
      await vi.waitFor(() => expect(requests.some((entry) => entry.url.includes('/oauth/google/start'))).toBe(true));
      controller.abort();
      expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
      expect((requests.at(-1)?.init?.signal as AbortSignal | undefined)?.aborted).toBe(true);
      expect(navigations).toHaveLength(before);
    });

    it('puts back the SDK navigation it held', async () => {
      const client = await runtime.client();
      const seam = (client.oauth as unknown as { navigate: unknown }).navigate;
      await injectFault({ status: 500 });
      await oauth.start(request());
      expect((client.oauth as unknown as { navigate: unknown }).navigate).toBe(seam);
    });
  });

  it('never throws from abandon(), even when storage does', () => {
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => oauth.abandon()).not.toThrow();
  });
});

describe('Stytch OAuth adapter: One Tap', () => {
  const START = `${BASE}/v1/public/oauth/google/onetap/start`;
  const CALLBACK_PATH = `${BASE}/v1/oauth/callback/:callbackId`;
  const stytchError = (status: number, type: string) =>
    HttpResponse.json({ status_code: status, request_id: 'request-id-test-1', error_type: type, error_message: `${type} (test)`, error_url: '' }, { status });
  const submit = { credential: 'google-id-token', callbackId: 'oauth-callback-test-1/x', loginRedirectUrl: CALLBACK, signupRedirectUrl: `${ORIGIN}/login/callback/web` };

  it("reads the project's One Tap settings from the sandbox, with credentials and without the SDK", async () => {
    const result = await oauth.oneTapSettings();
    expect(result).toMatchObject({ ok: true, value: { googleClientId: expect.stringMatching(/\.apps\.googleusercontent\.com$/), callbackId: expect.any(String) } });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${START}?public_token=${PUBLIC_TOKEN}`);
    expect(requests[0]?.init).toMatchObject({ method: 'GET', credentials: 'include', signal: expect.any(AbortSignal) });
  });

  it('reports an empty client id as oauth_config_not_found and Stytch errors by their type', async () => {
    server.use(http.get(START, () => HttpResponse.json({ status_code: 200, request_id: 'r', google_client_id: '', oauth_callback_id: 'cb' })));
    expect(await oauth.oneTapSettings()).toMatchObject({ ok: false, error: { code: 'provider_error', providerType: 'oauth_config_not_found' } });
    server.use(http.get(START, () => stytchError(400, 'no_login_redirect_urls_set')));
    expect(await oauth.oneTapSettings()).toMatchObject({
      ok: false,
      error: { code: 'provider_error', providerType: 'no_login_redirect_urls_set', status: 400, serverMessage: 'no_login_redirect_urls_set (test)' },
    });
  });

  it('maps throttling, outages, malformed answers and network failures like the other calls', async () => {
    server.use(http.get(START, () => new HttpResponse('slow down', { status: 429, headers: { 'Retry-After': '7' } })));
    expect(await oauth.oneTapSettings()).toMatchObject({ ok: false, error: { code: 'too_many_requests', status: 429, retryAfterMs: 7000, retryable: true } });
    server.use(http.get(START, () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
    expect(await oauth.oneTapSettings()).toMatchObject({ ok: false, error: { code: 'server_error', status: 502 } });
    server.use(http.get(START, () => new HttpResponse('{"google_client_id": "x', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    expect(await oauth.oneTapSettings()).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    server.use(http.get(START, () => HttpResponse.json({ status_code: 200 })));
    expect(await oauth.oneTapSettings()).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    server.use(http.get(START, () => HttpResponse.error()));
    expect(await oauth.oneTapSettings()).toMatchObject({ ok: false, error: { code: 'network_unreachable', retryable: true } });
  });

  it('aborts the request when the caller gives up', async () => {
    let release = () => {};
    server.use(http.get(START, () => new Promise<Response>((resolve) => (release = () => resolve(HttpResponse.json({}))))));
    const controller = new AbortController();
    const pending = oauth.oneTapSettings({ signal: controller.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect((requests[0]?.init?.signal as AbortSignal | undefined)?.aborted).toBe(true);
    release();
  });

  it('submits the credential with the CSRF cookie and answers the URL to continue at', async () => {
    let seen: { callbackId: unknown; type: string | null; body: unknown } | null = null;
    server.use(
      http.post(CALLBACK_PATH, async ({ request: posted, params }) => {
        seen = { callbackId: params['callbackId'], type: posted.headers.get('x-stytch-oauth-type'), body: await posted.json() };
        return HttpResponse.json({ status_code: 200, request_id: 'r', redirect_url: `${CALLBACK}?stytch_token_type=oauth&token=t` });
      }),
    );
    document.cookie = 'stytch_csrf_private_token=csrf%20value; path=/';
    try {
      expect(await oauth.oneTapSubmit(submit)).toEqual({ ok: true, value: { redirectUrl: `${CALLBACK}?stytch_token_type=oauth&token=t` } });
    } finally {
      document.cookie = 'stytch_csrf_private_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
    expect(seen).toEqual({
      callbackId: 'oauth-callback-test-1/x',
      type: 'google-one-tap',
      body: { id_token: 'google-id-token', stytch_csrf_token: 'csrf value', login_redirect_url: CALLBACK, signup_redirect_url: `${ORIGIN}/login/callback/web` },
    });
    expect(requests[0]?.url).toBe(`${BASE}/v1/oauth/callback/oauth-callback-test-1%2Fx`);
    expect(requests[0]?.init).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it('sends an empty CSRF token without the cookie, and fails an answer that is not a success', async () => {
    let csrf: unknown = null;
    server.use(
      http.post(CALLBACK_PATH, async ({ request: posted }) => {
        csrf = ((await posted.json()) as { stytch_csrf_token?: unknown }).stytch_csrf_token;
        return stytchError(400, 'oauth_flow_callback_error');
      }),
    );
    expect(await oauth.oneTapSubmit(submit)).toMatchObject({ ok: false, error: { code: 'oauth_flow_callback_error', status: 400 } });
    expect(csrf).toBe('');
    server.use(http.post(CALLBACK_PATH, () => HttpResponse.json({ status_code: 302, request_id: 'r', redirect_url: CALLBACK })));
    expect(await oauth.oneTapSubmit(submit)).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    server.use(http.post(CALLBACK_PATH, () => HttpResponse.json({ status_code: 200, request_id: 'r' })));
    expect(await oauth.oneTapSubmit(submit)).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });
});
