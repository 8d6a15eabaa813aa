import { describe, expect, it } from 'vitest';
import { OAUTH_START_MINUTES } from './oauth-handlers';
import { OAUTH_TOKEN_MINUTES, issueOAuthToken } from './oauth-tokens';
import { ORIGIN, PUBLIC_TOKEN, arr, controlCall, data, obj, sdkCall, str, type JsonReply, SANDBOX_TEST_START, sandboxUnderTest } from './test-support';

const START = SANDBOX_TEST_START;
const MINUTE = 60_000;
const { sandbox, clock } = sandboxUnderTest(START);

const CALLBACK = `${ORIGIN}/login/callback`;
const HOSTILE = '"><script>alert(1)</script>@example.com';

interface Page {
  status: number;
  headers: Headers;
  html: string;
}

async function startFlow(provider: string, query: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Page> {
  const url = new URL(`${ORIGIN}/__sandbox/stytch/v1/public/oauth/${provider}/start`);
  url.searchParams.set('public_token', PUBLIC_TOKEN);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const asJson = (page: Page): JsonReply => ({ status: page.status, headers: page.headers, json: JSON.parse(page.html) as unknown });

/** The one-time id the provider page posts back. */
function stateOf(page: Page): string {
  const match = /name="state" value="([^"]+)"/.exec(page.html);
  if (!match?.[1]) throw new Error(`no state in the page (${page.status}): ${page.html.slice(0, 300)}`);
  return match[1];
}

async function complete(provider: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${ORIGIN}/__sandbox/stytch/v1/public/oauth/${provider}/complete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Starts at `provider` and picks (or types) `email`; the URL the visitor is sent back to. */
async function signInAt(provider: string, email: string, query: Record<string, string> = {}): Promise<URL> {
  const page = await startFlow(provider, { login_redirect_url: CALLBACK, signup_redirect_url: CALLBACK, ...query });
  const response = await complete(provider, { state: stateOf(page), action: 'other', email });
  expect(response.status, await response.clone().text()).toBe(303);
  return new URL(str(response.headers.get('location')));
}

const tokenOf = (url: URL): string => str(url.searchParams.get('token'));

const authenticate = (token: string, extra: Record<string, unknown> = {}) =>
  sdkCall('POST', '/oauth/authenticate', { body: { token, session_duration_minutes: 60, ...extra } });

function expectStytchError(result: JsonReply, status: number, errorType: string): Record<string, unknown> {
  expect(result.status, JSON.stringify(result.json)).toBe(status);
  const body = obj(result.json);
  expect(body).toMatchObject({ status_code: status, error_type: errorType, error_url: `https://stytch.com/docs/api/errors/${status}#${errorType}` });
  expect(typeof body['error_message']).toBe('string');
  return body;
}

async function seed(email: string): Promise<void> {
  const created = await controlCall('POST', '/users', { email });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
}

async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = 'd'.repeat(128);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const challenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return { verifier, challenge };
}

