import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_CODE_MINUTES, TRUSTED_TOKEN_PROFILE_ID } from './idp-handlers';
import { DEMO_CLIENT_ID, isGrantable, isRegisteredUri, defaultRbacPolicy, effectiveRoles } from './idp';
import { ORIGIN, PUBLIC_TOKEN, SANDBOX_TEST_START, arr, controlCall, data, expectStytchError, obj, sandboxUnderTest, sdkCall, str, type JsonReply } from './test-support';
import { base64UrlEncode } from './wire';

const MINUTE = 60_000;
const { sandbox, clock } = sandboxUnderTest(SANDBOX_TEST_START);
const PASSWORD = 'a-long-sandbox-password-1';
const CALLBACK = `${ORIGIN}/__sandbox/relying-party/callback`;
const POST_LOGOUT = `${ORIGIN}/__sandbox/relying-party/`;
const ISSUER = `${ORIGIN}/__sandbox/stytch`;
const VERIFIER = 'a-pkce-code-verifier-of-at-least-forty-three-characters';

async function challengeOf(verifier: string): Promise<string> {
  return base64UrlEncode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

const call = (path: string, body: unknown, sessionToken?: string): Promise<JsonReply> =>
  sdkCall('POST', path, { body, ...(sessionToken === undefined ? {} : { sessionToken }), headers: { 'X-SDK-Parent-Host': ORIGIN } });

/** A signed-in user: seeded with a password, signed in through the SDK API. */
async function signedIn(email = 'ada@example.com', roles?: string[]): Promise<{ userId: string; token: string }> {
  expect((await controlCall('POST', '/users', { email, password: PASSWORD, name: 'Ada Lovelace', ...(roles ? { roles } : {}) })).status).toBe(201);
  const auth = data(await call('/passwords/authenticate', { email, password: PASSWORD, session_duration_minutes: 60 }));
  return { userId: str(auth['user_id']), token: str(auth['session_token']) };
}

async function authorizeBody(extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    client_id: DEMO_CLIENT_ID,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scopes: ['openid', 'email', 'profile', 'read:orders'],
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: await challengeOf(VERIFIER),
    ...extra,
  };
}

const start = async (token: string | undefined, extra: Record<string, unknown> = {}): Promise<JsonReply> => call('/idp/oauth/authorize/start', await authorizeBody(extra), token);
const submit = async (token: string, consent: boolean, extra: Record<string, unknown> = {}): Promise<JsonReply> =>
  call('/idp/oauth/authorize/submit', { ...(await authorizeBody(extra)), consent_granted: consent }, token);

