import { describe, expect, it } from 'vitest';
import { BREACHED_PASSWORD_COUNT, isBreachedPassword } from './breached-passwords';
import { ludsRequirements, recordFailure } from './passwords';
import { ORIGIN, arr, controlCall, data, obj, sdkCall, str, type JsonReply, SANDBOX_TEST_START, expectStytchError, sandboxUnderTest } from './test-support';

const START = SANDBOX_TEST_START;
const MINUTE = 60_000;
const { sandbox, clock } = sandboxUnderTest(START);

const STRONG = 'Correct horse battery staple';
const OTHER_STRONG = 'A brand new horse battery';
/** The page the SDK runs on: it sends this as X-SDK-Parent-Host. */
const PAGE = { 'X-SDK-Parent-Host': ORIGIN };
const RESET_URL = `${ORIGIN}/login/password/reset`;

const useZxcvbn = () => controlCall('PUT', '/project', { password_policy: { strength_policy: 'zxcvbn' } });
const strengthCheck = (password: string, email?: string) =>
  sdkCall('POST', '/passwords/strength_check', { body: email === undefined ? { password } : { email, password } });
const create = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  sdkCall('POST', '/passwords', { body: { email, password, session_duration_minutes: 60, ...extra } });
const authenticate = (email: string, password: string) =>
  sdkCall('POST', '/passwords/authenticate', { body: { email, password, session_duration_minutes: 60 } });
const resetStart = (email: string, extra: Record<string, unknown> = {}) =>
  sdkCall('POST', '/passwords/email/reset/start', { body: { email, ...extra }, headers: PAGE });
const reset = (token: string, password: string, extra: Record<string, unknown> = {}) =>
  sdkCall('POST', '/passwords/email/reset', { body: { token, password, session_duration_minutes: 60, ...extra } });

async function seed(user: Record<string, unknown>): Promise<Record<string, unknown>> {
  const created = await controlCall('POST', '/users', user);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return obj(created.json);
}

/** The newest reset e-mail to `email`, its link, and the token in it. */
function lastReset(email: string): { link: URL; token: string; text: string } {
  const message = sandbox.state.messages.filter((entry) => entry.to === email).at(-1);
  const link = new URL(str(message?.link));
  return { link, token: str(link.searchParams.get('token')), text: str(message?.text) };
}

function expectSignedIn(result: JsonReply, email: string): Record<string, unknown> {
  const signedIn = data(result);
  expect(str(signedIn['session_token'])).not.toBe('');
  expect(str(signedIn['session_jwt']).split('.')).toHaveLength(3);
  expect(obj(signedIn['user'])).toMatchObject({ emails: [{ email }] });
  expect(obj(signedIn['session'])).toMatchObject({ user_id: signedIn['user_id'] });
  return signedIn;
}

async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = 'c'.repeat(64);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const challenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return { verifier, challenge };
}

describe('the rules, as functions', () => {
  it('counts LUDS classes and missing characters in code points', () => {
    expect(ludsRequirements('abc', 8, 3)).toEqual({
      has_lower_case: true, has_upper_case: false, has_digit: false, has_symbol: false, missing_characters: 5, missing_complexity: 2,
    });
    expect(ludsRequirements('Ab1 ', 4, 4)).toMatchObject({ has_symbol: true, missing_characters: 0, missing_complexity: 0 });
    expect(ludsRequirements('Ünïcødé😀', 8, 3)).toMatchObject({ has_upper_case: true, has_lower_case: true, has_symbol: true, missing_characters: 0, missing_complexity: 0 });
  });

  it('ships a breach list with the usual suspects, matched exactly', () => {
    expect(BREACHED_PASSWORD_COUNT).toBeGreaterThanOrEqual(200);
    for (const password of ['password1', 'qwerty123', 'P@ssw0rd!', 'iloveyou12', 'letmein2025', 'Password123!']) expect(isBreachedPassword(password), password).toBe(true);
    for (const password of [STRONG, OTHER_STRONG, 'PASSWORD1', 'password1 ']) expect(isBreachedPassword(password), password).toBe(false);
  });

  it('locks at the threshold and starts counting again after the lock', () => {
    let lock = recordFailure(undefined, 0, 2, 60);
    expect(lock).toEqual({ failures: 1, lockedUntil: null });
    lock = recordFailure(lock, 1, 2, 60);
    expect(lock).toEqual({ failures: 2, lockedUntil: 1 + 60 * MINUTE });
    expect(recordFailure(lock, 1 + 60 * MINUTE, 2, 60)).toEqual({ failures: 1, lockedUntil: null });
  });
});

