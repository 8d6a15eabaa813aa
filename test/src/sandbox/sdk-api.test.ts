import { describe, expect, it } from 'vitest';
import { defaultRbacPolicy } from './idp';
import { CALLBACK_URL, ORIGIN, PUBLIC_TOKEN, arr, controlCall, data, obj, sdkCall, str, type JsonReply, SANDBOX_TEST_START, sandboxUnderTest } from './test-support';

const START = SANDBOX_TEST_START;
const MINUTE = 60_000;
const { sandbox, clock } = sandboxUnderTest(START);

function expectStytchError(result: JsonReply, status: number, errorType: string): Record<string, unknown> {
  expect(result.status).toBe(status);
  expect(result.headers.get('content-type')).toContain('application/json');
  const body = obj(result.json);
  expect(body).toMatchObject({ status_code: status, error_type: errorType });
  expect(typeof body['request_id']).toBe('string');
  expect(typeof body['error_message']).toBe('string');
  expect(body['error_url']).toBe(`https://stytch.com/docs/api/errors/${status}#${errorType}`);
  // These keys would turn the SDK's StytchAPIError into a schema error.
  for (const key of ['body', 'params', 'query']) expect(body).not.toHaveProperty(key);
  return body;
}

async function loginOrCreate(email: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return data(
    await sdkCall('POST', '/magic_links/email/login_or_create', {
      body: { email, login_magic_link_url: CALLBACK_URL, signup_magic_link_url: CALLBACK_URL, ...extra },
    }),
  );
}

function lastLinkToken(): string {
  const message = sandbox.state.messages.at(-1);
  const link = new URL(str(message?.link));
  return str(link.searchParams.get('token'));
}

async function signIn(email: string): Promise<Record<string, unknown>> {
  await loginOrCreate(email);
  return data(
    await sdkCall('POST', '/magic_links/authenticate', { body: { token: lastLinkToken(), session_duration_minutes: 60 } }),
  );
}