async function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<JsonReply> {
  const response = await fetch(`${ISSUER}/v1/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });
  return { status: response.status, headers: response.headers, json: (await response.json()) as unknown };
}

/** A code for the demo app, granted by a fresh user. */
async function codeFor(extra: Record<string, unknown> = {}): Promise<{ code: string; userId: string; token: string }> {
  const user = await signedIn();
  const answer = data(await submit(user.token, true, extra));
  return { code: str(answer['authorization_code']), ...user };
}

const exchange = (code: string, extra: Record<string, string> = {}): Promise<JsonReply> =>
  tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: DEMO_CLIENT_ID, code_verifier: VERIFIER, ...extra });

function expectTokenError(reply: JsonReply, status: number, error: string): void {
  expect(reply.status, JSON.stringify(reply.json)).toBe(status);
  expect(obj(reply.json)).toMatchObject({ error, error_description: expect.any(String) });
}

const app = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  client_id: 'connected-app-test-partner',
  client_name: 'Partner Portal',
  client_type: 'first_party',
  redirect_uris: ['https://partner.example/callback'],
  post_logout_redirect_uris: ['https://partner.example/bye'],
  scopes: ['openid', 'email', 'full_access'],
  ...extra,
});

describe('the connected-app registry', () => {
  it('starts with the demo app, creates and replaces by client_id, deletes, and re-seeds on reset', async () => {
    const listed = arr((await controlCall('GET', '/connected-apps')).json).map(obj);
    expect(listed).toEqual([
      expect.objectContaining({
        client_id: DEMO_CLIENT_ID,
        client_name: 'Demo Shop Assistant',
        client_type: 'third_party_public',
        client_secret: null,
        consent_required: true,
        redirect_uris: ['http://localhost/__sandbox/relying-party/callback', 'http://127.0.0.1/__sandbox/relying-party/callback'],
      }),
    ]);

    const created = await controlCall('POST', '/connected-apps', app());
    expect(created.status).toBe(201);
    // A confidential client gets a secret unless it brings one; description and consent default.
    expect(obj(created.json)).toMatchObject({ client_description: '', consent_required: true, client_secret: expect.stringMatching(/^secret-test-/) });
    const replaced = await controlCall('POST', '/connected-apps', app({ client_name: 'Partner Portal 2', client_secret: 'a-secret-of-sixteen-plus', consent_required: false }));
    expect(replaced.status).toBe(200);
    expect(obj(replaced.json)).toMatchObject({ client_name: 'Partner Portal 2', client_secret: 'a-secret-of-sixteen-plus', consent_required: false });
    expect(arr((await controlCall('GET', '/connected-apps')).json)).toHaveLength(2);

    expect((await controlCall('DELETE', '/connected-apps/connected-app-test-partner')).status).toBe(204);
    expectStytchError(await controlCall('DELETE', '/connected-apps/connected-app-test-partner'), 404, 'connected_app_not_found');
    await controlCall('DELETE', `/connected-apps/${DEMO_CLIENT_ID}`);
    expect(arr((await controlCall('GET', '/connected-apps')).json)).toEqual([]);
    await controlCall('POST', '/reset');
    expect(arr((await controlCall('GET', '/connected-apps')).json).map((entry) => obj(entry)['client_id'])).toEqual([DEMO_CLIENT_ID]);
  });

  it('lists the apps on the inbox page, their names as text', async () => {
    await controlCall('POST', '/connected-apps', app({ client_name: '<img src=x onerror=alert(1)>' }));
    const html = await (await fetch(`${ORIGIN}/__sandbox/`)).text();
    expect(html).toContain('Connected apps (2)');
    expect(html).toContain('Demo Shop Assistant');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('refuses malformed apps, leaving the registry alone', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [app({ client_id: 'has spaces' }), 'invalid_connected_app'],
      [app({ client_name: '' }), 'invalid_connected_app'],
      [app({ client_type: 'public' }), 'invalid_connected_app_type'],
      [app({ consent_required: 'yes' }), 'invalid_connected_app'],
      [app({ colour: 'red' }), 'invalid_connected_app'],
      [app({ redirect_uris: [] }), 'invalid_connected_app'],
      [app({ redirect_uris: ['/callback'] }), 'connected_app_redirect_url_must_include_scheme'],
      [app({ redirect_uris: ['javascript:alert(1)'] }), 'connected_app_redirect_url_must_use_http_or_https_scheme'],
      [app({ redirect_uris: ['http://partner.example/callback'] }), 'connected_app_redirect_url_http_scheme_must_use_loopback'],
      [app({ redirect_uris: ['https://partner.example/callback#x'] }), 'connected_app_invalid_redirect_url'],
      [app({ redirect_uris: ['HTTPS://partner.example/callback'] }), 'invalid_connected_app'],
      [app({ redirect_uris: ['https://partner.example/a', 'https://partner.example/a'] }), 'duplicate_redirect_url'],
      [app({ scopes: ['openid', 'launch:rockets'] }), 'invalid_rbac_scope'],
      [app({ client_type: 'third_party' }), 'third_party_clients_cannot_use_full_access'],
      [app({ client_type: 'third_party', scopes: ['openid', 'offline_access'], consent_required: false }), 'third_party_clients_require_consent_for_offline_access'],
      [app({ client_type: 'first_party_public', client_secret: 'a-secret-of-sixteen-plus' }), 'invalid_connected_app'],
      [app({ client_secret: 'short' }), 'invalid_connected_app'],
    ];
    for (const [body, type] of refusals) expectStytchError(await controlCall('POST', '/connected-apps', body), 400, type);
    expectStytchError(await controlCall('POST', '/connected-apps', [app()]), 400, 'bad_request');
    expect(arr((await controlCall('GET', '/connected-apps')).json)).toHaveLength(1);
  });
});

describe('the role policy', () => {
  it('is in the bootstrap with the standard scopes described and a custom one', async () => {
    const bootstrap = data(await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`));
    const policy = obj(bootstrap['rbac_policy']);
    const scopes = arr(policy['scopes']).map(obj);
    expect(scopes.map((scope) => scope['scope'])).toEqual(['openid', 'profile', 'email', 'phone', 'offline_access', 'full_access', 'read:orders', 'write:orders']);
    for (const scope of scopes) expect(str(scope['description'])).not.toBe('');
    expect(arr(policy['roles']).map((role) => obj(role)['role_id'])).toEqual(['stytch_user', 'shop_admin']);
    expect(arr(policy['resources']).map((resource) => obj(resource)['resource_id'])).toEqual(['orders', 'profile', 'billing']);
  });

  it('is set through the project settings, validated, and may be null', async () => {
    const policy = {
      resources: [{ resource_id: 'docs', description: 'Documents', actions: ['read', 'write'] }],
      roles: [{ role_id: 'editor', description: 'Edits', permissions: [{ resource_id: 'docs', actions: ['*'] }] }],
      scopes: [{ scope: 'docs:read', description: 'Read your documents', permissions: [{ resource_id: 'docs', actions: ['read'] }] }],
    };
    expect((await controlCall('PUT', '/project', { rbac_policy: policy })).status).toBe(200);
    expect(data(await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`))['rbac_policy']).toEqual(policy);

    for (const bad of [
      { ...policy, roles: [{ role_id: 'editor', permissions: [{ resource_id: 'nope', actions: ['read'] }] }] },
      { ...policy, roles: [{ role_id: 'editor', permissions: [{ resource_id: 'docs', actions: ['*', 'read'] }] }] },
      { ...policy, roles: [{ role_id: 'editor', permissions: [{ resource_id: 'docs', actions: ['delete'] }] }] },
      { ...policy, scopes: [...policy.scopes, ...policy.scopes] },
      { ...policy, extra: [] },
      'everything',
    ]) {
      expectStytchError(await controlCall('PUT', '/project', { rbac_policy: bad }), 400, 'invalid_project_settings');
    }
    expect((await controlCall('PUT', '/project', { rbac_policy: null })).status).toBe(200);
    expect(data(await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`))['rbac_policy']).toBeNull();
  });

  it('decides grantability from the roles, wildcards included, failing closed without an entry', () => {
    const policy = defaultRbacPolicy();
    const user = effectiveRoles([]);
    const admin = effectiveRoles(['shop_admin']);
    const table: [string, boolean, boolean][] = [
      // scope, ordinary user, admin
      ['openid', true, true],
      ['read:orders', true, true],
      ['write:orders', false, true],
      ['full_access', false, true],
      ['launch:rockets', false, false],
    ];
    for (const [scope, forUser, forAdmin] of table) {
      expect(isGrantable(policy, user, scope), scope).toBe(forUser);
      expect(isGrantable(policy, admin, scope), scope).toBe(forAdmin);
    }
    // No policy: the OpenID Connect scopes only.
    expect(isGrantable(null, admin, 'email')).toBe(true);
    expect(isGrantable(null, admin, 'full_access')).toBe(false);
  });
});