describe('passwords/strength_check', () => {
  it('scores with zxcvbn: weak with its English feedback, strong, and valid from a score of 3', async () => {
    await useZxcvbn();
    const weak = data(await strengthCheck('qwerty'));
    expect(weak).toMatchObject({
      status_code: 200,
      valid_password: false,
      score: 0,
      breached_password: true,
      breach_detection_on_create: true,
      strength_policy: 'zxcvbn',
      feedback: {
        warning: 'This is a top-10 common password.',
        suggestions: ['Add another word or two. Uncommon words are better.'],
        luds_requirements: { has_lower_case: true, has_upper_case: false, has_digit: false, has_symbol: false, missing_characters: 0, missing_complexity: 0 },
      },
    });
    expect(data(await strengthCheck('horsebattery'))).toMatchObject({
      valid_password: false,
      score: 2,
      breached_password: false,
      feedback: { warning: '', suggestions: ['Add another word or two. Uncommon words are better.'] },
    });
    expect(data(await strengthCheck(STRONG))).toMatchObject({ valid_password: true, score: 4, feedback: { warning: '', suggestions: [] } });
    expect(data(await strengthCheck('Abcdefghij1!'))).toMatchObject({ valid_password: true, score: 3 });
  });

  it('counts the e-mail against the password', async () => {
    await useZxcvbn();
    const password = 'adalovelace1815';
    const alone = data(await strengthCheck(password));
    const withEmail = data(await strengthCheck(password, 'ada.lovelace@example.com'));
    expect(Number(withEmail['score'])).toBeLessThan(Number(alone['score']));
  });

  it('reports a breached password as breached and invalid, however strong it scores', async () => {
    for (const policy of ['zxcvbn', 'luds'] as const) {
      await controlCall('PUT', '/project', { password_policy: { strength_policy: policy } });
      for (const password of ['password1', 'Password123!', 'P@ssw0rd!', 'letmein2025']) {
        expect(data(await strengthCheck(password)), `${policy} ${password}`).toMatchObject({ breached_password: true, valid_password: false });
      }
    }
  });

  it('reports nothing as breached when breach detection is off', async () => {
    await controlCall('PUT', '/project', { password_policy: { breach_detection_on_create: false } });
    expect(data(await strengthCheck('Password123!'))).toMatchObject({ breached_password: false, valid_password: true, breach_detection_on_create: false });
  });

  it('checks LUDS: missing characters and complexity, valid when both are met', async () => {
    await controlCall('PUT', '/project', { password_policy: { strength_policy: 'luds', luds_min_length: 10, luds_min_complexity: 3 } });
    expect(data(await strengthCheck('abc'))).toMatchObject({
      strength_policy: 'luds',
      valid_password: false,
      feedback: { warning: '', suggestions: [], luds_requirements: { missing_characters: 7, missing_complexity: 2, has_lower_case: true } },
    });
    expect(data(await strengthCheck('abcdefghijk'))).toMatchObject({ valid_password: false, feedback: { luds_requirements: { missing_characters: 0, missing_complexity: 2 } } });
    expect(data(await strengthCheck('Abcdefghij1!'))).toMatchObject({
      valid_password: true,
      feedback: { luds_requirements: { has_lower_case: true, has_upper_case: true, has_digit: true, has_symbol: true, missing_characters: 0, missing_complexity: 0 } },
    });
  });

  it('needs a password string', async () => {
    expectStytchError(await sdkCall('POST', '/passwords/strength_check', { body: { email: 'ada@example.com' } }), 400, 'bad_request');
  });
});