describe('bootstrap', () => {
  it('returns the minimal safe bootstrap the SDK needs offline', async () => {
    const result = await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`);
    expect(result.headers.get('cache-control')).toBe('no-store');
    const bootstrap = data(result);
    expect(bootstrap).toMatchObject({
      status_code: 200,
      project_name: 'Vestibule Sandbox',
      captcha_settings: { enabled: false },
      password_config: { luds_complexity: 3, luds_minimum_count: 8 },
      dfp_protected_auth_enabled: false,
      // A shop's roles and scopes (./idp); the identity provider's tests cover it.
      rbac_policy: defaultRbacPolicy(),
      vertical: 'CONSUMER',
      cname_domain: null,
      pkce_required_for_email_magic_links: false,
      pkce_required_for_password_resets: false,
      pkce_required_for_oauth: true,
      pkce_required_for_sso: false,
      email_domains: ['mail.vestibule.test'],
    });
    expect(str(bootstrap['request_id'])).toMatch(/^request-id-test-[0-9a-f-]{36}$/);
  });

  it('rejects a public token outside the sandbox prefix', async () => {
    expectStytchError(await sdkCall('GET', '/projects/bootstrap/public-token-live-x'), 401, 'public_token_not_found');
  });
});

describe('magic links: login_or_create', () => {
  it('creates the user and e-mails a sign-up link that keeps the redirect query', async () => {
    const sent = await loginOrCreate('Ada@Example.com');
    expect(sent).toMatchObject({ status_code: 200, user_created: true });
    expect(str(sent['user_id'])).toMatch(/^user-test-[0-9a-f-]{36}$/);
    expect(str(sent['email_id'])).toMatch(/^email-test-[0-9a-f-]{36}$/);

    const users = arr((await controlCall('GET', '/users')).json);
    expect(users).toHaveLength(1);
    expect(obj(users[0])).toMatchObject({
      user_id: sent['user_id'],
      status: 'active',
      emails: [{ email: 'ada@example.com', email_id: sent['email_id'], verified: false }],
      password: null,
    });

    const [message] = sandbox.state.messages;
    expect(message).toMatchObject({
      channel: 'email',
      from: 'login@mail.vestibule.test',
      to: 'ada@example.com',
      subject: 'Finish signing up',
    });
    const link = new URL(str(message?.link));
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/login/callback`);
    expect(link.searchParams.get('redirect')).toBe('/account');
    expect(link.searchParams.get('source')).toBe('web');
    expect(link.searchParams.get('stytch_token_type')).toBe('magic_links');
    // Padded like Stytch's own tokens (44 characters, base64url, `=`), and percent-encoded in the link.
    expect(str(link.searchParams.get('token'))).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(link.search).toMatch(/[?&]token=[A-Za-z0-9_-]{43}%3D(&|$)/);
    expect(message?.text).toContain(message?.link);
  });

  it('sends existing users a login link to the login URL', async () => {
    await loginOrCreate('ada@example.com');
    const again = data(
      await sdkCall('POST', '/magic_links/email/login_or_create', {
        body: {
          email: 'ADA@example.com',
          login_magic_link_url: `${ORIGIN}/login/callback?flow=login`,
          signup_magic_link_url: `${ORIGIN}/login/callback/web`,
        },
      }),
    );
    expect(again['user_created']).toBe(false);
    expect(sandbox.state.users.size).toBe(1);
    const message = sandbox.state.messages.at(-1);
    expect(message?.subject).toBe('Your login link');
    expect(new URL(str(message?.link)).searchParams.get('flow')).toBe('login');
  });

  it('falls back to the other redirect URL and rejects a request with none', async () => {
    await sdkCall('POST', '/magic_links/email/login_or_create', {
      body: { email: 'ada@example.com', login_magic_link_url: `${ORIGIN}/login/callback/web` },
    });
    expect(new URL(str(sandbox.state.messages.at(-1)?.link)).pathname).toBe('/login/callback/web');

    const none = await sdkCall('POST', '/magic_links/email/login_or_create', { body: { email: 'bob@example.com' } });
    expectStytchError(none, 400, 'no_login_redirect_urls_set');
    expect(sandbox.state.users.size).toBe(1);
  });

  it('rejects an invalid e-mail with 400 invalid_email', async () => {
    for (const email of ['not-an-email', 'a@b', 'a@b.c', 'a b@example.com', '']) {
      const result = await sdkCall('POST', '/magic_links/email/login_or_create', {
        body: { email, login_magic_link_url: CALLBACK_URL },
      });
      expect(expectStytchError(result, 400, 'invalid_email')['error_message']).toBe('Email format is invalid.');
    }
    expect(sandbox.state.users.size).toBe(0);
    expect(sandbox.state.messages).toHaveLength(0);
  });
});

describe('magic links: send/primary', () => {
  it('sends to existing users only', async () => {
    expectStytchError(
      await sdkCall('POST', '/magic_links/email/send/primary', {
        body: { email: 'nobody@example.com', login_magic_link_url: CALLBACK_URL },
      }),
      404,
      'email_not_found',
    );
    await controlCall('POST', '/users', { email: 'ada@example.com' });
    const sent = data(
      await sdkCall('POST', '/magic_links/email/send/primary', {
        body: { email: 'ada@example.com', login_magic_link_url: CALLBACK_URL },
      }),
    );
    expect(sent['user_created']).toBe(false);
    expect(sandbox.state.messages.at(-1)?.subject).toBe('Your login link');
  });
});

