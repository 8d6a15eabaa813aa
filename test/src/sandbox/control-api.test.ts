import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from './index';
import { CALLBACK_URL, ORIGIN, PUBLIC_TOKEN, arr, controlCall, data, obj, sdkCall, str } from './test-support';

let clock = Date.parse('2026-03-01T09:00:00.000Z');
const sandbox = createSandbox({ now: () => clock });
const server = setupServer(...sandbox.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => sandbox.reset());
afterAll(() => server.close());

async function sendLink(email: string): Promise<void> {
  data(
    await sdkCall('POST', '/magic_links/email/login_or_create', {
      body: { email, login_magic_link_url: CALLBACK_URL, signup_magic_link_url: CALLBACK_URL },
    }),
  );
}

describe('messages', () => {
  it('lists newest first, filters by recipient case-insensitively, and can be emptied', async () => {
    await sendLink('ada@example.com');
    clock += 1000;
    await sendLink('bob@example.com');
    clock += 1000;
    await sendLink('ada@example.com');

    const all = await controlCall('GET', '/messages');
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    const list = arr(all.json).map(obj);
    expect(list.map((message) => message['to'])).toEqual(['ada@example.com', 'bob@example.com', 'ada@example.com']);
    expect(list.map((message) => message['subject'])).toEqual(['Your login link', 'Finish signing up', 'Finish signing up']);
    const first = list[0];
    expect(first).toMatchObject({ channel: 'email', from: 'login@mail.vestibule.test' });
    expect(str(first?.['id'])).toMatch(/^message-test-/);
    expect(str(first?.['sentAt'])).toBe(new Date(clock).toISOString());
    expect(str(first?.['link'])).toContain(`${ORIGIN}/login/callback?`);

    const ada = arr((await controlCall('GET', `/messages?to=${encodeURIComponent('ADA@Example.COM')}`)).json);
    expect(ada).toHaveLength(2);
    expect(arr((await controlCall('GET', '/messages?to=nobody@example.com')).json)).toEqual([]);

    const cleared = await controlCall('DELETE', '/messages');
    expect(cleared.status).toBe(204);
    expect(cleared.headers.get('cache-control')).toBe('no-store');
    expect(arr((await controlCall('GET', '/messages')).json)).toEqual([]);
  });
});

describe('users', () => {
  it('creates seeded users, lists them, and refuses duplicates', async () => {
    const created = await controlCall('POST', '/users', {
      email: 'Grace@Example.com',
      phone: '+15555550100',
      password: 'correct horse battery staple',
      name: 'Grace Brewster Hopper',
    });
    expect(created.status).toBe(201);
    const user = obj(created.json);
    expect(str(user['user_id'])).toMatch(/^user-test-[0-9a-f-]{36}$/);
    expect(user).toMatchObject({
      status: 'active',
      name: { first_name: 'Grace', middle_name: 'Brewster', last_name: 'Hopper' },
      emails: [{ email: 'grace@example.com', verified: true }],
      phone_numbers: [{ phone_number: '+15555550100', verified: true }],
      password: { requires_reset: false },
    });
    expect(sandbox.state.users.get(str(user['user_id']))?.password).toBe('correct horse battery staple');

    const withObjectName = obj(
      (await controlCall('POST', '/users', { email: 'alan@example.com', name: { first_name: 'Alan', last_name: 'Turing' } }))
        .json,
    );
    expect(withObjectName['name']).toEqual({ first_name: 'Alan', middle_name: '', last_name: 'Turing' });
    expect(withObjectName['password']).toBeNull();

    const listed = arr((await controlCall('GET', '/users')).json);
    expect(listed).toEqual([user, withObjectName]);

    const duplicate = await controlCall('POST', '/users', { email: 'GRACE@example.com' });
    expect(duplicate.status).toBe(409);
    expect(obj(duplicate.json)).toMatchObject({ status_code: 409, error_type: 'duplicate_email' });
    expect((await controlCall('POST', '/users', { phone: '+15555550100' })).status).toBe(409);
  });

  it('validates what it seeds', async () => {
    expect(obj((await controlCall('POST', '/users', { email: 'nope' })).json)['error_type']).toBe('invalid_email');
    expect(obj((await controlCall('POST', '/users', { phone: '555-0100' })).json)['error_type']).toBe('invalid_phone_number');
    expect((await controlCall('POST', '/users', { name: 'No Contact' })).status).toBe(400);
    expect(sandbox.state.users.size).toBe(0);
  });

  it('lets a seeded user sign in with a login link', async () => {
    await controlCall('POST', '/users', { email: 'ada@example.com' });
    await sendLink('ada@example.com');
    expect(sandbox.state.messages.at(-1)?.subject).toBe('Your login link');
  });
});

