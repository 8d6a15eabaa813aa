import { describe, expect, it } from 'vitest';
import { ORIGIN, SANDBOX_TEST_START, arr, controlCall, data, expectStytchError, obj, sandboxUnderTest, sdkCall, str, type JsonReply } from './test-support';
import { VirtualAuthenticator } from './virtual-authenticator';
import { WEBAUTHN_CHALLENGE_MINUTES, WEBAUTHN_NAME_MAX_LENGTH } from './webauthn-handlers';

const MINUTE = 60_000;
const { sandbox, clock } = sandboxUnderTest(SANDBOX_TEST_START);
const DOMAIN = 'localhost';
const PASSWORD = 'a-long-sandbox-password-1';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An SDK call from the page at ORIGIN, as the browser SDK makes it (X-SDK-Parent-Host). */
function call(method: Method, path: string, options: { body?: unknown; sessionToken?: string; origin?: string } = {}): Promise<JsonReply> {
  return sdkCall(method, path, {
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.sessionToken === undefined ? {} : { sessionToken: options.sessionToken }),
    headers: { 'X-SDK-Parent-Host': options.origin ?? ORIGIN },
  });
}

/** A seeded user signed in with a password: the session every register needs. */
async function signedInUser(email = 'ada@example.com'): Promise<{ userId: string; token: string; sessionId: string }> {
  expect((await controlCall('POST', '/users', { email, password: PASSWORD, name: 'Ada Lovelace' })).status).toBe(201);
  const auth = data(await call('POST', '/passwords/authenticate', { body: { email, password: PASSWORD, session_duration_minutes: 60 } }));
  return { userId: str(auth['user_id']), token: str(auth['session_token']), sessionId: str(obj(auth['session'])['session_id']) };
}

const registerStart = (token: string, body: Record<string, unknown> = {}) =>
  call('POST', '/webauthn/register/start', { sessionToken: token, body: { domain: DOMAIN, return_passkey_credential_options: true, user_agent: 'Vitest', ...body } });

const finishRegister = (token: string, credential: unknown, extra: Record<string, unknown> = {}) =>
  call('POST', '/webauthn/register', { sessionToken: token, body: { public_key_credential: JSON.stringify(credential), session_duration_minutes: 60, ...extra } });

const creationOptions = async (token: string, body: Record<string, unknown> = {}): Promise<string> =>
  str(data(await registerStart(token, body))['public_key_credential_creation_options']);

/** A full registration through the sandbox; returns the register answer. */
async function register(token: string, authenticator: VirtualAuthenticator): Promise<Record<string, unknown>> {
  return data(await finishRegister(token, authenticator.create(await creationOptions(token), ORIGIN)));
}

const authenticateStart = (kind: 'primary' | 'secondary', token?: string, body: Record<string, unknown> = {}) =>
  call('POST', `/webauthn/authenticate/start/${kind}`, { ...(token === undefined ? {} : { sessionToken: token }), body: { domain: DOMAIN, return_passkey_credential_options: true, ...body } });

const requestOptions = async (kind: 'primary' | 'secondary' = 'primary', token?: string): Promise<string> =>
  str(data(await authenticateStart(kind, token))['public_key_credential_request_options']);

const finishAuthenticate = (credential: unknown, token?: string, origin?: string) =>
  call('POST', '/webauthn/authenticate', {
    ...(token === undefined ? {} : { sessionToken: token }),
    ...(origin === undefined ? {} : { origin }),
    body: { public_key_credential: JSON.stringify(credential), session_duration_minutes: 60 },
  });

const factorsOf = (answer: Record<string, unknown>): Record<string, unknown>[] => arr(obj(answer['session'])['authentication_factors']).map(obj);