describe('oauth start: the emulated provider page', () => {
  it('is clearly the sandbox standing in for the provider, offering each user, another account and Cancel', async () => {
    await seed('alice@example.com');
    await seed('bob@example.com');
    const page = await startFlow('google', { login_redirect_url: CALLBACK, signup_redirect_url: CALLBACK });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const csp = str(page.headers.get('content-security-policy'));
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.html).toContain('<title>Sandbox OAuth provider — Google</title>');
    expect(page.html).toContain('<h1>Sandbox OAuth provider — Google</h1>');
    expect(page.html).toContain('>Continue as alice@example.com</button>');
    expect(page.html).toContain('>Continue as bob@example.com</button>');
    expect(page.html).toContain('Use another account');
    expect(page.html).toMatch(/<label for="other-email">[^<]+<\/label>\s*<input id="other-email" name="email"/);
    expect(page.html).toContain('value="cancel">Cancel</button>');
    expect(page.html).toContain('action="/__sandbox/stytch/v1/public/oauth/google/complete"');
    // Plain forms only: no script, nothing from elsewhere.
    expect(page.html).not.toMatch(/<script|\son\w+=|javascript:/i);
    expect(page.html).not.toMatch(/(src|href)="https?:/i);
    expect((await startFlow('github', { login_redirect_url: CALLBACK })).html).toContain('Sandbox OAuth provider — GitHub');
  });

  it('offers the five newest accounts and a search by e-mail for the others (issue 16)', async () => {
    for (let n = 1; n <= 12; n += 1) await seed(`user-${String(n).padStart(2, '0')}@example.com`);
    const page = await startFlow('google', { login_redirect_url: CALLBACK, signup_redirect_url: CALLBACK });
    const offered = (html: string) => [...html.matchAll(/>Continue as ([^<]+)<\/button>/g)].map((match) => match[1]);
    expect(offered(page.html)).toEqual(['user-12@example.com', 'user-11@example.com', 'user-10@example.com', 'user-09@example.com', 'user-08@example.com']);
    expect(page.html).toContain('The 5 newest of 12 accounts.');
    expect(page.html).toMatch(/<form method="get" action="\/__sandbox\/stytch\/v1\/public\/oauth\/google\/choose" role="search">/);
    expect(page.html).toMatch(/<label for="account-search">Search accounts by email<\/label>\s*<input id="account-search" name="search" type="search"/);

    const search = async (query: Record<string, string>) => {
      const response = await fetch(`${ORIGIN}/__sandbox/stytch/v1/public/oauth/google/choose?${new URLSearchParams(query).toString()}`);
      return { status: response.status, headers: response.headers, html: await response.text() };
    };
    const state = stateOf(page);
    const found = await search({ state, search: '  USER-03 ' });
    expect(found.status).toBe(200);
    expect(found.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(offered(found.html)).toEqual(['user-03@example.com']);
    expect(found.html).toContain('1 account matches “USER-03”.');
    expect(found.html).toContain('value="USER-03"');
    // The searched account signs in as a listed one does: same form, same state.
    expect(stateOf(found)).toBe(state);
    const response = await complete('google', { state, action: 'account', email: 'user-03@example.com' });
    expect(response.status).toBe(303);

    const again = stateOf(await startFlow('google', { login_redirect_url: CALLBACK }));
    expect(offered((await search({ state: again, search: 'user' })).html)).toHaveLength(12);
    expect((await search({ state: again, search: '' })).html).toContain('The 5 newest of 12 accounts.');
    const hostile = await search({ state: again, search: HOSTILE });
    expect(hostile.html).toContain('No account matches “&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.com”.');
    expect(hostile.html).not.toContain('<script>');

    // Only a live attempt of this provider can be searched: the state is what completes it.
    expect((await search({ state, search: 'user' })).status).toBe(400);
    expect((await fetch(`${ORIGIN}/__sandbox/stytch/v1/public/oauth/github/choose?state=${again}`)).status).toBe(400);
    clock.now += OAUTH_START_MINUTES * MINUTE + 1;
    const expired = await search({ state: again, search: 'user' });
    expect(expired.status).toBe(400);
    expect(expired.html).toContain('This sign-in attempt is unknown, expired or already finished.');
  });

  it('escapes hostile addresses and scopes, and signs the hostile user in as themselves', async () => {
    await seed(HOSTILE);
    const page = await startFlow('google', { login_redirect_url: CALLBACK, custom_scopes: '<b>x</b> calendar' });
    expect(page.html).not.toContain('<script>');
    expect(page.html).not.toContain('<b>');
    expect(page.html).toContain('Continue as &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.com');
    expect(page.html).toContain('<code>&lt;b&gt;x&lt;/b&gt;</code>, <code>calendar</code>');
    // The button's value decodes back to the address itself.
    const response = await complete('google', { state: stateOf(page), action: 'account', email: HOSTILE });
    const signedIn = data(await authenticate(tokenOf(new URL(str(response.headers.get('location'))))));
    expect(obj(signedIn['user'])).toMatchObject({ emails: [{ email: HOSTILE }] });
  });

  it('refuses an unknown provider, a missing or foreign public token, and a disabled product, as JSON', async () => {
    expectStytchError(asJson(await startFlow('myspace', { login_redirect_url: CALLBACK })), 400, 'invalid_oauth_provider');
    const bare = await fetch(`${ORIGIN}/__sandbox/stytch/v1/public/oauth/google/start`);
    expectStytchError({ status: bare.status, headers: bare.headers, json: await bare.json() }, 400, 'public_token_required');
    expectStytchError(asJson(await startFlow('google', { public_token: 'public-token-live-x' })), 401, 'public_token_not_found');
    await controlCall('PUT', '/project', { sdk_products: { oauth: false } });
    expectStytchError(asJson(await startFlow('google', { login_redirect_url: CALLBACK })), 403, 'endpoint_not_authorized_for_sdk');
  });

  it('applies a scripted fault to the navigation', async () => {
    await controlCall('POST', '/faults', { path: '/v1/public/oauth/google/start', status: 503, times: 1 });
    const faulty = await startFlow('google', { login_redirect_url: CALLBACK });
    expectStytchError(asJson(faulty), 503, 'service_unavailable');
    expect((await startFlow('google', { login_redirect_url: CALLBACK })).status).toBe(200);
  });
});

describe('oauth start: redirect URLs', () => {
  it('refuses URLs not registered for their type, saying how to register them', async () => {
    for (const url of ['http://localhost:5173/elsewhere', 'http://evil.example/login/callback', 'http://localhost:5173/login/callback/']) {
      const body = expectStytchError(asJson(await startFlow('google', { login_redirect_url: url })), 400, 'no_match_for_provided_oauth_url');
      expect(str(body['error_message'])).toContain('PUT /__sandbox/api/project (redirect_urls.login)');
    }
    await controlCall('PUT', '/project', { redirect_urls: { signup: ['http://localhost:*/welcome'] } });
    const crossed = expectStytchError(asJson(await startFlow('google', { signup_redirect_url: CALLBACK })), 400, 'no_match_for_provided_oauth_url');
    expect(str(crossed['error_message'])).toContain('redirect_urls.signup');
    expectStytchError(asJson(await startFlow('google', { login_redirect_url: 'javascript:alert(1)' })), 400, 'invalid_login_oauth_url');
    expectStytchError(asJson(await startFlow('google', { signup_redirect_url: '/login/callback' })), 400, 'invalid_signup_oauth_url');
  });

  it("keeps the URL's own query, sends existing users to the login URL and new ones to the sign-up URL", async () => {
    await seed('alice@example.com');
    const query = { login_redirect_url: `${CALLBACK}?redirect=%2Forders&flow=login`, signup_redirect_url: `${ORIGIN}/login/callback/web?flow=signup` };
    const existing = await signInAt('google', 'Alice@Example.com', query);
    expect(existing.origin + existing.pathname).toBe(CALLBACK);
    expect(existing.searchParams.get('redirect')).toBe('/orders');
    expect(existing.searchParams.get('flow')).toBe('login');
    expect(existing.searchParams.get('stytch_token_type')).toBe('oauth');
    expect(tokenOf(existing)).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    const fresh = await signInAt('google', 'new.person@example.com', query);
    expect(fresh.pathname).toBe('/login/callback/web');
    expect(fresh.searchParams.get('flow')).toBe('signup');
  });

  it("uses the project's default of each type when none is given, for the page's port", async () => {
    const page = await startFlow('google');
    const response = await complete('google', { state: stateOf(page), action: 'other', email: 'new.person@example.com' });
    expect(response.headers.get('location')).toMatch(/^http:\/\/localhost:5173\/login\/callback\?stytch_token_type=oauth&token=/);
    const elsewhere = await startFlow('google', {}, { 'X-SDK-Parent-Host': 'http://localhost:5199' });
    const cancelled = await complete('google', { state: stateOf(elsewhere), action: 'cancel' });
    expect(cancelled.headers.get('location')).toMatch(/^http:\/\/localhost:5199\/login\/callback\?/);
  });

  it('refuses a start without a URL when the project has no default', async () => {
    await controlCall('PUT', '/project', { redirect_urls: { login: [] } });
    expectStytchError(asJson(await startFlow('google', { signup_redirect_url: CALLBACK })), 400, 'no_login_redirect_urls_set');
    await controlCall('PUT', '/project', { redirect_urls: { login: ['https://*.shop.example/auth'] } });
    expectStytchError(asJson(await startFlow('google', { signup_redirect_url: CALLBACK })), 400, 'no_default_login_redirect_url_set');
  });
});

describe('oauth complete: the forms', () => {
  it('re-renders an invalid typed address with a message, the value kept, and the same attempt', async () => {
    const page = await startFlow('google', { login_redirect_url: CALLBACK });
    const state = stateOf(page);
    const refused = await complete('google', { state, action: 'other', email: '"><img src=x onerror=alert(1)>' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('aria-invalid="true" aria-describedby="other-email-error"');
    expect(html).toMatch(/<p id="other-email-error" role="alert">[^<]*email address[^<]*<\/p>/);
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).not.toContain('<img');
    expect(stateOf({ status: 400, headers: refused.headers, html })).toBe(state);
    expect(sandbox.state.oauthTokens.size).toBe(0);
    expect((await complete('google', { state, action: 'other', email: 'ada@example.com' })).status).toBe(303);
  });

  it('answers a reused, unknown, expired or mismatched attempt with an error page', async () => {
    const expectErrorPage = async (response: Response) => {
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(await response.text()).toContain('role="alert"');
    };
    const state = stateOf(await startFlow('google', { login_redirect_url: CALLBACK }));
    expect((await complete('google', { state, action: 'other', email: 'ada@example.com' })).status).toBe(303);
    await expectErrorPage(await complete('google', { state, action: 'other', email: 'ada@example.com' }));
    await expectErrorPage(await complete('google', { state: 'never-issued', action: 'cancel' }));
    const other = stateOf(await startFlow('google', { login_redirect_url: CALLBACK }));
    await expectErrorPage(await complete('github', { state: other, action: 'cancel' }));
    clock.now += OAUTH_START_MINUTES * MINUTE + 1;
    await expectErrorPage(await complete('google', { state: other, action: 'cancel' }));
    expect(sandbox.state.oauthTokens.size).toBe(1);
  });

  it('records the challenge, scopes and provider parameters with the token', async () => {
    const { challenge } = await pkcePair();
    const url = await signInAt('google', 'ada@example.com', { code_challenge: challenge, custom_scopes: 'calendar  drive', provider_prompt: 'consent', provider_login_hint: 'ada' });
    expect(sandbox.state.oauthTokens.get(tokenOf(url))).toMatchObject({
      provider: 'google',
      email: 'ada@example.com',
      outcome: 'granted',
      via: 'redirect',
      codeChallenge: challenge,
      customScopes: ['calendar', 'drive'],
      providerParams: { prompt: 'consent', login_hint: 'ada' },
      expiresAt: START + OAUTH_TOKEN_MINUTES * MINUTE,
    });
  });
});

describe('oauth/authenticate', () => {
  it('creates the user on first sign-in, with the provider registration, and answers like Stytch', async () => {
    const first = data(await authenticate(tokenOf(await signInAt('google', 'Ada@Example.com', { custom_scopes: 'calendar' }))));
    expect(first).toMatchObject({
      status_code: 200,
      user_created: true,
      provider_type: 'google',
      profile_picture_url: '',
      locale: 'en',
      provider_values: { scopes: ['openid', 'email', 'profile', 'calendar'], expires_at: new Date(START + 60 * MINUTE).toISOString() },
      user: { emails: [{ email: 'ada@example.com', verified: true }] },
      session: { expires_at: new Date(START + 60 * MINUTE).toISOString() },
    });
    for (const key of ['session_token', 'session_jwt', 'provider_subject', 'oauth_user_registration_id']) expect(str(first[key]), key).not.toBe('');
    const values = obj(first['provider_values']);
    for (const key of ['access_token', 'id_token', 'refresh_token']) expect(str(values[key]), key).not.toBe('');
    const user = obj(first['user']);
    expect(arr(user['providers'])).toEqual([
      {
        provider_type: 'google',
        provider_subject: first['provider_subject'],
        profile_picture_url: '',
        locale: 'en',
        oauth_user_registration_id: first['oauth_user_registration_id'],
      },
    ]);
    expect(obj(first['session'])).toMatchObject({
      authentication_factors: [
        {
          type: 'oauth',
          delivery_method: 'oauth_google',
          google_oauth_factor: { id: first['oauth_user_registration_id'], provider_subject: first['provider_subject'] },
        },
      ],
    });
    // The session works.
    expect(data(await sdkCall('GET', '/users/me', { sessionToken: str(first['session_token']) }))['user_id']).toBe(first['user_id']);

    const again = data(await authenticate(tokenOf(await signInAt('google', 'ada@example.com'))));
    expect(again).toMatchObject({ user_created: false, user_id: first['user_id'], provider_subject: first['provider_subject'] });
    expect(arr(obj(again['user'])['providers'])).toHaveLength(1);
    const github = data(await authenticate(tokenOf(await signInAt('github', 'ada@example.com'))));
    expect(arr(obj(github['user'])['providers']).map((entry) => obj(entry)['provider_type'])).toEqual(['google', 'github']);
    expect(sandbox.state.users.size).toBe(1);
  });

  it('verifies the address of an existing unverified user, and activates a pending one', async () => {
    await sdkCall('POST', '/magic_links/email/login_or_create', { body: { email: 'pat@example.com', login_magic_link_url: CALLBACK } });
    const signedIn = data(await authenticate(tokenOf(await signInAt('google', 'pat@example.com'))));
    expect(signedIn).toMatchObject({ user_created: false, user: { emails: [{ email: 'pat@example.com', verified: true }] } });
    await sdkCall('POST', '/magic_links/email/login_or_create', { body: { email: 'lee@example.com', login_magic_link_url: CALLBACK, create_user_as_pending: true } });
    const query = { login_redirect_url: CALLBACK, signup_redirect_url: `${ORIGIN}/login/callback/web` };
    const back = await signInAt('google', 'lee@example.com', query);
    // Pending users finish signing up, as with magic links.
    expect(back.pathname).toBe('/login/callback/web');
    expect(data(await authenticate(tokenOf(back)))).toMatchObject({ user_created: false, user: { status: 'active' } });
  });

  it('redeems a token once; unknown and expired tokens are not found', async () => {
    const token = tokenOf(await signInAt('google', 'ada@example.com'));
    expect((await authenticate(token)).status).toBe(200);
    expectStytchError(await authenticate(token), 404, 'oauth_token_not_found');
    expectStytchError(await authenticate('never-issued'), 404, 'oauth_token_not_found');
    expectStytchError(await sdkCall('POST', '/oauth/authenticate', { body: {} }), 404, 'oauth_token_not_found');
    const late = tokenOf(await signInAt('google', 'ada@example.com'));
    clock.now += OAUTH_TOKEN_MINUTES * MINUTE;
    const onTime = tokenOf(await signInAt('google', 'ada@example.com'));
    clock.now += 1;
    expectStytchError(await authenticate(late), 404, 'oauth_token_not_found');
    expect((await authenticate(onTime)).status).toBe(200);
  });

  it('proves PKCE: the right verifier signs in, a wrong or missing one fails and uses the token up', async () => {
    const { verifier, challenge } = await pkcePair();
    const right = tokenOf(await signInAt('google', 'ada@example.com', { code_challenge: challenge }));
    expect((await authenticate(right, { code_verifier: verifier })).status).toBe(200);
    const wrong = tokenOf(await signInAt('google', 'ada@example.com', { code_challenge: challenge }));
    expectStytchError(await authenticate(wrong, { code_verifier: 'e'.repeat(128) }), 400, 'pkce_mismatch');
    expectStytchError(await authenticate(wrong, { code_verifier: verifier }), 404, 'oauth_token_not_found');
    const missing = tokenOf(await signInAt('google', 'ada@example.com', { code_challenge: challenge }));
    expectStytchError(await authenticate(missing), 400, 'pkce_expected_code_verifier');
    expectStytchError(await authenticate(missing, { code_verifier: verifier }), 404, 'oauth_token_not_found');
    expect(sandbox.state.sessions.size).toBe(1);
  });

  it('answers a cancelled round trip with oauth_flow_callback_error, once', async () => {
    await seed('alice@example.com');
    const page = await startFlow('google', { login_redirect_url: CALLBACK, signup_redirect_url: `${ORIGIN}/login/callback/web` });
    const response = await complete('google', { state: stateOf(page), action: 'cancel' });
    expect(response.status).toBe(303);
    const back = new URL(str(response.headers.get('location')));
    expect(back.origin + back.pathname).toBe(CALLBACK);
    const body = expectStytchError(await authenticate(tokenOf(back)), 400, 'oauth_flow_callback_error');
    expect(str(body['error_message'])).toContain('cancelled');
    expectStytchError(await authenticate(tokenOf(back)), 404, 'oauth_token_not_found');
    expect(sandbox.state.sessions.size).toBe(0);
  });

  it("redeems One Tap's tokens without PKCE, ignoring a stray verifier", async () => {
    const issue = () => issueOAuthToken(sandbox.state, clock.now, { provider: 'google', email: 'tap@example.com', outcome: 'granted', via: 'one_tap', codeChallenge: null });
    expect(data(await authenticate(issue()))).toMatchObject({ user_created: true, provider_type: 'google' });
    expect(data(await authenticate(issue(), { code_verifier: 'f'.repeat(128) }))).toMatchObject({ user_created: false });
  });

  it('needs the SDK credentials, a valid session duration and the oauth product', async () => {
    const token = tokenOf(await signInAt('google', 'ada@example.com'));
    const anonymous = await fetch(`${ORIGIN}/__sandbox/stytch/sdk/v1/oauth/authenticate`, { method: 'POST', body: JSON.stringify({ token }) });
    expect(anonymous.status).toBe(401);
    expectStytchError(await authenticate(token, { session_duration_minutes: 1 }), 400, 'invalid_session_duration_minutes');
    await controlCall('PUT', '/project', { sdk_products: { oauth: false } });
    expectStytchError(await authenticate(token), 403, 'endpoint_not_authorized_for_sdk');
    await controlCall('PUT', '/project', { sdk_products: { oauth: true } });
    // Refusals before the token is looked at leave it usable.
    expect((await authenticate(token)).status).toBe(200);
  });

  it('applies faults to authenticate like to any SDK call', async () => {
    const token = tokenOf(await signInAt('google', 'ada@example.com'));
    await controlCall('POST', '/faults', { path: '/sdk/v1/oauth/authenticate', status: 429, retry_after_seconds: 3, times: 1 });
    const limited = await authenticate(token);
    expectStytchError(limited, 429, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('3');
    expect((await authenticate(token)).status).toBe(200);
  });
});