describe('reset', () => {
  it('empties every store over HTTP', async () => {
    await sendLink('ada@example.com');
    await controlCall('POST', '/users', { email: 'bob@example.com' });
    const reset = await controlCall('POST', '/reset');
    expect(reset.status).toBe(204);
    expect(reset.headers.get('cache-control')).toBe('no-store');
    expect(sandbox.state.users.size).toBe(0);
    expect(sandbox.state.magicLinks.size).toBe(0);
    expect(sandbox.state.messages).toHaveLength(0);
    expect(arr((await controlCall('GET', '/users')).json)).toEqual([]);
  });

  it('empties every store through sandbox.reset(), keeping the same state object', async () => {
    const state = sandbox.state;
    await sendLink('ada@example.com');
    sandbox.reset();
    expect(sandbox.state).toBe(state);
    expect(state.users.size + state.sessions.size + state.magicLinks.size + state.messages.length).toBe(0);
  });
});

describe('unknown control API paths', () => {
  it('answer 404 JSON instead of falling through to the app', async () => {
    const unknown = await controlCall('GET', '/no-such-endpoint');
    expect(unknown.status).toBe(404);
    expect(obj(unknown.json)).toMatchObject({ status_code: 404, error_type: 'sandbox_api_not_found' });
    expect((await controlCall('PUT', '/messages', {})).status).toBe(404);
  });
});

