// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import type { ProviderSession } from '@vestibule/core';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createStytchAdapters } from './create-stytch-adapters';
import { SANDBOX_ORIGIN as ORIGIN, SANDBOX_STYTCH, sandboxControl as control, sandboxedStytch } from './sandboxed-stytch.test-support';
import { toPasswordStrength } from './stytch-passwords.adapter';

const API = `${SANDBOX_STYTCH}/sdk/v1`;
const STRONG = 'Correct horse battery staple';
const OTHER_STRONG = 'A brand new horse battery';
const { sandbox, server, stytch, reported } = sandboxedStytch('public-token-test-passwords-adapter');

/** The token of the newest reset e-mail to `email`. */
function resetTokenFor(email: string): string {
  const link = sandbox.state.messages.filter((message) => message.to === email).at(-1)?.link;
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (token === null) throw new Error(`no reset e-mail to ${email}`);
  return token;
}

const credentials = (email: string, password: string) => ({ email, password, sessionDurationMinutes: 60 });
const clearSdkStorage = () => {
  for (const name of ['stytch_session', 'stytch_session_jwt']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  localStorage.clear();
};

beforeAll(async () => {
  await control('POST', '/users', { email: 'pat@example.com', password: STRONG });
  await control('POST', '/users', { email: 'linky@example.com' });
  await control('POST', '/users', { email: 'dedupe@example.com', password: STRONG, requires_reset: true });
});
describe('Stytch passwords adapter against the sandbox, with the real SDK (one visitor, in order)', () => {
  it("looks addresses up with the SDK's own user search", async () => {
    expect(await stytch.passwords.searchUser('new.person@example.com')).toEqual({ ok: true, value: 'new' });
    expect(await stytch.passwords.searchUser('Pat@Example.com')).toEqual({ ok: true, value: 'password' });
    expect(await stytch.passwords.searchUser('linky@example.com')).toEqual({ ok: true, value: 'passwordless' });
    expect(await stytch.passwords.searchUser('not-an-address')).toMatchObject({ ok: false, error: { code: 'invalid_email', status: 400 } });
  });

  it('reads a search answer it does not know as invalid_response', async () => {
    server.use(http.post(`${API}/users/search`, () => HttpResponse.json({ data: { userType: 'robot' } })));
    expect(await stytch.passwords.searchUser('pat@example.com')).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it("maps the provider's strength verdict to the port's, under LUDS and zxcvbn", async () => {
    expect(await stytch.passwords.strengthCheck('abc', 'new.person@example.com')).toEqual({
      ok: true,
      value: {
        score: 0,
        validPassword: false,
        breachedPassword: false,
        strengthPolicy: 'luds',
        warning: '',
        suggestions: [],
        ludsRequirements: { missingCharacters: 5, missingComplexity: 2 },
      },
    });
    await control('PUT', '/project', { password_policy: { strength_policy: 'zxcvbn' } });
    expect(await stytch.passwords.strengthCheck('password1', null)).toMatchObject({
      ok: true,
      value: { validPassword: false, breachedPassword: true, strengthPolicy: 'zxcvbn', warning: 'This is a very common password.', ludsRequirements: null },
    });
    expect(await stytch.passwords.strengthCheck(STRONG, 'new.person@example.com')).toMatchObject({ ok: true, value: { score: 4, validPassword: true } });
    await control('PUT', '/project', { password_policy: { strength_policy: 'luds' } });
  });

  it('creates an account: signed in, the SDK holds the session, and the token is handed over', async () => {
    const result = await stytch.passwords.create(credentials('new.person@example.com', STRONG));
    if (!result.ok) throw new Error(result.error.code);
    expect(result.value.session.user.email).toBe('new.person@example.com');
    expect(document.cookie).toContain(`stytch_session=${result.value.sessionToken}`);
    await vi.waitFor(() => expect(reported.at(-1)?.user.email).toBe('new.person@example.com'));
    expect(await stytch.session.check()).toMatchObject({ ok: true, value: { user: { email: 'new.person@example.com' } } });
  });

  it('refuses a second account for the address, and weak or breached passwords', async () => {
    expect(await stytch.passwords.create(credentials('new.person@example.com', OTHER_STRONG))).toMatchObject({
      ok: false,
      error: { code: 'provider_error', providerType: 'duplicate_email', status: 400 },
    });
    expect(await stytch.passwords.create(credentials('weak@example.com', 'abc'))).toMatchObject({ ok: false, error: { code: 'provider_error', providerType: 'weak_password' } });
    expect(await stytch.passwords.create(credentials('weak@example.com', 'Password123!'))).toMatchObject({ ok: false, error: { code: 'breached_password' } });
  });

  it('logs in with a password, and translates each refusal', async () => {
    expect(await stytch.passwords.authenticate(credentials('pat@example.com', 'not my password'))).toMatchObject({
      ok: false,
      error: { code: 'unauthorized_credentials', status: 401, retryable: false },
    });
    expect(await stytch.passwords.authenticate(credentials('nobody@example.com', STRONG))).toMatchObject({ ok: false, error: { code: 'email_not_found', status: 404 } });
    expect(await stytch.passwords.authenticate(credentials('linky@example.com', STRONG))).toMatchObject({ ok: false, error: { code: 'no_user_password' } });
    expect(await stytch.passwords.authenticate(credentials('dedupe@example.com', STRONG))).toMatchObject({ ok: false, error: { code: 'reset_password', status: 400 } });
    const result = await stytch.passwords.authenticate(credentials('pat@example.com', STRONG));
    expect(result).toMatchObject({ ok: true, value: { session: { user: { email: 'pat@example.com' } }, sessionToken: expect.any(String) } });
    await vi.waitFor(() => expect(reported.at(-1)?.user.email).toBe('pat@example.com'));
  });

  it('sends a reset e-mail to the return URL, and the token sets a new password and signs in once', async () => {
    expect(
      await stytch.passwords.resetByEmailStart({
        email: 'dedupe@example.com',
        resetPasswordRedirectUrl: `${ORIGIN}/login/password/reset?redirect=%2Forders`,
        loginRedirectUrl: `${ORIGIN}/login/callback?redirect=%2Forders`,
        resetPasswordExpirationMinutes: 30,
      }),
    ).toEqual({ ok: true, value: undefined });
    const link = new URL(sandbox.state.messages.at(-1)?.link ?? '');
    expect(link.pathname).toBe('/login/password/reset');
    expect(link.searchParams.get('redirect')).toBe('/orders');
    expect(link.searchParams.get('stytch_token_type')).toBe('reset_password');

    const token = resetTokenFor('dedupe@example.com');
    expect(await stytch.passwords.resetByEmail(token, 'abc', 60)).toMatchObject({ ok: false, error: { providerType: 'weak_password' } });
    expect(await stytch.passwords.resetByEmail(token, OTHER_STRONG, 60)).toMatchObject({ ok: true, value: { session: { user: { email: 'dedupe@example.com' } } } });
    await vi.waitFor(() => expect(reported.at(-1)?.user.email).toBe('dedupe@example.com'));
    expect(await stytch.passwords.resetByEmail(token, 'Yet another horse battery', 60)).toMatchObject({
      ok: false,
      error: { providerType: 'unable_to_auth_password_reset_token', status: 401 },
    });
    expect((await stytch.passwords.authenticate(credentials('dedupe@example.com', OTHER_STRONG))).ok).toBe(true);
  });

  it('answers a reset for an unknown address with email_not_found', async () => {
    expect(await stytch.passwords.resetByEmailStart({ email: 'nobody@example.com' })).toMatchObject({ ok: false, error: { code: 'email_not_found' } });
  });

  it('resolves at once with a failure when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await stytch.passwords.authenticate(credentials('pat@example.com', STRONG), { signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('carries Retry-After of a throttled reset e-mail', async () => {
    await control('PUT', '/project', { rate_limits: { password_reset_sends_per_email: { max: 1, window_seconds: 60 } } });
    await control('POST', '/users', { email: 'throttled@example.com' });
    expect((await stytch.passwords.resetByEmailStart({ email: 'throttled@example.com' })).ok).toBe(true);
    expect(await stytch.passwords.resetByEmailStart({ email: 'throttled@example.com' })).toMatchObject({
      ok: false,
      error: { code: 'too_many_requests', status: 429, retryAfterMs: 60_000 },
    });
  });
});

describe('Stytch session adapter: adopt', () => {
  it('takes over a session handed over by its token, and reports it', async () => {
    const signIn = await stytch.passwords.authenticate(credentials('pat@example.com', STRONG));
    if (!signIn.ok) throw new Error(signIn.error.code);
    // A fresh page: nothing stored but the token in the address bar.
    clearSdkStorage();
    const fresh = createStytchAdapters({ publicToken: 'public-token-test-adopt', apiBaseUrl: SANDBOX_STYTCH });
    const seen: ProviderSession[] = [];
    const stop = fresh.session.subscribe((session) => seen.push(session as ProviderSession));
    try {
      expect(await fresh.session.check()).toEqual({ ok: true, value: null });
      const adopted = await fresh.session.adopt(signIn.value.sessionToken);
      expect(adopted).toMatchObject({ ok: true, value: { user: { email: 'pat@example.com' }, session: { sessionId: signIn.value.session.session.sessionId } } });
      await vi.waitFor(() => expect(seen.at(-1)?.user.email).toBe('pat@example.com'));
      expect(document.cookie).toContain(`stytch_session=${signIn.value.sessionToken}`);
      expect(document.cookie).toMatch(/stytch_session_jwt=[\w-]+\.[\w-]+\.[\w-]+/);
      expect(await fresh.session.check()).toMatchObject({ ok: true, value: { user: { email: 'pat@example.com' } } });
    } finally {
      stop();
      fresh.dispose();
    }
  });

  it('reports a token the provider rejects as signed out and keeps nothing of it', async () => {
    clearSdkStorage();
    const fresh = createStytchAdapters({ publicToken: 'public-token-test-adopt-forged', apiBaseUrl: SANDBOX_STYTCH });
    try {
      expect(await fresh.session.adopt('forged-session-token')).toEqual({ ok: true, value: null });
      expect(document.cookie).not.toContain('forged-session-token');
      expect(await fresh.session.check()).toEqual({ ok: true, value: null });
    } finally {
      fresh.dispose();
    }
  });

  it('fails an adoption the provider could not answer, as check does', async () => {
    clearSdkStorage();
    const fresh = createStytchAdapters({ publicToken: 'public-token-test-adopt-down', apiBaseUrl: SANDBOX_STYTCH });
    server.use(http.post(`${API}/sessions/authenticate`, () => new HttpResponse('upstream down', { status: 503, headers: { 'Retry-After': '3' } })));
    try {
      expect(await fresh.session.adopt('any-token')).toMatchObject({ ok: false, error: { code: 'server_error', status: 503, retryAfterMs: 3000 } });
    } finally {
      fresh.dispose();
      clearSdkStorage();
    }
  });
});

describe('Stytch passwords adapter with PKCE for resets', () => {
  it('proves the reset with the pair the SDK stored when it asked for the e-mail', async () => {
    clearSdkStorage();
    await control('PUT', '/project', { pkce_required_for_password_resets: true });
    // A new token: the SDK caches bootstrap (and so the PKCE flag) per public token.
    const fresh = createStytchAdapters({ publicToken: 'public-token-test-pkce-resets', apiBaseUrl: SANDBOX_STYTCH });
    try {
      expect((await fresh.passwords.resetByEmailStart({ email: 'linky@example.com', resetPasswordRedirectUrl: `${ORIGIN}/login/password/reset` })).ok).toBe(true);
      expect(sandbox.state.passwordResets.get(resetTokenFor('linky@example.com'))?.codeChallenge).toEqual(expect.any(String));
      expect(await fresh.passwords.resetByEmail(resetTokenFor('linky@example.com'), STRONG, 60)).toMatchObject({
        ok: true,
        value: { session: { user: { email: 'linky@example.com' } } },
      });
    } finally {
      fresh.dispose();
      clearSdkStorage();
    }
  });
});

describe('toPasswordStrength', () => {
  it('keeps LUDS counts only under LUDS', () => {
    const luds = { has_digit: true, has_lower_case: true, has_symbol: false, has_upper_case: false, missing_characters: 0, missing_complexity: 1 };
    const response = { request_id: 'r', status_code: 200, valid_password: false, score: 2, breached_password: false, breach_detection_on_create: true, feedback: { warning: 'w', suggestions: ['s'], luds_requirements: luds } };
    expect(toPasswordStrength({ ...response, strength_policy: 'zxcvbn' }).ludsRequirements).toBeNull();
    expect(toPasswordStrength({ ...response, strength_policy: 'luds' }).ludsRequirements).toEqual({ missingCharacters: 0, missingComplexity: 1 });
  });
});