describe('registering a passkey', () => {
  it('offers creation options as a JSON string, verifies the attestation, and adds the factor to the session', async () => {
    const { userId, token, sessionId } = await signedInUser();
    const start = data(await registerStart(token));
    expect(start).toMatchObject({ status_code: 200, user_id: userId });
    const options = obj(JSON.parse(str(start['public_key_credential_creation_options'])));
    expect(options).toMatchObject({
      rp: { id: DOMAIN, name: 'Vestibule Sandbox' },
      user: { id: Buffer.from(userId).toString('base64url'), name: 'Ada Lovelace', displayName: 'Ada Lovelace' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
      timeout: WEBAUTHN_CHALLENGE_MINUTES * MINUTE,
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      attestation: 'none',
    });
    expect(str(options['challenge'])).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const authenticator = new VirtualAuthenticator();
    const answer = data(await finishRegister(token, authenticator.create(JSON.stringify(options), ORIGIN)));
    const registrationId = str(answer['webauthn_registration_id']);
    expect(registrationId).toMatch(/^webauthn-registration-test-[0-9a-f-]{36}$/);
    // The caller's own session, now with the new factor beside the password.
    expect(answer).toMatchObject({ user_id: userId, session_token: token, session: { session_id: sessionId } });
    expect(str(answer['session_jwt'])).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(factorsOf(answer).map((factor) => factor['delivery_method'])).toEqual(['knowledge', 'webauthn_registration']);
    expect(factorsOf(answer)[1]).toEqual({
      type: 'webauthn',
      delivery_method: 'webauthn_registration',
      last_authenticated_at: new Date(SANDBOX_TEST_START).toISOString(),
      webauthn_factor: { webauthn_registration_id: registrationId, domain: DOMAIN, user_agent: 'Vitest' },
    });
    const registration = {
      webauthn_registration_id: registrationId,
      domain: DOMAIN,
      user_agent: 'Vitest',
      authenticator_type: '',
      verified: true,
      name: `WebAuthN ${registrationId.slice(-8)}`,
    };
    expect(obj(answer['user'])['webauthn_registrations']).toEqual([registration]);
    // users/me (the SDK's user.get) lists it too.
    expect(data(await call('GET', '/users/me', { sessionToken: token }))['webauthn_registrations']).toEqual([registration]);
    expect(sandbox.state.webauthnCredentials.get(authenticator.credentialId)).toMatchObject({ registrationId, userId, counter: 1, transports: ['internal'] });
  });

  it('excludes the credentials already registered, and follows authenticator_type and the passkey switch', async () => {
    const { token } = await signedInUser();
    const first = new VirtualAuthenticator();
    await register(token, first);
    const options = obj(JSON.parse(await creationOptions(token, { return_passkey_credential_options: false, authenticator_type: 'cross-platform' })));
    expect(options['excludeCredentials']).toEqual([{ type: 'public-key', id: first.credentialId, transports: ['internal'] }]);
    expect(options['authenticatorSelection']).toEqual({
      authenticatorAttachment: 'cross-platform',
      residentKey: 'discouraged',
      requireResidentKey: false,
      userVerification: 'preferred',
    });
    expectStytchError(await registerStart(token, { authenticator_type: 'usb-stick' }), 400, 'invalid_authenticator_type');
  });

  it('uses the overrides for the options\' user', async () => {
    const { token } = await signedInUser();
    const options = obj(JSON.parse(await creationOptions(token, { override_id: 'custom-id', override_name: 'ada', override_display_name: 'Ada L.' })));
    expect(options['user']).toEqual({ id: Buffer.from('custom-id').toString('base64url'), name: 'ada', displayName: 'Ada L.' });
  });

  it('refuses a credential id that is already registered with duplicate_webauthn_registration', async () => {
    const ada = await signedInUser();
    const authenticator = new VirtualAuthenticator();
    await register(ada.token, authenticator);
    expectStytchError(await finishRegister(ada.token, authenticator.create(await creationOptions(ada.token), ORIGIN)), 409, 'duplicate_webauthn_registration');
    // Another user presenting the same credential is refused as well.
    const grace = await signedInUser('grace@example.com');
    expectStytchError(await finishRegister(grace.token, authenticator.create(await creationOptions(grace.token), ORIGIN)), 409, 'duplicate_webauthn_registration');
    expect(sandbox.state.webauthnCredentials.size).toBe(1);
  });

  it('refuses a wrong origin, relying party or challenge, and a missing origin, with unable_to_register_webauthn_registration', async () => {
    const { token } = await signedInUser();
    const authenticator = new VirtualAuthenticator();
    const cases: [string, (options: string) => unknown, string?][] = [
      ['origin', (options) => authenticator.create(options, 'http://localhost:9999')],
      ['rp id', (options) => authenticator.create(options, ORIGIN, { rpId: 'example.com' })],
      ['challenge', (options) => authenticator.create(options, ORIGIN, { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' })],
    ];
    for (const [what, credential] of cases) {
      const body = expectStytchError(await finishRegister(token, credential(await creationOptions(token))), 400, 'unable_to_register_webauthn_registration');
      expect(str(body['error_message']), what).toMatch(/could not be completed/);
    }
    const options = await creationOptions(token);
    const noOrigin = await sdkCall('POST', '/webauthn/register', {
      sessionToken: token,
      body: { public_key_credential: JSON.stringify(authenticator.create(options, ORIGIN)), session_duration_minutes: 60 },
    });
    expectStytchError(noOrigin, 400, 'unable_to_register_webauthn_registration');
    expect(sandbox.state.webauthnCredentials.size).toBe(0);
  });

  it('spends the pending registration once, lets it expire, and replaces it on a new start', async () => {
    const { token } = await signedInUser();
    const authenticator = new VirtualAuthenticator();
    const options = await creationOptions(token);
    expect((await finishRegister(token, authenticator.create(options, ORIGIN))).status).toBe(200);
    // The same challenge again, with another credential: nothing is pending any more.
    expectStytchError(await finishRegister(token, new VirtualAuthenticator().create(options, ORIGIN)), 400, 'no_pending_webauthn_registration');

    const late = await creationOptions(token);
    clock.now += WEBAUTHN_CHALLENGE_MINUTES * MINUTE + 1;
    expectStytchError(await finishRegister(token, new VirtualAuthenticator().create(late, ORIGIN)), 400, 'no_pending_webauthn_registration');

    const replaced = await creationOptions(token);
    const current = await creationOptions(token);
    expectStytchError(await finishRegister(token, new VirtualAuthenticator().create(replaced, ORIGIN)), 400, 'unable_to_register_webauthn_registration');
    // A refused attempt spends the pending registration too.
    expectStytchError(await finishRegister(token, new VirtualAuthenticator().create(current, ORIGIN)), 400, 'no_pending_webauthn_registration');
  });

  it('needs a session: 401 user_unauthenticated without one, unauthorized_credentials for a dead one', async () => {
    const { token } = await signedInUser();
    const options = await creationOptions(token);
    const credential = new VirtualAuthenticator().create(options, ORIGIN);
    expectStytchError(await call('POST', '/webauthn/register/start', { body: { domain: DOMAIN } }), 401, 'user_unauthenticated');
    expectStytchError(await call('POST', '/webauthn/register', { body: { public_key_credential: JSON.stringify(credential) } }), 401, 'user_unauthenticated');
    expectStytchError(await registerStart('not-a-session'), 401, 'unauthorized_credentials');
    data(await call('POST', '/sessions/revoke', { sessionToken: token }));
    expectStytchError(await finishRegister(token, credential), 401, 'unauthorized_credentials');
  });

  it('checks the domain, the session duration and the credential\'s shape', async () => {
    const { token } = await signedInUser();
    expectStytchError(await registerStart(token, { domain: 'not a host' }), 400, 'invalid_domain');
    expectStytchError(await registerStart(token, { domain: undefined }), 400, 'invalid_domain');
    // The rp id must be the page's host or a parent of it, as browsers require.
    expectStytchError(await registerStart(token, { domain: 'example.com' }), 400, 'invalid_domain');
    const credential = new VirtualAuthenticator().create(await creationOptions(token), ORIGIN);
    expectStytchError(await finishRegister(token, credential, { session_duration_minutes: 1 }), 400, 'invalid_session_duration_minutes');
    for (const bad of ['{', '"text"', JSON.stringify({ id: 'x', type: 'public-key' }), JSON.stringify({ id: 'x', type: 'public-key', response: { clientDataJSON: 'x' } })]) {
      expectStytchError(await call('POST', '/webauthn/register', { sessionToken: token, body: { public_key_credential: bad } }), 400, 'invalid_public_key_credential');
    }
    expectStytchError(await call('POST', '/webauthn/register', { sessionToken: token, body: { public_key_credential: { id: 'x' } } }), 400, 'invalid_public_key_credential');
  });
});

describe('signing in with a passkey', () => {
  it('starts a primary sign-in with no credentials listed and signs in with a new session', async () => {
    const ada = await signedInUser();
    const authenticator = new VirtualAuthenticator();
    const registrationId = str((await register(ada.token, authenticator))['webauthn_registration_id']);

    const start = data(await authenticateStart('primary'));
    const options = obj(JSON.parse(str(start['public_key_credential_request_options'])));
    expect(options).toMatchObject({ rpId: DOMAIN, allowCredentials: [], userVerification: 'preferred', timeout: WEBAUTHN_CHALLENGE_MINUTES * MINUTE });
    expect(str(options['challenge'])).toMatch(/^[A-Za-z0-9_-]{43}$/);

    clock.now += MINUTE;
    const answer = data(await finishAuthenticate(authenticator.get(JSON.stringify(options), ORIGIN)));
    expect(answer).toMatchObject({ user_id: ada.userId, webauthn_registration_id: registrationId });
    expect(str(answer['session_token'])).not.toBe(ada.token);
    expect(obj(answer['session'])['session_id']).not.toBe(ada.sessionId);
    expect(factorsOf(answer)).toEqual([
      {
        type: 'webauthn',
        delivery_method: 'webauthn_registration',
        last_authenticated_at: new Date(SANDBOX_TEST_START + MINUTE).toISOString(),
        webauthn_factor: { webauthn_registration_id: registrationId, domain: DOMAIN, user_agent: 'Vitest' },
      },
    ]);
    expect(obj(answer['__user'])['user_id']).toBe(ada.userId);
    // The new session works.
    expect(data(await call('GET', '/users/me', { sessionToken: str(answer['session_token']) }))['user_id']).toBe(ada.userId);
    expect(sandbox.state.webauthnCredentials.get(authenticator.credentialId)?.counter).toBe(2);
  });

  it('adds the factor to the caller\'s session on a secondary sign-in, offering only their credentials', async () => {
    const ada = await signedInUser();
    const authenticator = new VirtualAuthenticator();
    await register(ada.token, authenticator);
    const grace = await signedInUser('grace@example.com');
    const graces = new VirtualAuthenticator();
    await register(grace.token, graces);
    // A second sign-in of Ada, by password only.
    const second = data(await call('POST', '/passwords/authenticate', { body: { email: 'ada@example.com', password: PASSWORD, session_duration_minutes: 60 } }));
    const token = str(second['session_token']);

    const start = data(await authenticateStart('secondary', token));
    expect(start['user_id']).toBe(ada.userId);
    const options = str(start['public_key_credential_request_options']);
    expect(obj(JSON.parse(options))['allowCredentials']).toEqual([{ type: 'public-key', id: authenticator.credentialId, transports: ['internal'] }]);
    const answer = data(await finishAuthenticate(authenticator.get(options, ORIGIN), token));
    expect(answer).toMatchObject({ session_token: token, session: { session_id: obj(second['session'])['session_id'] } });
    expect(factorsOf(answer).map((factor) => factor['delivery_method'])).toEqual(['knowledge', 'webauthn_registration']);

    // Grace's credential cannot prove Ada.
    expectStytchError(await finishAuthenticate(graces.get(await requestOptions('secondary', token), ORIGIN), token), 404, 'webauthn_registration_not_found');
    expectStytchError(await authenticateStart('secondary'), 401, 'user_unauthenticated');
  });

  it('refuses a wrong origin, relying party, challenge or key with unable_to_auth_webauthn_registration (401)', async () => {
    const { token } = await signedInUser();
    const authenticator = new VirtualAuthenticator();
    await register(token, authenticator);
    expectStytchError(await finishAuthenticate(authenticator.get(await requestOptions(), 'http://localhost:9999')), 401, 'unable_to_auth_webauthn_registration');
    expectStytchError(await finishAuthenticate(authenticator.get(await requestOptions(), ORIGIN, { rpId: 'example.com' })), 401, 'unable_to_auth_webauthn_registration');
    expectStytchError(await finishAuthenticate(authenticator.get(await requestOptions(), ORIGIN, { challenge: 'bm90LWlzc3VlZA' })), 401, 'unable_to_auth_webauthn_registration');
    expectStytchError(await finishAuthenticate(authenticator.get(await requestOptions(), ORIGIN, { wrongKey: true })), 401, 'unable_to_auth_webauthn_registration');
    expectStytchError(await finishAuthenticate(authenticator.get(await requestOptions(), ORIGIN, { userHandle: 'c29tZW9uZS1lbHNl' })), 401, 'unable_to_auth_webauthn_registration');
    // The page must match the request's own origin, not only the signed one.
    const options = await requestOptions();
    expectStytchError(await finishAuthenticate(authenticator.get(options, ORIGIN), undefined, 'http://localhost:5174'), 401, 'unable_to_auth_webauthn_registration');
    // A register challenge does not sign in.
    expectStytchError(await finishAuthenticate(authenticator.get(await creationOptions(token), ORIGIN, { rpId: DOMAIN })), 401, 'unable_to_auth_webauthn_registration');
  });

  it('takes each challenge once and for 5 minutes', async () => {
    const { token } = await signedInUser();
    const authenticator = new VirtualAuthenticator();
    await register(token, authenticator);
    const options = await requestOptions();
    expect((await finishAuthenticate(authenticator.get(options, ORIGIN))).status).toBe(200);
    const reused = expectStytchError(await finishAuthenticate(authenticator.get(options, ORIGIN)), 401, 'unable_to_auth_webauthn_registration');
    expect(str(reused['error_message'])).toContain('already used');

    const late = await requestOptions();
    clock.now += WEBAUTHN_CHALLENGE_MINUTES * MINUTE;
    expect((await finishAuthenticate(authenticator.get(late, ORIGIN))).status).toBe(200);
    const expired = await requestOptions();
    clock.now += WEBAUTHN_CHALLENGE_MINUTES * MINUTE + 1;
    const body = expectStytchError(await finishAuthenticate(authenticator.get(expired, ORIGIN)), 401, 'unable_to_auth_webauthn_registration');
    expect(str(body['error_message'])).toContain('expired');
  });

  it('refuses a signature counter that does not increase, and accepts an authenticator that keeps none', async () => {
    const { token } = await signedInUser();
    const counting = new VirtualAuthenticator();
    await register(token, counting);
    expect((await finishAuthenticate(counting.get(await requestOptions(), ORIGIN, { counter: 5 }))).status).toBe(200);
    const replayed = expectStytchError(await finishAuthenticate(counting.get(await requestOptions(), ORIGIN, { counter: 5 })), 401, 'unable_to_auth_webauthn_registration');
    expect(str(replayed['error_message'])).toMatch(/counter/i);
    expectStytchError(await finishAuthenticate(counting.get(await requestOptions(), ORIGIN, { counter: 3 })), 401, 'unable_to_auth_webauthn_registration');
    expect((await finishAuthenticate(counting.get(await requestOptions(), ORIGIN, { counter: 6 }))).status).toBe(200);

    const counterless = new VirtualAuthenticator({ keepsCounter: false });
    await register(token, counterless);
    for (let i = 0; i < 2; i++) expect((await finishAuthenticate(counterless.get(await requestOptions(), ORIGIN))).status).toBe(200);
  });

  it('answers webauthn_registration_not_found (404) for a credential it does not know', async () => {
    const stranger = new VirtualAuthenticator();
    const options = await requestOptions();
    expectStytchError(await finishAuthenticate(stranger.get(options, ORIGIN, { userHandle: 'eA' })), 404, 'webauthn_registration_not_found');
    // The challenge was not spent on it.
    const { token } = await signedInUser();
    const authenticator = new VirtualAuthenticator();
    await register(token, authenticator);
    expect((await finishAuthenticate(authenticator.get(options, ORIGIN))).status).toBe(200);
  });
});

describe('renaming and deleting', () => {
  async function withPasskey(email = 'ada@example.com'): Promise<{ token: string; userId: string; id: string; authenticator: VirtualAuthenticator }> {
    const user = await signedInUser(email);
    const authenticator = new VirtualAuthenticator();
    const id = str((await register(user.token, authenticator))['webauthn_registration_id']);
    return { ...user, id, authenticator };
  }
  const rename = (token: string, id: string, name: unknown) => call('PUT', `/webauthn/update/${id}`, { sessionToken: token, body: { name } });

  it('renames the caller\'s own registration, keeping markup as text', async () => {
    const { token, userId, id } = await withPasskey();
    const name = '<img src=x onerror=alert(1)> Work laptop';
    const answer = data(await rename(token, id, name));
    expect(answer).toMatchObject({ user_id: userId, webauthn_registration: { webauthn_registration_id: id, name, domain: DOMAIN, verified: true } });
    expect(data(await call('GET', '/users/me', { sessionToken: token }))['webauthn_registrations']).toEqual([expect.objectContaining({ name })]);
    expect(data(await rename(token, id, 'x'.repeat(WEBAUTHN_NAME_MAX_LENGTH)))['webauthn_registration']).toMatchObject({ name: 'x'.repeat(WEBAUTHN_NAME_MAX_LENGTH) });
  });

  it('refuses an empty name, an over-long one and another user\'s registration', async () => {
    const ada = await withPasskey();
    const grace = await withPasskey('grace@example.com');
    for (const empty of ['', '   ', undefined]) expectStytchError(await rename(ada.token, ada.id, empty), 400, 'empty_webauthn_registration_name');
    expectStytchError(await rename(ada.token, ada.id, 42), 400, 'bad_request');
    expectStytchError(await rename(ada.token, ada.id, 'x'.repeat(10_000)), 400, 'invalid_argument');
    expectStytchError(await rename(ada.token, ada.id, 'x'.repeat(WEBAUTHN_NAME_MAX_LENGTH + 1)), 400, 'invalid_argument');
    expectStytchError(await rename(ada.token, grace.id, 'Mine now'), 404, 'webauthn_registration_not_found');
    expectStytchError(await rename(ada.token, 'webauthn-registration-test-unknown', 'x'), 404, 'webauthn_registration_not_found');
    expectStytchError(await call('PUT', `/webauthn/update/${ada.id}`, { body: { name: 'x' } }), 401, 'user_unauthenticated');
    expect(sandbox.state.users.get(grace.userId)?.user.webauthn_registrations[0]?.name).toMatch(/^WebAuthN /);
  });

  it('deletes the caller\'s registration, after which it no longer signs in', async () => {
    const ada = await withPasskey();
    const grace = await withPasskey('grace@example.com');
    expectStytchError(await call('DELETE', `/users/webauthn_registrations/${grace.id}`, { sessionToken: ada.token }), 404, 'webauthn_registration_not_found');
    const options = await requestOptions();
    const answer = data(await call('DELETE', `/users/webauthn_registrations/${ada.id}`, { sessionToken: ada.token }));
    expect(answer).toMatchObject({ user_id: ada.userId, __user: { user_id: ada.userId, webauthn_registrations: [] } });
    expectStytchError(await finishAuthenticate(ada.authenticator.get(options, ORIGIN)), 404, 'webauthn_registration_not_found');
    expectStytchError(await call('DELETE', `/users/webauthn_registrations/${ada.id}`, { sessionToken: ada.token }), 404, 'webauthn_registration_not_found');
    expectStytchError(await call('DELETE', `/users/webauthn_registrations/${grace.id}`), 401, 'user_unauthenticated');
    // Grace's passkey still works.
    expect((await finishAuthenticate(grace.authenticator.get(await requestOptions(), ORIGIN))).status).toBe(200);
  });
});

describe('the inbox', () => {
  it('lists each user\'s passkeys with name, id and creation time, escaped', async () => {
    const { token } = await signedInUser();
    const id = str((await register(token, new VirtualAuthenticator()))['webauthn_registration_id']);
    data(await call('PUT', `/webauthn/update/${id}`, { sessionToken: token, body: { name: '<script>alert(1)</script> key' } }));
    const html = await (await fetch(`${ORIGIN}/__sandbox/`)).text();
    expect(html).toContain('<h2 id="passkeys-heading">Passkeys (1)</h2>');
    expect(html).toContain(`<td data-label="Name">&lt;script&gt;alert(1)&lt;/script&gt; key</td>`);
    expect(html).toContain(`<td data-label="Registration ID">${id}</td>`);
    expect(html).toContain(`<td data-label="Created">${new Date(SANDBOX_TEST_START).toISOString()}</td>`);
    expect(html).not.toMatch(/<script/i);
  });
});

describe('faults and project settings', () => {
  const ENDPOINTS: readonly [Method, string][] = [
    ['POST', '/webauthn/register/start'],
    ['POST', '/webauthn/register'],
    ['POST', '/webauthn/authenticate/start/primary'],
    ['POST', '/webauthn/authenticate/start/secondary'],
    ['POST', '/webauthn/authenticate'],
    ['PUT', '/webauthn/update/webauthn-registration-test-x'],
    ['DELETE', '/users/webauthn_registrations/webauthn-registration-test-x'],
  ];

  it('applies scripted errors, Retry-After and hangs to every WebAuthn endpoint', async () => {
    for (const [method, path] of ENDPOINTS) {
      expect((await controlCall('POST', '/faults', { path: `/sdk/v1${path}`, method, status: 500, times: 1 })).status).toBe(201);
      expectStytchError(await call(method, path, { body: {} }), 500, 'internal_server_error');
      expect((await controlCall('POST', '/faults', { path: `/sdk/v1${path}`, method, status: 429, retry_after_seconds: 7, times: 1 })).status).toBe(201);
      const throttled = await call(method, path, { body: {} });
      expectStytchError(throttled, 429, 'too_many_requests');
      expect(throttled.headers.get('Retry-After')).toBe('7');
      // The fault is used up: the endpoint answers for itself again (here: not signed in, or a bad body).
      expect((await call(method, path, { body: {} })).status).not.toBe(429);

      expect((await controlCall('POST', '/faults', { path: `/sdk/v1${path}`, method, hang: true })).status).toBe(201);
      const hung = fetch(`${ORIGIN}/__sandbox/stytch/sdk/v1${path}`, { method, body: method === 'GET' ? null : '{}', signal: AbortSignal.timeout(100) });
      await expect(hung).rejects.toThrow(/abort|timeout/i);
      await controlCall('DELETE', '/faults');
    }
    expect(sandbox.state.hangs.size).toBe(0);
  });

  it('answers 403 when the project has WebAuthn off', async () => {
    const { token } = await signedInUser();
    await controlCall('PUT', '/project', { sdk_products: { webauthn: false } });
    expectStytchError(await registerStart(token), 403, 'endpoint_not_authorized_for_sdk');
    expectStytchError(await authenticateStart('primary'), 403, 'endpoint_not_authorized_for_sdk');
  });

  it('forgets credentials and challenges on reset', async () => {
    const { token } = await signedInUser();
    await register(token, new VirtualAuthenticator());
    await requestOptions();
    sandbox.reset();
    expect(sandbox.state.webauthnCredentials.size).toBe(0);
    expect(sandbox.state.webauthnChallenges.size).toBe(0);
  });
});