describe('faults', () => {
  const LOGIN_OR_CREATE = '/sdk/v1/magic_links/email/login_or_create';
  const send = (email = 'ada@example.com') =>
    sdkCall('POST', '/magic_links/email/login_or_create', {
      body: { email, login_magic_link_url: CALLBACK_URL, signup_magic_link_url: CALLBACK_URL },
    });

  it('answers a Stytch-shaped error with Retry-After for N requests, then lets requests through', async () => {
    const created = await controlCall('POST', '/faults', { path: LOGIN_OR_CREATE, status: 429, retry_after_seconds: 2, times: 2 });
    expect(created.status).toBe(201);
    expect(obj(created.json)).toMatchObject({ path: LOGIN_OR_CREATE, status: 429, times: 2, hits: 0 });
    expect(str(obj(created.json)['id'])).toMatch(/^fault-test-/);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failed = await send();
      expect(failed.status).toBe(429);
      expect(failed.headers.get('retry-after')).toBe('2');
      const body = obj(failed.json);
      expect(Object.keys(body).sort()).toEqual(['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
      expect(body).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
    }
    expect(sandbox.state.messages).toHaveLength(0);
    expect(arr((await controlCall('GET', '/faults')).json)).toEqual([]);
    expect((await send()).status).toBe(200);
  });

  it('lasts until cleared without times, matches a trailing * and an optional method', async () => {
    await controlCall('POST', '/faults', {
      path: '/sdk/v1/magic_links/*',
      method: 'post',
      status: 503,
      error_type: 'service_unavailable',
      error_message: 'Down for maintenance.',
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(obj((await send()).json)).toMatchObject({ error_type: 'service_unavailable', error_message: 'Down for maintenance.' });
    }
    const [listed] = arr((await controlCall('GET', '/faults')).json).map(obj);
    expect(listed).toMatchObject({ method: 'POST', times: null, hits: 3 });
    // Other methods and paths are untouched.
    expect((await sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`)).status).toBe(200);

    expect((await controlCall('DELETE', '/faults')).status).toBe(204);
    expect((await send()).status).toBe(200);
  });

  it('applies to bootstrap and events too: a network drop, malformed JSON', async () => {
    await controlCall('POST', '/faults', { path: '/sdk/v1/projects/bootstrap/*', network_drop: true, times: 1 });
    await expect(sdkCall('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`)).rejects.toThrow(TypeError);

    await controlCall('POST', '/faults', { path: '/sdk/v1/events', malformed_json: true, times: 1 });
    const malformed = await fetch(`${ORIGIN}/__sandbox/stytch/sdk/v1/events`, { method: 'POST', body: '[]' });
    expect(malformed.status).toBe(200);
    expect(malformed.headers.get('content-type')).toBe('application/json');
    await expect(malformed.json()).rejects.toThrow(SyntaxError);
  });

  it('delays the real answer, or hangs until the client gives up', async () => {
    await controlCall('POST', '/faults', { path: LOGIN_OR_CREATE, delay_ms: 150, times: 1 });
    const started = performance.now();
    expect((await send()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);

    await controlCall('POST', '/faults', { path: LOGIN_OR_CREATE, hang: true });
    const hung = fetch(`${ORIGIN}/__sandbox/stytch${LOGIN_OR_CREATE}`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(200) });
    await expect(hung).rejects.toThrow(/abort|timeout/i);
    // Clearing the faults releases anything still held.
    await controlCall('DELETE', '/faults');
    expect(sandbox.state.hangs.size).toBe(0);
  });

  it('refuses faults it cannot apply unambiguously', async () => {
    for (const fault of [
      {},
      { path: 'no-slash', status: 500 },
      { path: '/sdk/v1/*/x', status: 500 },
      { path: '/x' },
      { path: '/x', status: 200 },
      { path: '/x', status: 500, hang: true },
      { path: '/x', network_drop: true, retry_after_seconds: 1 },
      { path: '/x', status: 500, times: 0 },
      { path: '/x', status: 500, method: 'BREW' },
      { path: '/x', status: 500, colour: 'red' },
    ]) {
      const result = await controlCall('POST', '/faults', fault);
      expect(result.status, JSON.stringify(fault)).toBe(400);
      expect(obj(result.json)['error_type']).toBe('invalid_fault');
    }
    expect(sandbox.state.faults).toEqual([]);
  });
});

describe('project settings', () => {
  it('reads the defaults, merges a partial update, validates, and resets to defaults', async () => {
    const defaults = obj((await controlCall('GET', '/project')).json);
    expect(defaults).toMatchObject({
      redirect_urls: { login: ['http://localhost:*/login/callback', 'http://localhost:*/login/callback/web'] },
      authorized_domains: ['localhost'],
      sdk_products: { email_magic_links: true },
      password_policy: { strength_policy: 'luds', luds_min_length: 8, luds_min_complexity: 3 },
    });

    const updated = await controlCall('PUT', '/project', {
      sdk_products: { passwords: false },
      password_policy: { strength_policy: 'zxcvbn' },
      lockout_threshold: 3,
    });
    expect(updated.status).toBe(200);
    expect(obj(updated.json)).toMatchObject({
      sdk_products: { email_magic_links: true, passwords: false },
      password_policy: { strength_policy: 'zxcvbn', luds_min_length: 8 },
      lockout_threshold: 3,
    });

    for (const patch of [
      { colour: 'red' },
      { redirect_urls: { login: ['ftp://example.com/cb'] } },
      { redirect_urls: { callback: [] } },
      { sdk_products: { passkeys: true } },
      { session_duration_minutes: { min: 100, max: 10 } },
      { password_policy: { strength_policy: 'weak' } },
      { lockout_threshold: 0 },
      { authorized_domains: ['https://example.com'] },
    ]) {
      const rejected = await controlCall('PUT', '/project', patch);
      expect(rejected.status, JSON.stringify(patch)).toBe(400);
      expect(obj(rejected.json)['error_type']).toBe('invalid_project_settings');
    }
    expect(obj((await controlCall('GET', '/project')).json)['lockout_threshold']).toBe(3);

    await controlCall('POST', '/reset');
    expect((await controlCall('GET', '/project')).json).toEqual(defaults);
  });

  it('holds the password lock and the reset e-mail limit, and validates them', async () => {
    expect(obj((await controlCall('GET', '/project')).json)).toMatchObject({
      lockout_threshold: 10,
      lockout_minutes: 60,
      rate_limits: {
        magic_link_sends_per_email: { max: 10, window_seconds: 60 },
        password_reset_sends_per_email: { max: 10, window_seconds: 60 },
      },
    });
    const updated = await controlCall('PUT', '/project', { lockout_minutes: 5, rate_limits: { password_reset_sends_per_email: { max: 3 } } });
    expect(obj(updated.json)).toMatchObject({
      lockout_minutes: 5,
      rate_limits: { magic_link_sends_per_email: { max: 10 }, password_reset_sends_per_email: { max: 3, window_seconds: 60 } },
    });
    for (const patch of [{ lockout_minutes: 4 }, { lockout_minutes: 10_081 }, { rate_limits: { otp_sends: { max: 1 } } }]) {
      const rejected = await controlCall('PUT', '/project', patch);
      expect(rejected.status, JSON.stringify(patch)).toBe(400);
    }
  });
});

describe('users: password states', () => {
  it('seeds a user who must reset, and a passwordless one; the inbox shows which', async () => {
    const mustReset = obj((await controlCall('POST', '/users', { email: 'dedupe@example.com', password: 'Correct horse battery staple', requires_reset: true })).json);
    expect(mustReset['password']).toMatchObject({ requires_reset: true });
    expect(sandbox.state.users.get(str(mustReset['user_id']))?.password).toBe('Correct horse battery staple');
    // Without a password, a must-reset user gets one nobody knows.
    const forced = obj((await controlCall('POST', '/users', { email: 'forced@example.com', requires_reset: true })).json);
    expect(forced['password']).toMatchObject({ requires_reset: true });
    expect(sandbox.state.users.get(str(forced['user_id']))?.password).toEqual(expect.any(String));
    const passwordless = obj((await controlCall('POST', '/users', { email: 'linky@example.com' })).json);
    expect(passwordless['password']).toBeNull();

    expect((await controlCall('POST', '/users', { email: 'bad@example.com', requires_reset: 1 })).status).toBe(400);
    const inbox = await (await fetch(`${ORIGIN}/__sandbox/`)).text();
    expect(inbox).toContain('yes, must reset');
  });
});