describe('magic links: authenticate', () => {
  it('returns a full session, and the token works for users/me and sessions/authenticate', async () => {
    const sent = await loginOrCreate('ada@example.com');
    const auth = data(
      await sdkCall('POST', '/magic_links/authenticate', { body: { token: lastLinkToken(), session_duration_minutes: 45 } }),
    );
    expect(auth['user_id']).toBe(sent['user_id']);
    expect(auth['method_id']).toBe(sent['email_id']);
    const token = str(auth['session_token']);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(str(auth['session_jwt'])).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(auth['__user']).toEqual(auth['user']);
    expect(obj(auth['user'])).toMatchObject({
      user_id: sent['user_id'],
      emails: [{ email: 'ada@example.com', verified: true }],
      phone_numbers: [],
      providers: [],
      crypto_wallets: [],
      webauthn_registrations: [],
      totps: [],
      biometric_registrations: [],
      trusted_metadata: {},
      untrusted_metadata: {},
      roles: [],
      name: { first_name: '', middle_name: '', last_name: '' },
    });
    const session = obj(auth['session']);
    expect(str(session['session_id'])).toMatch(/^session-test-[0-9a-f-]{36}$/);
    expect(session).toMatchObject({
      user_id: sent['user_id'],
      started_at: new Date(START).toISOString(),
      last_accessed_at: new Date(START).toISOString(),
      expires_at: new Date(START + 45 * MINUTE).toISOString(),
      attributes: { ip_address: '' },
      custom_claims: {},
      roles: [],
      authentication_factors: [
        {
          type: 'magic_link',
          delivery_method: 'email',
          last_authenticated_at: new Date(START).toISOString(),
          email_factor: { email_id: sent['email_id'], email_address: 'ada@example.com' },
        },
      ],
    });

    const me = data(await sdkCall('GET', '/users/me', { sessionToken: token }));
    expect(me).toMatchObject({ status_code: 200, user_id: sent['user_id'], emails: [{ verified: true }] });

    clock.now += 2 * MINUTE;
    const refreshed = data(await sdkCall('POST', '/sessions/authenticate', { sessionToken: token, body: {} }));
    expect(refreshed['session_token']).toBe(token);
    expect(str(refreshed['session_jwt']).length).toBeGreaterThan(0);
    expect(refreshed['user']).toEqual(auth['user']);
    // Stable apart from last_accessed_at, so the SDK does not fire onChange on every refresh.
    expect(obj(refreshed['session'])).toEqual({ ...session, last_accessed_at: new Date(START + 2 * MINUTE).toISOString() });

    const extended = data(
      await sdkCall('POST', '/sessions/authenticate', { sessionToken: token, body: { session_duration_minutes: 60 } }),
    );
    expect(obj(extended['session'])['expires_at']).toBe(new Date(START + 62 * MINUTE).toISOString());
  });

  it('defaults the session to 60 minutes and ends it then', async () => {
    await loginOrCreate('ada@example.com');
    const auth = data(await sdkCall('POST', '/magic_links/authenticate', { body: { token: lastLinkToken() } }));
    expect(obj(auth['session'])['expires_at']).toBe(new Date(START + 60 * MINUTE).toISOString());
    clock.now += 60 * MINUTE;
    expectStytchError(
      await sdkCall('POST', '/sessions/authenticate', { sessionToken: str(auth['session_token']) }),
      404,
      'session_not_found',
    );
  });

  it('is single use: the second attempt fails with 401 unable_to_auth_magic_link', async () => {
    await loginOrCreate('ada@example.com');
    const token = lastLinkToken();
    data(await sdkCall('POST', '/magic_links/authenticate', { body: { token } }));
    const again = await sdkCall('POST', '/magic_links/authenticate', { body: { token } });
    expect(expectStytchError(again, 401, 'unable_to_auth_magic_link')['error_message']).toMatch(/already used or expired/);
  });

  it('expires after 30 minutes by default', async () => {
    await loginOrCreate('ada@example.com');
    const token = lastLinkToken();
    clock.now += 30 * MINUTE + 1;
    expectStytchError(await sdkCall('POST', '/magic_links/authenticate', { body: { token } }), 401, 'unable_to_auth_magic_link');
  });

  it('still works just before it expires, and honours a custom expiry', async () => {
    await loginOrCreate('ada@example.com', { signup_expiration_minutes: 10 });
    const token = lastLinkToken();
    clock.now += 10 * MINUTE;
    data(await sdkCall('POST', '/magic_links/authenticate', { body: { token } }));
    await loginOrCreate('ada@example.com');
    const second = lastLinkToken();
    clock.now += 29 * MINUTE;
    data(await sdkCall('POST', '/magic_links/authenticate', { body: { token: second } }));
  });

  it('answers 404 magic_link_not_found for an unknown token', async () => {
    expectStytchError(
      await sdkCall('POST', '/magic_links/authenticate', { body: { token: 'nope' } }),
      404,
      'magic_link_not_found',
    );
  });

  it('checks PKCE when the link was sent with a code_challenge', async () => {
    const verifier = 'a'.repeat(64);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    const challenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    await loginOrCreate('ada@example.com', { code_challenge: challenge });
    const token = lastLinkToken();
    expectStytchError(await sdkCall('POST', '/magic_links/authenticate', { body: { token } }), 400, 'pkce_expected_code_verifier');
    expectStytchError(
      await sdkCall('POST', '/magic_links/authenticate', { body: { token, code_verifier: 'b'.repeat(64) } }),
      400,
      'pkce_mismatch',
    );
    data(await sdkCall('POST', '/magic_links/authenticate', { body: { token, code_verifier: verifier } }));
  });
});