describe('passwords (create)', () => {
  it('creates the user with an unverified address and signs in like magic links do', async () => {
    const created = expectSignedIn(await create('Ada@Example.com', STRONG), 'ada@example.com');
    expect(str(created['email_id'])).toMatch(/^email-test-/);
    expect(obj(created['user'])).toMatchObject({ emails: [{ verified: false }], password: { requires_reset: false } });
    expect(obj(created['session'])).toMatchObject({
      authentication_factors: [{ type: 'password', delivery_method: 'knowledge', last_authenticated_at: new Date(START).toISOString() }],
      expires_at: new Date(START + 60 * MINUTE).toISOString(),
    });
    expect(sandbox.state.users.get(str(created['user_id']))?.password).toBe(STRONG);
    // The session works, and the account is now a password account.
    expect(data(await sdkCall('GET', '/users/me', { sessionToken: str(created['session_token']) }))['user_id']).toBe(created['user_id']);
    expect(data(await sdkCall('POST', '/users/search', { body: { email: 'ada@example.com' } }))['userType']).toBe('password');
  });

  it('answers duplicate_email for any existing address, with or without a password', async () => {
    await seed({ email: 'pat@example.com', password: STRONG });
    await seed({ email: 'linky@example.com' });
    expectStytchError(await create('PAT@example.com', OTHER_STRONG), 400, 'duplicate_email');
    expectStytchError(await create('linky@example.com', OTHER_STRONG), 400, 'duplicate_email');
    expect(sandbox.state.users.size).toBe(2);
    expect(sandbox.state.sessions.size).toBe(0);
  });

  it('refuses a weak password with weak_password and a breached one with breached_password', async () => {
    expectStytchError(await create('ada@example.com', 'abc'), 400, 'weak_password');
    expectStytchError(await create('ada@example.com', 'Password123!'), 400, 'breached_password');
    await useZxcvbn();
    expectStytchError(await create('ada@example.com', 'horsebattery'), 400, 'weak_password');
    expectStytchError(await create('ada@example.com', 'password1'), 400, 'breached_password');
    expect(sandbox.state.users.size).toBe(0);
  });

  it('accepts a breached password when breach detection on create is off', async () => {
    await controlCall('PUT', '/project', { password_policy: { breach_detection_on_create: false } });
    expectSignedIn(await create('ada@example.com', 'Password123!'), 'ada@example.com');
  });

  it('validates the address and the session duration before creating anything', async () => {
    expectStytchError(await create('not-an-address', STRONG), 400, 'invalid_email');
    expectStytchError(await create('ada@example.com', STRONG, { session_duration_minutes: 1 }), 400, 'invalid_session_duration_minutes');
    expect(sandbox.state.users.size).toBe(0);
  });
});

describe('passwords/authenticate', () => {
  it('signs in with the right password', async () => {
    await seed({ email: 'pat@example.com', password: STRONG });
    const signedIn = expectSignedIn(await authenticate('Pat@Example.com', STRONG), 'pat@example.com');
    expect(obj(signedIn['session'])['authentication_factors']).toEqual([{ type: 'password', delivery_method: 'knowledge', last_authenticated_at: new Date(START).toISOString() }]);
  });

  it('answers each kind of account with its own error', async () => {
    await seed({ email: 'pat@example.com', password: STRONG });
    await seed({ email: 'linky@example.com' });
    await seed({ email: 'dedupe@example.com', password: STRONG, requires_reset: true });
    expectStytchError(await authenticate('nobody@example.com', STRONG), 404, 'email_not_found');
    expectStytchError(await authenticate('linky@example.com', STRONG), 400, 'no_user_password');
    expectStytchError(await authenticate('pat@example.com', 'not my password'), 401, 'unauthorized_credentials');
    // A user who must reset gets reset_password, with the right password and without it.
    expectStytchError(await authenticate('dedupe@example.com', STRONG), 400, 'reset_password');
    expectStytchError(await authenticate('dedupe@example.com', 'wrong'), 400, 'reset_password');
    expectStytchError(await authenticate('not-an-address', STRONG), 400, 'invalid_email');
    expect(sandbox.state.sessions.size).toBe(0);
  });

  it('locks the user after the threshold of consecutive failures, for the lock period, right password included', async () => {
    await controlCall('PUT', '/project', { lockout_threshold: 3, lockout_minutes: 15 });
    await seed({ email: 'pat@example.com', password: STRONG });
    for (let attempt = 0; attempt < 3; attempt++) expectStytchError(await authenticate('pat@example.com', 'guess'), 401, 'unauthorized_credentials');
    const locked = expectStytchError(await authenticate('pat@example.com', STRONG), 401, 'user_lock_limit_reached');
    expect(locked['error_message']).toContain('15 more minutes');
    clock.now += 15 * MINUTE - 1;
    expectStytchError(await authenticate('pat@example.com', STRONG), 401, 'user_lock_limit_reached');
    clock.now += 1;
    expectSignedIn(await authenticate('pat@example.com', STRONG), 'pat@example.com');
  });

  it('counts only consecutive failures: a success starts the count again', async () => {
    await controlCall('PUT', '/project', { lockout_threshold: 2 });
    await seed({ email: 'pat@example.com', password: STRONG });
    expectStytchError(await authenticate('pat@example.com', 'guess'), 401, 'unauthorized_credentials');
    expectSignedIn(await authenticate('pat@example.com', STRONG), 'pat@example.com');
    expectStytchError(await authenticate('pat@example.com', 'guess'), 401, 'unauthorized_credentials');
    expectSignedIn(await authenticate('pat@example.com', STRONG), 'pat@example.com');
  });
});

