import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from './index';
import { CALLBACK_URL, ORIGIN, arr, controlCall, data, obj, sdkCall, str } from './test-support';

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