describe('users: search (the password screens\' account lookup)', () => {
  const search = async (email: unknown) => sdkCall('POST', '/users/search', { body: { email, dfp_telemetry_id: null, captcha_token: null } });

  it('tells a new address from a password account and a passwordless one, case-insensitively', async () => {
    expect(data(await search('nobody@example.com'))).toMatchObject({ status_code: 200, userType: 'new' });

    await controlCall('POST', '/users', { email: 'pat@example.com', password: 'correct horse battery staple' });
    expect(data(await search('Pat@Example.com'))).toMatchObject({ userType: 'password' });

    await signIn('mary@example.com');
    expect(data(await search('mary@example.com'))).toMatchObject({ userType: 'passwordless' });
  });

  it('answers nothing about a malformed address but invalid_email, and stores nothing', async () => {
    expectStytchError(await search('not-an-address'), 400, 'invalid_email');
    expectStytchError(await search(42), 400, 'invalid_email');
    expect(arr((await controlCall('GET', '/users')).json)).toEqual([]);
  });
});

describe('sessions', () => {
  it('revoke ends the session: sessions/authenticate 404, users/me 401', async () => {
    const token = str((await signIn('ada@example.com'))['session_token']);
    const revoked = data(await sdkCall('POST', '/sessions/revoke', { sessionToken: token, body: {} }));
    expect(revoked['status_code']).toBe(200);
    expectStytchError(await sdkCall('POST', '/sessions/authenticate', { sessionToken: token }), 404, 'session_not_found');
    expectStytchError(await sdkCall('GET', '/users/me', { sessionToken: token }), 401, 'unauthorized_credentials');
    expectStytchError(await sdkCall('POST', '/sessions/revoke', { sessionToken: token }), 401, 'unauthorized_credentials');
  });

  it('rejects callers without a session', async () => {
    expectStytchError(await sdkCall('GET', '/users/me'), 401, 'unauthorized_credentials');
    expectStytchError(await sdkCall('POST', '/sessions/authenticate', { sessionToken: 'forged' }), 404, 'session_not_found');
  });
});