describe('passwords/email/reset/start', () => {
  it("e-mails a single-use reset link to the page's default reset URL, with a login link beside it", async () => {
    await seed({ email: 'pat@example.com', password: STRONG });
    const sent = data(await resetStart('Pat@Example.com'));
    expect(sent['status_code']).toBe(200);
    const [message] = sandbox.state.messages;
    expect(message).toMatchObject({ channel: 'email', from: 'login@mail.vestibule.test', to: 'pat@example.com', subject: 'Reset your password' });
    const { link, token, text } = lastReset('pat@example.com');
    expect(link.origin + link.pathname).toBe(RESET_URL);
    expect(link.searchParams.get('stytch_token_type')).toBe('reset_password');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(text).toContain(link.href);
    expect(text).toContain('expires in 30 minutes');

    // 'Login without a password': a login magic link to the default login URL.
    const login = new URL(str(/Or log in without a password:\n\n(\S+)/.exec(text)?.[1]));
    expect(login.origin + login.pathname).toBe(`${ORIGIN}/login/callback`);
    expect(login.searchParams.get('stytch_token_type')).toBe('login');
    expectSignedIn(await sdkCall('POST', '/magic_links/authenticate', { body: { token: login.searchParams.get('token') } }), 'pat@example.com');
  });

  it('uses the registered URLs it is given, keeping their query', async () => {
    await seed({ email: 'pat@example.com', password: STRONG });
    data(
      await resetStart('pat@example.com', {
        reset_password_redirect_url: 'http://localhost:5199/login/password/reset?redirect=%2Forders&source=web',
        login_redirect_url: 'http://localhost:5199/login/callback?redirect=%2Forders',
        reset_password_expiration_minutes: 45,
      }),
    );
    const { link, text } = lastReset('pat@example.com');
    expect(link.host).toBe('localhost:5199');
    expect(link.searchParams.get('redirect')).toBe('/orders');
    expect(link.searchParams.get('source')).toBe('web');
    expect(text).toContain('http://localhost:5199/login/callback?redirect=%2Forders&stytch_token_type=login&token=');
    expect(text).toContain('expires in 45 minutes');
  });

  it('refuses URLs that are not registered, and asks for one when there is no default', async () => {
    await seed({ email: 'pat@example.com', password: STRONG });
    expectStytchError(await resetStart('pat@example.com', { reset_password_redirect_url: 'http://evil.example/login/password/reset' }), 400, 'invalid_password_reset_redirect_url');
    expectStytchError(await resetStart('pat@example.com', { reset_password_redirect_url: `${ORIGIN}/login/callback` }), 400, 'invalid_password_reset_redirect_url');
    expectStytchError(await resetStart('pat@example.com', { reset_password_redirect_url: 'javascript:alert(1)' }), 400, 'invalid_password_reset_redirect_url');
    expectStytchError(await resetStart('pat@example.com', { login_redirect_url: `${ORIGIN}/elsewhere` }), 400, 'no_match_for_provided_magic_link_url');
    expectStytchError(await resetStart('pat@example.com', { reset_password_expiration_minutes: 2 }), 400, 'invalid_expiration');
    // Without a page origin the wildcard port cannot be filled in: no default.
    const noPage = await sdkCall('POST', '/passwords/email/reset/start', { body: { email: 'pat@example.com' } });
    expectStytchError(noPage, 400, 'no_password_reset_redirect_url');
    await controlCall('PUT', '/project', { redirect_urls: { reset_password: ['https://shop.example/reset?flow=password'] } });
    data(await sdkCall('POST', '/passwords/email/reset/start', { body: { email: 'pat@example.com' } }));
    expect(lastReset('pat@example.com').link.href).toMatch(/^https:\/\/shop\.example\/reset\?flow=password&stytch_token_type=reset_password&token=/);
    expect(sandbox.state.messages).toHaveLength(1);
  });

  it('answers an unknown address with email_not_found, and sends a passwordless user the e-mail', async () => {
    expectStytchError(await resetStart('nobody@example.com'), 404, 'email_not_found');
    await seed({ email: 'linky@example.com' });
    data(await resetStart('linky@example.com'));
    expect(sandbox.state.messages).toHaveLength(1);
  });

  it('limits reset e-mails per address with 429 and Retry-After', async () => {
    await controlCall('PUT', '/project', { rate_limits: { password_reset_sends_per_email: { max: 2, window_seconds: 60 } } });
    await seed({ email: 'pat@example.com', password: STRONG });
    data(await resetStart('pat@example.com'));
    clock.now += 20_000;
    data(await resetStart('pat@example.com'));
    const limited = await resetStart('pat@example.com');
    expectStytchError(limited, 429, 'too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('40');
    clock.now += 40_000;
    data(await resetStart('pat@example.com'));
  });
});

describe('passwords/email/reset', () => {
  it('sets the new password, consumes the token and signs in; the old password stops working', async () => {
    await seed({ email: 'pat@example.com', password: STRONG });
    await resetStart('pat@example.com');
    const signedIn = expectSignedIn(await reset(lastReset('pat@example.com').token, OTHER_STRONG), 'pat@example.com');
    expect(obj(signedIn['session'])['authentication_factors']).toEqual([
      expect.objectContaining({ type: 'password', delivery_method: 'email', email_factor: expect.objectContaining({ email_address: 'pat@example.com' }) }),
    ]);
    expect(obj(signedIn['user'])).toMatchObject({ emails: [{ verified: true }], password: { requires_reset: false } });
    expectStytchError(await authenticate('pat@example.com', STRONG), 401, 'unauthorized_credentials');
    expectSignedIn(await authenticate('pat@example.com', OTHER_STRONG), 'pat@example.com');
    // Single use.
    expectStytchError(await reset(lastReset('pat@example.com').token, 'Yet another horse battery'), 401, 'unable_to_auth_password_reset_token');
  });

  it('clears the must-reset flag and the lock', async () => {
    await controlCall('PUT', '/project', { lockout_threshold: 1 });
    await seed({ email: 'dedupe@example.com', password: STRONG, requires_reset: true });
    await seed({ email: 'pat@example.com', password: STRONG });
    expectStytchError(await authenticate('pat@example.com', 'guess'), 401, 'unauthorized_credentials');
    expectStytchError(await authenticate('pat@example.com', STRONG), 401, 'user_lock_limit_reached');

    for (const email of ['dedupe@example.com', 'pat@example.com']) {
      await resetStart(email);
      expectSignedIn(await reset(lastReset(email).token, OTHER_STRONG), email);
      expectSignedIn(await authenticate(email, OTHER_STRONG), email);
    }
  });

  it('gives a passwordless user their first password', async () => {
    await seed({ email: 'linky@example.com' });
    await resetStart('linky@example.com');
    expectSignedIn(await reset(lastReset('linky@example.com').token, STRONG), 'linky@example.com');
    expect(data(await sdkCall('POST', '/users/search', { body: { email: 'linky@example.com' } }))['userType']).toBe('password');
  });

  it('fails unknown and expired tokens alike, after 30 minutes by default', async () => {
    await seed({ email: 'pat@example.com', password: STRONG });
    expectStytchError(await reset('never-issued', OTHER_STRONG), 401, 'unable_to_auth_password_reset_token');
    await resetStart('pat@example.com');
    const { token } = lastReset('pat@example.com');
    clock.now += 30 * MINUTE + 1;
    expectStytchError(await reset(token, OTHER_STRONG), 401, 'unable_to_auth_password_reset_token');
  });

  it('refuses a weak or breached password without using up the token', async () => {
    await seed({ email: 'pat@example.com', password: STRONG });
    await resetStart('pat@example.com');
    const { token } = lastReset('pat@example.com');
    expectStytchError(await reset(token, 'abc'), 400, 'weak_password');
    expectStytchError(await reset(token, 'Password123!'), 400, 'breached_password');
    expectSignedIn(await reset(token, OTHER_STRONG), 'pat@example.com');
  });

  it('checks PKCE when the reset was started with a code_challenge', async () => {
    await controlCall('PUT', '/project', { pkce_required_for_password_resets: true });
    await seed({ email: 'pat@example.com', password: STRONG });
    const { verifier, challenge } = await pkcePair();
    await resetStart('pat@example.com', { code_challenge: challenge });
    const { token, text } = lastReset('pat@example.com');
    expectStytchError(await reset(token, OTHER_STRONG), 400, 'pkce_expected_code_verifier');
    expectStytchError(await reset(token, OTHER_STRONG, { code_verifier: 'd'.repeat(64) }), 400, 'pkce_mismatch');
    expectSignedIn(await reset(token, OTHER_STRONG, { code_verifier: verifier }), 'pat@example.com');
    // The login link of the same e-mail needs the same verifier.
    const loginToken = new URL(str(/Or log in without a password:\n\n(\S+)/.exec(text)?.[1])).searchParams.get('token');
    expectStytchError(await sdkCall('POST', '/magic_links/authenticate', { body: { token: loginToken } }), 400, 'pkce_expected_code_verifier');
    expectSignedIn(await sdkCall('POST', '/magic_links/authenticate', { body: { token: loginToken, code_verifier: verifier } }), 'pat@example.com');
  });
});

describe('every password endpoint behind the project checks and faults', () => {
  const endpoints: Array<[string, Record<string, unknown>]> = [
    ['/passwords/strength_check', { password: STRONG }],
    ['/passwords', { email: 'ada@example.com', password: STRONG }],
    ['/passwords/authenticate', { email: 'ada@example.com', password: STRONG }],
    ['/passwords/email/reset/start', { email: 'ada@example.com' }],
    ['/passwords/email/reset', { token: 'x', password: STRONG }],
  ];

  it('answers endpoint_not_authorized_for_sdk when passwords are off', async () => {
    await controlCall('PUT', '/project', { sdk_products: { passwords: false } });
    for (const [path, body] of endpoints) expectStytchError(await sdkCall('POST', path, { body }), 403, 'endpoint_not_authorized_for_sdk');
    expect(sandbox.state.users.size).toBe(0);
  });

  it('applies scripted faults to each of them', async () => {
    await controlCall('POST', '/faults', { path: '/sdk/v1/passwords*', status: 503, retry_after_seconds: 4 });
    for (const [path, body] of endpoints) {
      const result = await sdkCall('POST', path, { body });
      expectStytchError(result, 503, 'service_unavailable');
      expect(result.headers.get('retry-after')).toBe('4');
    }
  });

  it('refuses callers without the public token', async () => {
    for (const [path, body] of endpoints) expectStytchError(await sdkCall('POST', path, { body, publicToken: 'public-token-live-x' }), 401, 'public_token_not_found');
  });
});

describe('control API: seeding password users', () => {
  it('seeds a must-reset user (with or without a known password) and a passwordless one', async () => {
    const mustReset = await seed({ email: 'dedupe@example.com', password: STRONG, requires_reset: true });
    expect(mustReset['password']).toMatchObject({ password_id: expect.stringMatching(/^password-test-/), requires_reset: true });
    const unknownPassword = await seed({ email: 'forced@example.com', requires_reset: true });
    expect(unknownPassword['password']).toMatchObject({ requires_reset: true });
    const passwordless = await seed({ email: 'linky@example.com', requires_reset: false });
    expect(passwordless['password']).toBeNull();
    for (const [email, userType] of [['dedupe@example.com', 'password'], ['forced@example.com', 'password'], ['linky@example.com', 'passwordless']]) {
      expect(data(await sdkCall('POST', '/users/search', { body: { email } }))['userType'], email).toBe(userType);
    }
    expect(arr((await controlCall('GET', '/users')).json)).toHaveLength(3);
    const invalid = await controlCall('POST', '/users', { email: 'x@example.com', requires_reset: 'yes' });
    expect(invalid.status).toBe(400);
  });
});