describe('redirect URI matching', () => {
  it('is exact, except for the port of a loopback URI registered without one', () => {
    const registered = ['https://app.example/cb', 'http://localhost/__sandbox/relying-party/callback'];
    const table: [string, boolean][] = [
      ['https://app.example/cb', true],
      ['https://app.example/cb/', false],
      ['https://APP.example/cb', false],
      ['https://app.example/Cb', false],
      ['https://app.example/cb?x=1', false],
      ['https://app.example:443/cb', false],
      ['https://app.example/c%62', false],
      ['http://localhost/__sandbox/relying-party/callback', true],
      ['http://localhost:5240/__sandbox/relying-party/callback', true],
      ['http://localhost:5240/__sandbox/relying-party/callback/', false],
      ['http://localhost:5240/__sandbox/Relying-Party/callback', false],
      ['http://localhost:99999/__sandbox/relying-party/callback', false],
      ['http://localhost:5240@evil.example/__sandbox/relying-party/callback', false],
      ['http://localhost.evil.example/__sandbox/relying-party/callback', false],
    ];
    for (const [uri, expected] of table) expect(isRegisteredUri(registered, uri), uri).toBe(expected);
  });
});

describe('authorize start', () => {
  it('answers the client, the user, consent_required and each scope with its description and grantability', async () => {
    const { userId, token } = await signedIn();
    const answer = data(await start(token, { scopes: ['openid', 'email', 'read:orders', 'write:orders'] }));
    expect(answer['user_id']).toBe(userId);
    expect(obj(answer['user'])['user_id']).toBe(userId);
    expect(answer['client']).toEqual({
      client_id: DEMO_CLIENT_ID,
      client_type: 'third_party_public',
      client_name: 'Demo Shop Assistant',
      client_description: 'An assistant that looks up your orders and places new ones for you.',
    });
    expect(answer['consent_required']).toBe(true);
    expect(answer['scope_results']).toEqual([
      { scope: 'openid', is_grantable: true, description: 'Confirm who you are.' },
      { scope: 'email', is_grantable: true, description: 'See your email address.' },
      { scope: 'read:orders', is_grantable: true, description: 'See your orders.' },
      { scope: 'write:orders', is_grantable: false, description: 'Place and cancel orders for you.' },
    ]);
  });

  it('lets an administrator grant what an ordinary user cannot', async () => {
    const { token } = await signedIn('root@example.com', ['shop_admin']);
    const results = arr(data(await start(token, { scopes: ['write:orders'] }))['scope_results']).map(obj);
    expect(results).toEqual([expect.objectContaining({ scope: 'write:orders', is_grantable: true })]);
    expectStytchError(await controlCall('POST', '/users', { email: 'x@example.com', roles: ['emperor'] }), 400, 'bad_request');
  });

  it('needs a live session', async () => {
    expectStytchError(await start(undefined), 401, 'user_unauthenticated');
    const { token } = await signedIn();
    data(await call('/sessions/revoke', {}, token));
    expectStytchError(await start(token), 401, 'unauthorized_credentials');
  });

  it('refuses an unknown client, an unregistered redirect URI, foreign scopes, other response types and missing PKCE', async () => {
    const { token } = await signedIn();
    expectStytchError(await start(token, { client_id: 'connected-app-test-nobody' }), 400, 'invalid_client_id');
    expectStytchError(await start(token, { client_id: undefined }), 400, 'bad_request');
    for (const uri of [`${CALLBACK}/`, CALLBACK.replace('relying-party', 'Relying-Party'), CALLBACK.toUpperCase(), `${CALLBACK}?x=1`, 'https://evil.example/callback', 'not a url']) {
      expectStytchError(await start(token, { redirect_uri: uri }), 400, 'connected_app_invalid_redirect_url');
    }
    expectStytchError(await start(token, { scopes: ['openid', 'full_access'] }), 400, 'oauth_invalid_scope_requested');
    expectStytchError(await start(token, { scopes: [] }), 400, 'oauth_invalid_scope_requested');
    expectStytchError(await start(token, { response_type: 'token' }), 400, 'bad_request');
    expectStytchError(await start(token, { code_challenge: undefined }), 400, 'pkce_required_for_idp_authorization_flow');
    expectStytchError(await start(token, { code_challenge: 'short' }), 400, 'invalid_pkce_code_challenge');
    expectStytchError(await start(token, { code_challenge_method: 'plain' }), 400, 'invalid_pkce_code_challenge');
    expectStytchError(await start(token, { prompt: 'none consent' }), 400, 'bad_request');
  });
});

