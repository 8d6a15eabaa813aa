import { VirtualTimeScheduler } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { authError, fail, ok, type Result } from '../domain/errors/auth-error';
import type { ProviderSession, SessionPort } from '../ports/session.port';
import { createSessionStore } from './session.store';

const flushMicrotasks = async () => {
  for (let round = 0; round < 10; round++) await Promise.resolve();
};
const signedIn: ProviderSession = {
  user: { userId: 'user-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} },
  session: { sessionId: 'session-1', expiresAt: '2030-01-01T00:00:00Z' },
};

function portAnswering(answers: Array<Result<ProviderSession> | 'hang'>) {
  const listeners = new Set<(session: ProviderSession) => void>();
  const port: SessionPort = {
    check: () => {
      const answer = answers.shift() ?? 'hang';
      return answer === 'hang' ? new Promise(() => undefined) : Promise.resolve(answer);
    },
    adopt: () => Promise.resolve(ok(null)),
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    revoke: () => Promise.resolve(ok(undefined)),
  };
  return { port, report: (session: ProviderSession) => listeners.forEach((listener) => listener(session)) };
}

const runtime = (scheduler: TestScheduler) => ({ scheduler, logger: { error: () => undefined }, callTimeoutMs: 5000, prepareErrorDisplay: () => Promise.resolve() });

describe('session store (SPEC §4 session states)', () => {
  it('is unknown until the provider answered, then authenticated', async () => {
    const { port } = portAnswering([ok(signedIn)]);
    const store = createSessionStore(port, runtime(new TestScheduler(() => undefined)));
    expect(store.getSnapshot().status).toBe('unknown');
    await flushMicrotasks();
    expect(store.getSnapshot()).toMatchObject({ status: 'authenticated', user: { email: 'ada@example.com' } });
  });

  it('becomes unavailable (not a spinner forever) when the check fails, and retries on request', async () => {
    const { port } = portAnswering([fail(authError('server_error')), ok(null)]);
    const store = createSessionStore(port, runtime(new TestScheduler(() => undefined)));
    await flushMicrotasks();
    expect(store.getSnapshot()).toMatchObject({ status: 'unavailable', error: { code: 'server_error' } });
    store.retry();
    expect(store.getSnapshot().status).toBe('unknown');
    await flushMicrotasks();
    expect(store.getSnapshot().status).toBe('destroyed');
  });

  it('keeps retry disabled until Retry-After has passed, counting down on virtual time', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { port } = portAnswering([fail(authError('too_many_requests', { retryAfterMs: 2500 })), ok(null)]);
    const store = createSessionStore(port, { scheduler, logger: { error: () => undefined }, callTimeoutMs: 60_000, prepareErrorDisplay: () => Promise.resolve() });
    await flushMicrotasks();
    const seen: Array<number | null> = [];
    const read = () => {
      const state = store.getSnapshot();
      seen.push(state.status === 'unavailable' ? state.retryInSeconds : -1);
    };
    read();
    store.retry(); // too early: ignored
    for (const at of [1001, 2001, 3001]) scheduler.schedule(read, at); // just after each tick
    scheduler.flush();
    expect(seen).toEqual([3, 2, 1, null]);
    store.retry();
    await flushMicrotasks();
    expect(store.getSnapshot().status).toBe('destroyed');
  });

  it('becomes unavailable when the check hangs past the timeout, on virtual time', async () => {
    const scheduler = new TestScheduler(() => undefined);
    const { port } = portAnswering(['hang']);
    let store: ReturnType<typeof createSessionStore> | undefined;
    scheduler.run(({ flush }) => {
      store = createSessionStore(port, runtime(scheduler));
      flush();
    });
    await flushMicrotasks();
    expect(store?.getSnapshot()).toMatchObject({ status: 'unavailable', error: { code: 'timeout' } });
  });

  it('does not show a cached session the provider could not confirm', async () => {
    const { port, report } = portAnswering([fail(authError('server_error'))]);
    const store = createSessionStore(port, runtime(new TestScheduler(() => undefined)));
    report(signedIn); // the SDK replays its cached session before its check fails
    await flushMicrotasks();
    expect(store.getSnapshot().status).toBe('unavailable');
  });

  it('follows later changes (sign-out in another tab) and keeps the reference on identical refreshes', async () => {
    const { port, report } = portAnswering([ok(signedIn)]);
    const store = createSessionStore(port, runtime(new TestScheduler(() => undefined)));
    await flushMicrotasks();
    const before = store.getSnapshot();
    report({ ...signedIn });
    expect(store.getSnapshot()).toBe(before);
    report(null);
    expect(store.getSnapshot().status).toBe('destroyed');
  });

  it('keeps the reference when a refresh re-reports equal roles and metadata in new objects', async () => {
    const user = { ...signedIn!.user, roles: ['editor', 'stytch_user'], untrustedMetadata: { theme: 'dark', seen: [1, 2], nested: { deep: { value: true } } } };
    const { port, report } = portAnswering([ok({ ...signedIn!, user })]);
    const store = createSessionStore(port, runtime(new TestScheduler(() => undefined)));
    await flushMicrotasks();
    const before = store.getSnapshot();
    const copy = JSON.parse(JSON.stringify({ ...signedIn!, user })) as ProviderSession;
    report(copy);
    expect(store.getSnapshot()).toBe(before);
  });

  it.each<[string, Partial<NonNullable<ProviderSession>['user']>]>([
    ['a role gained', { roles: ['stytch_user', 'editor', 'admin'] }],
    ['a role lost', { roles: ['stytch_user'] }],
    ['a role replaced', { roles: ['stytch_user', 'viewer'] }],
    ['roles reordered (order-sensitive: a reader sees the list)', { roles: ['editor', 'stytch_user'] }],
    ['a metadata value changed', { untrustedMetadata: { theme: 'light' } }],
    ['a metadata key added', { untrustedMetadata: { theme: 'dark', locale: 'fr' } }],
    ['a metadata key removed', { untrustedMetadata: {} }],
    ['a nested metadata value changed', { untrustedMetadata: { theme: 'dark', nested: { deep: [1, 3] } } }],
    ['a metadata list became an object', { untrustedMetadata: { theme: { 0: 'dark' } } }],
    ['a phone number added', { phoneNumber: '+15555550100' }],
    ['a wallet added', { cryptoWallet: { address: '0xabc', chain: 'ethereum' } }],
    ['the e-mail changed', { email: 'ada@example.org' }],
  ])('publishes a report with %s', async (_change, change) => {
    const user = { ...signedIn!.user, roles: ['stytch_user', 'editor'], untrustedMetadata: { theme: 'dark', nested: { deep: [1, 2] } } };
    const { port, report } = portAnswering([ok({ ...signedIn!, user })]);
    const store = createSessionStore(port, runtime(new TestScheduler(() => undefined)));
    await flushMicrotasks();
    const before = store.getSnapshot();
    report({ ...signedIn!, user: { ...user, ...change } });
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot()).toMatchObject({ status: 'authenticated', user: change });
  });

  it('publishes a change deep inside the metadata, and metadata it cannot compare (a cycle from a hand-written port)', async () => {
    const nested = (bottom: string) => {
      let deep: unknown = bottom;
      for (let level = 0; level < 50; level++) deep = { level: deep };
      return { ...signedIn!.user, untrustedMetadata: { deep } };
    };
    const { port, report } = portAnswering([ok({ ...signedIn!, user: nested('before') })]);
    const store = createSessionStore(port, runtime(new TestScheduler(() => undefined)));
    await flushMicrotasks();
    const first = store.getSnapshot();
    report({ ...signedIn!, user: nested('before') });
    expect(store.getSnapshot()).toBe(first);
    report({ ...signedIn!, user: nested('after') });
    const second = store.getSnapshot();
    expect(second).not.toBe(first);
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    report({ ...signedIn!, user: { ...signedIn!.user, untrustedMetadata: cycle } });
    expect(store.getSnapshot() === second).toBe(false);
  });
});