describe('telemetry and coverage', () => {
  it('records SDK events and lists them, newest last', async () => {
    const batch = [
      { telemetry: {}, event: { public_token: PUBLIC_TOKEN, event_name: 'sdk_instance_instantiated', details: { a: 1 } } },
      { telemetry: {}, event: { public_token: PUBLIC_TOKEN, event_name: 'email_sent', details: null } },
    ];
    const response = await fetch(`${ORIGIN}/__sandbox/stytch/sdk/v1/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(batch),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: {} });
    const events = arr((await controlCall('GET', '/sdk-events')).json);
    expect(events.map((event) => obj(event)['event_name'])).toEqual(['sdk_instance_instantiated', 'email_sent']);
    expect(obj(events[0])).toMatchObject({ details: { a: 1 }, receivedAt: new Date(START).toISOString() });
  });

  it('fails loudly for SDK endpoints it does not emulate', async () => {
    // Not a product of the widget: a product's endpoints get a stub of their own (pnpm new:flow).
    const result = await sdkCall('POST', '/impersonation/authenticate', { body: { impersonation_token: 'token' } });
    const body = expectStytchError(result, 404, 'sandbox_endpoint_not_implemented');
    expect(body['error_message']).toBe('The sandbox does not emulate POST /__sandbox/stytch/sdk/v1/impersonation/authenticate yet.');
  });
});

describe('project settings: redirect URLs', () => {
  async function sendTo(loginUrl: string): Promise<JsonReply> {
    return sdkCall('POST', '/magic_links/email/login_or_create', {
      body: { email: 'ada@example.com', login_magic_link_url: loginUrl, signup_magic_link_url: loginUrl },
    });
  }

  it('accepts the registered callbacks on any localhost port, with extra query parameters', async () => {
    for (const url of [
      'http://localhost:5173/login/callback',
      'http://localhost:5199/login/callback?redirect=%2Forders&source=web',
      'http://localhost/login/callback/web',
    ]) {
      expect((await sendTo(url)).status, url).toBe(200);
    }
  });

  it('rejects what is not registered, as Stytch does', async () => {
    for (const url of [
      'http://localhost:5173/elsewhere',
      'http://localhost:5173/login/callback/',
      'https://localhost:5173/login/callback',
      'http://127.0.0.1:5173/login/callback',
      'http://evil.example/login/callback',
      'http://localhost.evil.example/login/callback',
    ]) {
      expectStytchError(await sendTo(url), 400, 'no_match_for_provided_magic_link_url');
    }
    expectStytchError(await sendTo('javascript:alert(1)'), 400, 'invalid_login_magic_link_url');
    expect(sandbox.state.users.size).toBe(0);
    expect(sandbox.state.messages).toHaveLength(0);
  });

  it('checks each URL against its own type, and follows the settings', async () => {
    await controlCall('PUT', '/project', {
      redirect_urls: {
        login: ['https://shop.example/auth?flow=login', 'https://*.shop.example/auth?tenant={}'],
        signup: ['https://shop.example:8443/welcome'],
      },
    });
    const result = (login: string, signup: string) =>
      sdkCall('POST', '/magic_links/email/login_or_create', {
        body: { email: 'ada@example.com', login_magic_link_url: login, signup_magic_link_url: signup },
      });
    expect((await result('https://shop.example/auth?flow=login&redirect=%2Fa', 'https://shop.example:8443/welcome')).status).toBe(200);
    expect((await result('https://eu.shop.example/auth?tenant=7', 'https://shop.example:8443/welcome')).status).toBe(200);
    // A registered query parameter must be present (with its value, unless registered as {}).
    expectStytchError(await result('https://shop.example/auth', 'https://shop.example:8443/welcome'), 400, 'no_match_for_provided_magic_link_url');
    expectStytchError(await result('https://shop.example/auth?flow=signup', 'https://shop.example:8443/welcome'), 400, 'no_match_for_provided_magic_link_url');
    expectStytchError(await result('https://eu.shop.example/auth', 'https://shop.example:8443/welcome'), 400, 'no_match_for_provided_magic_link_url');
    // A login URL is not a sign-up URL.
    const crossed = await result('https://shop.example/auth?flow=login', 'https://shop.example/auth?flow=login');
    expect(obj(expectStytchError(crossed, 400, 'no_match_for_provided_magic_link_url'))['error_message']).toContain('signup');
  });
});

describe('project settings: domains, products, limits, bootstrap', () => {
  it('refuses the SDK on a page of an unauthorized domain', async () => {
    const foreign = await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`, { headers: { 'X-SDK-Parent-Host': 'https://evil.example' } });
    expectStytchError(foreign, 403, 'bad_domain_for_stytch_sdk');
    const local = await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`, { headers: { 'X-SDK-Parent-Host': 'http://localhost:5199' } });
    expect(local.status).toBe(200);

    await controlCall('PUT', '/project', { authorized_domains: ['localhost', '*.shop.example'] });
    const shop = await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`, { headers: { Origin: 'https://eu.shop.example' } });
    expect(shop.status).toBe(200);
  });

  it('answers a disabled SDK product with endpoint_not_authorized_for_sdk', async () => {
    await controlCall('PUT', '/project', { sdk_products: { email_magic_links: false } });
    const result = await sdkCall('POST', '/magic_links/email/login_or_create', { body: { email: 'ada@example.com', login_magic_link_url: CALLBACK_URL } });
    expectStytchError(result, 403, 'endpoint_not_authorized_for_sdk');
    expect(sandbox.state.users.size).toBe(0);
    // Shared endpoints stay available.
    expect((await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`)).status).toBe(200);
  });

  it('reflects password policy, e-mail domains and PKCE flags in bootstrap', async () => {
    await controlCall('PUT', '/project', {
      password_policy: { luds_min_length: 12, luds_min_complexity: 4 },
      email_domains: ['mail.shop.example'],
      pkce_required_for_email_magic_links: true,
    });
    expect(data(await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`))).toMatchObject({
      password_config: { luds_complexity: 4, luds_minimum_count: 12 },
      email_domains: ['mail.shop.example'],
      pkce_required_for_email_magic_links: true,
      pkce_required_for_password_resets: false,
    });
    await controlCall('PUT', '/project', { password_policy: { strength_policy: 'zxcvbn' } });
    const zxcvbn = data(await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`));
    expect(zxcvbn).toHaveProperty('password_config', null);
  });

  it('takes the session-duration range from the settings', async () => {
    await loginOrCreate('ada@example.com');
    await controlCall('PUT', '/project', { session_duration_minutes: { max: 30 } });
    const tooLong = await sdkCall('POST', '/magic_links/authenticate', { body: { token: lastLinkToken(), session_duration_minutes: 60 } });
    expect(obj(expectStytchError(tooLong, 400, 'invalid_session_duration_minutes'))['error_message']).toContain('between 5 and 30');
    expect((await sdkCall('POST', '/magic_links/authenticate', { body: { token: lastLinkToken(), session_duration_minutes: 30 } })).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits magic-link sends per address with 429 and Retry-After, until the window passes', async () => {
    await controlCall('PUT', '/project', { rate_limits: { magic_link_sends_per_email: { max: 2, window_seconds: 60 } } });
    await loginOrCreate('ada@example.com');
    clock.now += 10_000;
    await loginOrCreate('ADA@example.com');
    clock.now += 5_000;
    const limited = await sdkCall('POST', '/magic_links/email/login_or_create', {
      body: { email: 'ada@example.com', login_magic_link_url: CALLBACK_URL },
    });
    expectStytchError(limited, 429, 'too_many_requests');
    // The first send leaves the window 60 s after it was made: 45 s from now.
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(sandbox.state.messages).toHaveLength(2);
    // Another address has its own budget.
    await loginOrCreate('bob@example.com');

    clock.now += 45_000;
    await loginOrCreate('ada@example.com');
    expect(sandbox.state.messages).toHaveLength(4);
  });
});

describe('tokens and telemetry shape', () => {
  it('issues padded tokens like Stytch and authenticates them after the link decodes them', async () => {
    await loginOrCreate('ada@example.com');
    const link = str(sandbox.state.messages.at(-1)?.link);
    const encoded = /[?&]token=([^&]+)/.exec(link)?.[1] ?? '';
    expect(encoded).toMatch(/^[A-Za-z0-9_-]{43}%3D$/);
    const token = decodeURIComponent(encoded);
    expect(token).toHaveLength(44);
    // Still percent-encoded, the token is unknown: the callback must decode it.
    expectStytchError(await sdkCall('POST', '/magic_links/authenticate', { body: { token: encoded } }), 404, 'magic_link_not_found');
    expect((await sdkCall('POST', '/magic_links/authenticate', { body: { token } })).status).toBe(200);
  });

  it('refuses an events body that is not a batch of {telemetry, event}', async () => {
    const post = (body: string) => fetch(`${ORIGIN}/__sandbox/stytch/sdk/v1/events`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    const event = { public_token: PUBLIC_TOKEN, event_name: 'email_sent' };
    for (const body of [
      JSON.stringify({ event }),
      JSON.stringify([event]),
      JSON.stringify([{ telemetry: {}, event: { event_name: 'x' } }]),
      JSON.stringify([{ telemetry: {}, event: { public_token: PUBLIC_TOKEN } }]),
      JSON.stringify([{ event }]),
      JSON.stringify([{ telemetry: {}, event: { ...event, details: 'text' } }]),
      '[{"telemetry":',
    ]) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toMatchObject({ status_code: 400, error_type: 'bad_request' });
    }
    expect(sandbox.state.sdkEvents).toEqual([]);
    expect((await post('[]')).status).toBe(200);
    expect((await post(JSON.stringify([{ telemetry: {}, event }]))).status).toBe(200);
    expect(sandbox.state.sdkEvents).toHaveLength(1);
  });
});