describe('authorize submit', () => {
  it('redirects a denial with access_denied and the state, and issues no code', async () => {
    const { token } = await signedIn();
    const answer = data(await submit(token, false));
    expect(answer['authorization_code']).toBeUndefined();
    const redirect = new URL(str(answer['redirect_uri']));
    expect(`${redirect.origin}${redirect.pathname}`).toBe(CALLBACK);
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('state-1');
    expect(redirect.searchParams.has('code')).toBe(false);
    expect(sandbox.state.authorizationCodes.size).toBe(0);
  });

  it('issues a code with the state, records the grant, and asks no more for the same scopes', async () => {
    const { userId, token } = await signedIn();
    const answer = data(await submit(token, true, { scopes: ['openid', 'email', 'write:orders'] }));
    const redirect = new URL(str(answer['redirect_uri']));
    expect(redirect.searchParams.get('code')).toBe(answer['authorization_code']);
    expect(redirect.searchParams.get('state')).toBe('state-1');
    // Only the grantable scopes are granted.
    expect(arr((await controlCall('GET', '/consents')).json)).toEqual([
      { user_id: userId, client_id: DEMO_CLIENT_ID, scopes: ['openid', 'email'], granted_at: new Date(SANDBOX_TEST_START).toISOString() },
    ]);
    expect(data(await start(token, { scopes: ['openid', 'email'] }))['consent_required']).toBe(false);
    expect(data(await start(token, { scopes: ['openid', 'email', 'write:orders'] }))['consent_required']).toBe(false);
    expect(data(await start(token, { scopes: ['openid', 'profile'] }))['consent_required']).toBe(true);
    expect(data(await start(token, { scopes: ['openid'], prompt: 'consent' }))['consent_required']).toBe(true);
    // As the SDK's UI does when consent is not required: submit false, and still get a code.
    expect(data(await submit(token, false, { scopes: ['openid'] }))['authorization_code']).toEqual(expect.any(String));
    expect((await controlCall('DELETE', '/consents')).status).toBe(204);
    expect(data(await start(token, { scopes: ['openid'] }))['consent_required']).toBe(true);
  });

  it('answers consent_required to prompt=none when consent is needed', async () => {
    const { token } = await signedIn();
    const redirect = new URL(str(data(await submit(token, true, { prompt: 'none' }))['redirect_uri']));
    expect(redirect.searchParams.get('error')).toBe('consent_required');
  });

  it('needs no consent for an app that does not ask for it', async () => {
    await controlCall('POST', '/connected-apps', app({ client_type: 'first_party_public', consent_required: false, redirect_uris: [CALLBACK] }));
    const { token } = await signedIn();
    const body = { client_id: 'connected-app-test-partner', scopes: ['openid', 'full_access'] };
    const started = data(await start(token, body));
    expect(started['consent_required']).toBe(false);
    expect(arr(started['scope_results']).map(obj)).toContainEqual(expect.objectContaining({ scope: 'full_access', is_grantable: false }));
    expect(data(await submit(token, false, body))['authorization_code']).toEqual(expect.any(String));
    expectStytchError(await submit(token, 'yes' as unknown as boolean), 400, 'bad_request');
  });
});

