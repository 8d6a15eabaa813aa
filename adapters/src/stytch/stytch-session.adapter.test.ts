// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_ORIGIN as ORIGIN, SANDBOX_STYTCH, sandboxedStytch } from './sandboxed-stytch.test-support';

// Issue 16 item 3: the SDK keeps `{session, user}` under one localStorage key and takes any other
// tab's write to it as its own state. What lands there is provider data nobody checked, so the
// session adapter parses it; these are the hostile values another tab (or a script) can write.

const PUBLIC_TOKEN = 'public-token-test-session-adapter';
/** The SDK's state key (research/stytch-sdk.md §6). */
const STATE_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}`;
const API = `${SANDBOX_STYTCH}/sdk/v1`;
const MEGABYTE = 'a'.repeat(1024 * 1024);

const logged = vi.fn<(message: string, detail?: unknown) => void>();
const { sandbox, server, stytch, reported } = sandboxedStytch(PUBLIC_TOKEN, {}, { logger: { error: logged } });

/** The signed-in state the SDK stored, and its session cookies: every row starts from them. */
let signedIn: { session: Record<string, unknown>; user: Record<string, unknown> };
let sessionCookies: string[] = [];

/** Another tab's write: it changes the shared storage and this tab gets a `storage` event. */
function writeFromAnotherTab(newValue: string | null): void {
  const oldValue = localStorage.getItem(STATE_KEY);
  if (newValue === null) localStorage.removeItem(STATE_KEY);
  else localStorage.setItem(STATE_KEY, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY, oldValue, newValue, storageArea: localStorage, url: `${ORIGIN}/other-tab` }));
}

/** Exceptions no one caught (jsdom reports a throwing listener as an `error` event) and unhandled rejections. */
const uncaught: unknown[] = [];
const onError = (event: ErrorEvent) => {
  uncaught.push(event.error);
  event.preventDefault(); // keep jsdom from printing it; the assertion reports it
};
const onRejection = (reason: unknown) => uncaught.push(reason);

beforeAll(async () => {
  window.addEventListener('error', onError);
  process.on('unhandledRejection', onRejection);
  const email = 'ada@example.com';
  const link = `${ORIGIN}/login/callback`;
  await stytch.magicLinks.send({ email, loginRedirectUrl: link, signupRedirectUrl: link, loginExpirationMinutes: 30, signupExpirationMinutes: 30 });
  const token = new URL(sandbox.state.messages.at(-1)?.link ?? '').searchParams.get('token') ?? '';
  const result = await stytch.magicLinks.authenticate(token, 60);
  if (!result.ok || result.value === null) throw new Error('sign-in failed');
  await vi.waitFor(() => expect(reported.at(-1)?.user.email).toBe(email));
  signedIn = JSON.parse(localStorage.getItem(STATE_KEY) ?? 'null') as typeof signedIn;
  sessionCookies = document.cookie.split('; ').filter((cookie) => cookie.startsWith('stytch_session'));
  expect(sessionCookies).toHaveLength(2);
  expect(signedIn.user['user_id']).toEqual(expect.any(String));
});

afterAll(() => {
  window.removeEventListener('error', onError);
  process.off('unhandledRejection', onRejection);
});

beforeEach(async () => {
  // Signed in again, as a well-formed write from another tab leaves it.
  for (const cookie of sessionCookies) document.cookie = `${cookie}; Path=/`;
  writeFromAnotherTab(JSON.stringify(signedIn));
  await vi.waitFor(() => expect(reported.at(-1)?.user.email).toBe('ada@example.com'));
  logged.mockClear();
  uncaught.length = 0;
});

const withUser = (user: Record<string, unknown>) => JSON.stringify({ session: signedIn.session, user });

/** Raw values another tab writes to the SDK's key (reliability.md C6 and issue 16 item 3). */
const HOSTILE: ReadonlyArray<readonly [string, () => string]> = [
  ['not JSON', () => '{'],
  ['an array', () => '[]'],
  ['a string', () => '"garbage"'],
  ['an empty object', () => '{}'],
  ['a number for the session', () => '{"session":1}'],
  ['a session with a null user', () => JSON.stringify({ session: signedIn.session, user: null })],
  ['a user with nothing ({user:{}})', () => '{"user":{}}'],
  ['a numeric user_id ({user:{user_id:1}})', () => '{"user":{"user_id":1}}'],
  ['emails holding null ({user:{emails:[null]}})', () => '{"user":{"emails":[null]}}'],
  ['emails as a string ({user:{emails:"x"}})', () => '{"user":{"emails":"x"}}'],
  ['an otherwise whole user with a numeric user_id', () => withUser({ ...signedIn.user, user_id: 1 })],
  ['an otherwise whole user whose e-mails hold null', () => withUser({ ...signedIn.user, emails: [null] })],
  ["another user's object under this session", () => withUser({ ...signedIn.user, user_id: 'user-test-someone-else' })],
  ['an empty session', () => JSON.stringify({ session: {}, user: { user_id: 'u', emails: [], phone_numbers: null } })],
  ['a user carried on __proto__', () => `{"session":${JSON.stringify(signedIn.session)},"user":{"__proto__":{"user_id":"user-evil","emails":[],"phone_numbers":[],"roles":["admin"]}}}`],
  ['a top-level __proto__ key', () => `{"__proto__":{"polluted":"yes","session":${JSON.stringify(signedIn.session)}},"user":${JSON.stringify(signedIn.user)}}`],
  ['a 1 MB e-mail', () => withUser({ ...signedIn.user, emails: [{ email_id: 'email-x', email: `${MEGABYTE}@example.com`, verified: true }] })],
  ['a 1 MB session_id', () => JSON.stringify({ session: { ...signedIn.session, session_id: MEGABYTE }, user: signedIn.user })],
  ['an expiry that is no date', () => JSON.stringify({ session: { ...signedIn.session, expires_at: 'tomorrow' }, user: signedIn.user })],
];

describe('Stytch session adapter: malformed session data from another tab', () => {
  it.each(HOSTILE)('%s: no uncaught error, signed out (cookies too), one logged error', async (_label, value) => {
    writeFromAnotherTab(value());
    await vi.waitFor(() => expect(reported.at(-1)).toBeNull());
    // Listeners run synchronously in the event; a turn more lets any late throw surface.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(uncaught).toEqual([]);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toMatch(/session/i);
    // Fail secure: the next page starts signed out, not signed back in over the junk.
    expect(document.cookie).not.toContain('stytch_session');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('a sign-out from another tab ("null") is believed without an error', async () => {
    writeFromAnotherTab('null');
    await vi.waitFor(() => expect(reported.at(-1)).toBeNull());
    expect(uncaught).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it('a role or metadata change written by another tab is reported as a change', async () => {
    const before = reported.length;
    writeFromAnotherTab(withUser({ ...signedIn.user, roles: ['editor'] }));
    await vi.waitFor(() => expect(reported.at(-1)?.user.roles).toEqual(['editor']));
    writeFromAnotherTab(withUser({ ...signedIn.user, roles: ['editor'], untrusted_metadata: { plan: 'pro' } }));
    await vi.waitFor(() => expect(reported.at(-1)?.user.untrustedMetadata).toEqual({ plan: 'pro' }));
    expect(reported.length - before).toBe(2);
    expect(uncaught).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it('a well-formed user without phone_numbers (or emails) is signed in', async () => {
    const { phone_numbers: _phones, ...withoutPhones } = signedIn.user;
    writeFromAnotherTab('null');
    await vi.waitFor(() => expect(reported.at(-1)).toBeNull());
    writeFromAnotherTab(withUser(withoutPhones));
    await vi.waitFor(() => expect(reported.at(-1)).toMatchObject({ user: { userId: signedIn.user['user_id'], email: 'ada@example.com' } }));
    expect(reported.at(-1)?.user).not.toHaveProperty('phoneNumber');
    expect(document.cookie).toContain('stytch_session=');

    const { emails: _emails, ...withoutEither } = withoutPhones;
    writeFromAnotherTab(withUser(withoutEither));
    await vi.waitFor(() => expect(reported.at(-1)).toMatchObject({ user: { userId: signedIn.user['user_id'], email: null } }));
    expect(uncaught).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it("a provider's answer with a malformed user is a logged error and signed out; one without phone_numbers signs in", async () => {
    const answer = (user: unknown) =>
      http.post(`${API}/sessions/authenticate`, () => {
        const state = { session: signedIn.session, user };
        return HttpResponse.json({ data: { status_code: 200, request_id: 'request-id-test-1', ...state, session_token: 'opaque', session_jwt: 'x.y.z' } });
      });
    server.use(answer({ user_id: 'user-x', emails: 'x', phone_numbers: null }));
    expect(await stytch.session.check()).toEqual({ ok: true, value: null });
    expect(logged).toHaveBeenCalledTimes(1);

    const { phone_numbers: _phones, ...withoutPhones } = signedIn.user;
    server.use(answer(withoutPhones));
    expect(await stytch.session.check()).toMatchObject({ ok: true, value: { user: { email: 'ada@example.com' } } });
    expect(uncaught).toEqual([]);
  });
});