describe('the token endpoint', () => {
  it('exchanges a code with PKCE for an access token and a signed ID token', async () => {
    const { code, userId } = await codeFor();
    const reply = await exchange(code);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const tokens = obj(reply.json);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile read:orders' });

    const jwks = createLocalJWKSet(obj(await (await fetch(`${ISSUER}/.well-known/jwks.json`)).json()) as never);
    const { payload, protectedHeader } = await jwtVerify(str(tokens['id_token']), jwks, { issuer: ISSUER, audience: DEMO_CLIENT_ID, currentDate: new Date(clock.now) });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: userId, nonce: 'nonce-1', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace' });
    expect(payload.iat).toBe(SANDBOX_TEST_START / 1000);
    expect(payload.exp).toBe(SANDBOX_TEST_START / 1000 + 3600);
    const access = await jwtVerify(str(tokens['access_token']), jwks, { issuer: ISSUER, audience: 'project-test-sandbox', currentDate: new Date(clock.now) });
    expect(access.payload).toMatchObject({ sub: userId, scope: 'openid email profile read:orders', client_id: DEMO_CLIENT_ID });
  });

  it('takes a code once, for its redirect URI and client, with the right verifier, within its lifetime', async () => {
    const first = await codeFor();
    expect((await exchange(first.code)).status).toBe(200);
    expectTokenError(await exchange(first.code), 400, 'invalid_grant');

    sandbox.reset();
    const mismatch = await codeFor();
    expectTokenError(await exchange(mismatch.code, { code_verifier: `${VERIFIER}-other` }), 400, 'invalid_grant');
    // The failed attempt spent the code: the right verifier no longer helps.
    expectTokenError(await exchange(mismatch.code), 400, 'invalid_grant');

    for (const fields of [{ code_verifier: '' }, { redirect_uri: `${CALLBACK}/` }]) {
      sandbox.reset();
      const { code } = await codeFor();
      expectTokenError(await exchange(code, fields), 400, 'invalid_grant');
    }

    sandbox.reset();
    const late = await codeFor();
    clock.now += AUTHORIZATION_CODE_MINUTES * MINUTE + 1;
    expectTokenError(await exchange(late.code), 400, 'invalid_grant');

    sandbox.reset();
    const stolen = await codeFor();
    await controlCall('POST', '/connected-apps', app({ client_type: 'first_party_public', redirect_uris: [CALLBACK] }));
    expectTokenError(await exchange(stolen.code, { client_id: 'connected-app-test-partner' }), 400, 'invalid_grant');
    expectTokenError(await exchange(stolen.code, { client_id: 'connected-app-test-nobody' }), 401, 'invalid_client');
    expectTokenError(await exchange(stolen.code, { grant_type: 'refresh_token' }), 400, 'unsupported_grant_type');
    expect((await exchange(stolen.code)).status).toBe(200);
  });

  it('authenticates confidential clients with their secret, and refuses a verifier for a code issued without a challenge', async () => {
    const secret = 'a-secret-of-sixteen-plus';
    await controlCall('POST', '/connected-apps', app({ client_secret: secret, consent_required: false, redirect_uris: [CALLBACK] }));
    const { token } = await signedIn();
    const body = { client_id: 'connected-app-test-partner', scopes: ['openid', 'email'], code_challenge: undefined };
    const issue = async (): Promise<string> => str(data(await submit(token, false, body))['authorization_code']);
    const fields = (code: string): Record<string, string> => ({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK });

    expectTokenError(await tokenRequest({ ...fields(await issue()), client_id: 'connected-app-test-partner' }), 401, 'invalid_client');
    expectTokenError(await tokenRequest({ ...fields(await issue()), client_id: 'connected-app-test-partner', client_secret: 'wrong-secret-wrong-secret' }), 401, 'invalid_client');
    expect((await tokenRequest({ ...fields(await issue()), client_id: 'connected-app-test-partner', client_secret: secret })).status).toBe(200);
    const basic = `Basic ${btoa(`connected-app-test-partner:${secret}`)}`;
    expect((await tokenRequest(fields(await issue()), { Authorization: basic })).status).toBe(200);
    expectTokenError(await tokenRequest({ ...fields(await issue()), code_verifier: VERIFIER }, { Authorization: basic }), 400, 'invalid_grant');
    expectTokenError(await tokenRequest(fields(await issue()), { Authorization: basic, 'Content-Type': 'application/json' }), 400, 'invalid_request');
  });

  it('publishes its discovery document', async () => {
    const config = obj(await (await fetch(`${ISSUER}/.well-known/openid-configuration`)).json());
    expect(config).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ORIGIN}/oauth/authorize`,
      token_endpoint: `${ISSUER}/v1/oauth2/token`,
      jwks_uri: `${ISSUER}/.well-known/jwks.json`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(arr(config['scopes_supported'])).toContain('read:orders');
  });
});

describe('logout start', () => {
  const logout = (token: string | undefined, extra: Record<string, unknown> = {}): Promise<JsonReply> =>
    call('/oauth/logout/start', { client_id: DEMO_CLIENT_ID, post_logout_redirect_uri: POST_LOGOUT, state: 'bye-1', ...extra }, token);

  it('answers the registered URI with the state, asking first while a session is live', async () => {
    const { token } = await signedIn();
    const answer = data(await logout(token));
    expect(answer).toMatchObject({ redirect_uri: `${POST_LOGOUT}?state=bye-1`, consent_required: true });
    expect(data(await logout(undefined))).toMatchObject({ redirect_uri: `${POST_LOGOUT}?state=bye-1`, consent_required: false });
    expect(data(await logout(token, { state: undefined }))['redirect_uri']).toBe(POST_LOGOUT);
  });

  it('asks nothing for an app without consent, or with an ID token of the signed-in user as hint', async () => {
    const { code, token } = await codeFor();
    const idToken = str(obj((await exchange(code)).json)['id_token']);
    expect(data(await logout(token, { id_token_hint: idToken }))['consent_required']).toBe(false);
    expect(decodeJwt(idToken)['aud']).toBe(DEMO_CLIENT_ID);
    expectStytchError(await logout(token, { id_token_hint: `${idToken.slice(0, -4)}AAAA` }), 400, 'id_token_invalid');
    await controlCall('POST', '/connected-apps', app({ client_type: 'first_party_public', consent_required: false, post_logout_redirect_uris: [POST_LOGOUT] }));
    expect(data(await logout(token, { client_id: 'connected-app-test-partner' }))['consent_required']).toBe(false);
    expectStytchError(await logout(token, { client_id: 'connected-app-test-partner', id_token_hint: idToken }), 400, 'id_token_incorrect_audience');
  });

  it('refuses an unknown client and an unregistered URI', async () => {
    expectStytchError(await logout(undefined, { client_id: 'connected-app-test-nobody' }), 400, 'invalid_client_id');
    for (const uri of [`${POST_LOGOUT}x`, POST_LOGOUT.slice(0, -1), 'https://evil.example/']) {
      expectStytchError(await logout(undefined, { post_logout_redirect_uri: uri }), 400, 'connected_app_invalid_redirect_url');
    }
    expectStytchError(await logout(undefined, { post_logout_redirect_uri: undefined }), 400, 'bad_request');
  });
});

describe('session attest', () => {
  const mint = async (body: Record<string, unknown>): Promise<string> => {
    const minted = await controlCall('POST', '/trusted-tokens', body);
    expect(minted.status, JSON.stringify(minted.json)).toBe(201);
    return str(obj(minted.json)['token']);
  };
  const attest = (token: string, extra: Record<string, unknown> = {}): Promise<JsonReply> =>
    call('/sessions/attest', { profile_id: TRUSTED_TOKEN_PROFILE_ID, token, session_duration_minutes: 60, ...extra });

  it('signs in the user a minted token names, creating them, for the duration asked', async () => {
    const token = await mint({ email: 'Trusted@Example.com' });
    const answer = data(await attest(token));
    const user = obj(answer['user']);
    expect(user['emails']).toEqual([expect.objectContaining({ email: 'trusted@example.com', verified: true })]);
    const session = obj(answer['session']);
    expect(session['expires_at']).toBe(new Date(SANDBOX_TEST_START + 60 * MINUTE).toISOString());
    expect(arr(session['authentication_factors'])).toEqual([
      expect.objectContaining({ type: 'trusted_auth_token', delivery_method: 'trusted_token_exchange' }),
    ]);
    expect(typeof answer['session_token']).toBe('string');
    // Again (a token works until it expires, like the JWT it stands for): the same user.
    expect(data(await attest(token))['user_id']).toBe(user['user_id']);
    expect(sandbox.state.users.size).toBe(1);
  });

  it('refuses an unknown profile, an unknown or expired token, and a bad duration', async () => {
    const token = await mint({ email: 'ada@example.com', expires_in_minutes: 5 });
    expectStytchError(await attest(token, { profile_id: 'trusted-token-profile-test-other' }), 404, 'trusted_token_profile_not_found');
    expectStytchError(await attest('trusted-token-test-forged'), 401, 'invalid_trusted_auth_token');
    expectStytchError(await attest(token, { session_duration_minutes: 1 }), 400, 'invalid_session_duration_minutes');
    clock.now += 5 * MINUTE + 1;
    expectStytchError(await attest(token), 401, 'invalid_trusted_auth_token');
    expect(sandbox.state.sessions.size).toBe(0);
    expectStytchError(await controlCall('POST', '/trusted-tokens', { email: 'not an address' }), 400, 'invalid_email');
    expectStytchError(await controlCall('POST', '/trusted-tokens', { email: 'ada@example.com', profile_id: 'other' }), 400, 'bad_request');
  });
});

describe('the relying-party page', () => {
  /** The page's "Sign in with Vestibule" link, as the authorize page would parse it. */
  async function startLink(query = ''): Promise<URLSearchParams> {
    const page = await fetch(`${ORIGIN}/__sandbox/relying-party/${query}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const href = /<a href="([^"]+)">Sign in with Vestibule<\/a>/.exec(await page.text())?.[1];
    const url = new URL(str(href).replace(/&amp;/g, '&'), ORIGIN);
    expect(url.pathname).toBe('/oauth/authorize');
    return url.searchParams;
  }

  /** What the consent page does with the link's parameters: start, then submit. */
  async function consent(params: URLSearchParams, token: string, granted: boolean): Promise<string> {
    const body = {
      client_id: params.get('client_id'),
      redirect_uri: params.get('redirect_uri'),
      response_type: params.get('response_type'),
      scopes: str(params.get('scope')).split(' '),
      state: params.get('state'),
      nonce: params.get('nonce'),
      code_challenge: params.get('code_challenge'),
      code_challenge_method: params.get('code_challenge_method'),
    };
    data(await call('/idp/oauth/authorize/start', body, token));
    return str(data(await call('/idp/oauth/authorize/submit', { ...body, consent_granted: granted }, token))['redirect_uri']);
  }

  it('exchanges the code with PKCE (oauth4webapi) and shows the verified ID token claims', async () => {
    const params = await startLink();
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('scope')).toBe('openid email profile read:orders');
    const { userId, token } = await signedIn();
    const callback = await fetch(await consent(params, token, true));
    const html = await callback.text();
    expect(callback.status, html).toBe(200);
    expect(html).toContain("The ID token's signature, issuer, audience, expiry and nonce were verified.");
    expect(html).toContain(`<th scope="row"><code>sub</code></th><td><code>${userId}</code></td>`);
    expect(html).toContain('<td><code>ada@example.com</code></td>');
    expect(html).toContain(`<td><code>${str(params.get('nonce'))}</code></td>`);
    expect(html).toContain('Log out of Vestibule');
    // The round trip is finished: the same callback again is refused.
    expect((await fetch(await consent(params, token, true))).status).toBe(400);
  });

  it('shows the error a denial came back with', async () => {
    const { token } = await signedIn();
    const callback = await fetch(await consent(await startLink(), token, false));
    expect(await callback.text()).toContain('Vestibule answered <code>access_denied</code>');
  });

  it('says so when the app is unknown or not registered for this origin', async () => {
    expect((await fetch(`${ORIGIN}/__sandbox/relying-party/?client_id=nobody`)).status).toBe(404);
    await controlCall('POST', '/connected-apps', app());
    const page = await fetch(`${ORIGIN}/__sandbox/relying-party/?client_id=connected-app-test-partner`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(`Register ${CALLBACK} as a redirect URI`);
  });
});
