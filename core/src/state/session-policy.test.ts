import fc from 'fast-check';
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { authError, fail, ok, type Result } from '../domain/errors/auth-error';
import { refreshBackoffMs, SESSION_REFRESH_INTERVAL_MS } from '../domain/session/refresh-schedule';
import type { ProviderSession, SessionPort, SessionReport } from '../ports/session.port';
import type { TabLeadershipPort } from '../ports/tab-leadership.port';
import { advanceVirtualTime } from '../testing/virtual-time-host';
import { createSessionStore, type SessionPolicyOptions } from './session.store';

// SPEC §4 background refresh, on virtual time: when the provider is asked again, what a failure
// does, and which tab asks.

// The figures are printed for the closing note (core has no DOM or Node types; the test runner has a console).
declare const console: { log(message: string): void };

const MINUTE = 60_000;
const signedIn: NonNullable<ProviderSession> = {
  user: { userId: 'user-1', email: 'ada@example.com', roles: ['shopper'], untrustedMetadata: {} },
  session: { sessionId: 'session-1', expiresAt: '2030-01-01T00:00:00Z' },
};
const offline = () => fail<SessionReport>(authError('network_unreachable'));

type Answer = Result<SessionReport> | 'hang';

/** A session port whose checks answer from `answer` (by call number) and are counted with their times. */
function providerAnswering(answer: (call: number) => Answer, scheduler: VirtualTimeScheduler) {
  const calls: number[] = [];
  const listeners = new Set<(session: SessionReport) => void>();
  const port: SessionPort = {
    check: () => {
      calls.push(scheduler.now());
      const next = answer(calls.length);
      return next === 'hang' ? new Promise(() => undefined) : Promise.resolve(next);
    },
    adopt: () => Promise.resolve(ok(null)),
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    revoke: () => Promise.resolve(ok(undefined)),
  };
  return { port, calls, report: (session: SessionReport) => listeners.forEach((listener) => listener(session)) };
}

function tab(port: SessionPort, scheduler: VirtualTimeScheduler, options: SessionPolicyOptions = {}) {
  return createSessionStore(port, { scheduler, logger: { error: () => undefined }, callTimeoutMs: 15_000, prepareErrorDisplay: () => Promise.resolve() }, { random: () => 0.5, ...options });
}

/** Web Locks as the browser keeps them: requests queue, and the role passes on when its holder gives it up. */
function sharedLock(scheduler: VirtualTimeScheduler): TabLeadershipPort {
  const queue: Array<() => void> = [];
  let holder: (() => void) | null = null;
  const grantNext = () => {
    if (holder !== null) return;
    const next = queue.shift();
    if (next === undefined) return;
    holder = next;
    scheduler.schedule(next);
  };
  return {
    request: (onLeading) => {
      queue.push(onLeading);
      grantNext();
      return () => {
        if (holder === onLeading) holder = null;
        else queue.splice(queue.indexOf(onLeading), 1);
        grantNext();
      };
    },
  };
}

describe('session refresh (SPEC §4)', () => {
  it('asks the provider again every 3 minutes while the session lives', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { port, calls } = providerAnswering(() => ok(signedIn), scheduler);
    const store = tab(port, scheduler);
    await advanceVirtualTime(scheduler, 30 * MINUTE);
    expect(calls).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30].map((minutes) => minutes * MINUTE));
    expect(store.getSnapshot().status).toBe('authenticated');
    store.dispose();
  });

  it('does not refresh a visitor who is signed out', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { port, calls } = providerAnswering(() => ok(null), scheduler);
    tab(port, scheduler);
    await advanceVirtualTime(scheduler, 30 * MINUTE);
    expect(calls).toHaveLength(1);
  });

  it('signs out when a refresh hears there is no session, and stops refreshing', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { port, calls } = providerAnswering((call) => (call < 3 ? ok(signedIn) : ok(null)), scheduler);
    const store = tab(port, scheduler);
    await advanceVirtualTime(scheduler, 30 * MINUTE);
    expect(store.getSnapshot().status).toBe('destroyed');
    expect(calls).toEqual([0, 3 * MINUTE, 6 * MINUTE]);
  });

  it('retries a failed refresh after 2 s, 4 s, 8 s … keeping the visitor signed in, then goes back to every 3 minutes', async () => {
    const scheduler = new VirtualTimeScheduler();
    // Calls 2–5 fail (offline), the sixth gets through.
    const { port, calls } = providerAnswering((call) => (call >= 2 && call <= 5 ? offline() : ok(signedIn)), scheduler);
    const store = tab(port, scheduler);
    const seen = new Set<string>();
    store.subscribe(() => seen.add(store.getSnapshot().status));
    await advanceVirtualTime(scheduler, 9 * MINUTE);
    const firstRefresh = 3 * MINUTE;
    const afterRetries = firstRefresh + 2000 + 4000 + 8000 + 16_000;
    expect(calls).toEqual([0, firstRefresh, firstRefresh + 2000, firstRefresh + 6000, firstRefresh + 14_000, afterRetries, afterRetries + 3 * MINUTE]);
    expect([...seen]).toEqual(['authenticated']);
  });

  it('waits out a 429’s Retry-After when it is longer than the backoff', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { port, calls } = providerAnswering((call) => (call === 2 ? fail(authError('too_many_requests', { retryAfterMs: 30_000 })) : ok(signedIn)), scheduler);
    tab(port, scheduler);
    await advanceVirtualTime(scheduler, 4 * MINUTE);
    expect(calls).toEqual([0, 3 * MINUTE, 3 * MINUTE + 30_000]);
  });

  it('counts a refresh that hangs past the call timeout as a failure and retries it', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { port, calls } = providerAnswering((call) => (call === 2 ? 'hang' : ok(signedIn)), scheduler);
    const store = tab(port, scheduler);
    await advanceVirtualTime(scheduler, 4 * MINUTE);
    expect(calls).toEqual([0, 3 * MINUTE, 3 * MINUTE + 15_000 + 2000]);
    expect(store.getSnapshot().status).toBe('authenticated');
  });

  it('never signs out a visitor whose session is live through an hour offline, and refreshes once back', async () => {
    const scheduler = new VirtualTimeScheduler();
    let online = true;
    const { port, calls } = providerAnswering(() => (online ? ok(signedIn) : offline()), scheduler);
    const store = tab(port, scheduler);
    await advanceVirtualTime(scheduler, 2 * MINUTE);
    online = false;
    await advanceVirtualTime(scheduler, 60 * MINUTE);
    expect(store.getSnapshot().status).toBe('authenticated');
    // Capped at 256 s (±175 ms): an hour offline is a few dozen attempts, not thousands.
    expect(calls.length).toBeLessThan(25);
    online = true;
    const backAt = scheduler.now();
    const attemptsOffline = calls.length;
    await advanceVirtualTime(scheduler, 256_175);
    // The next attempt comes within the capped wait, and gets through.
    expect(calls[attemptsOffline]).toBeLessThanOrEqual(backAt + 256_175);
    expect(store.getSnapshot()).toMatchObject({ status: 'authenticated', user: { email: 'ada@example.com' } });
  });

  it('keeps a sign-out reported while a refresh is in flight: the refresh’s late answer does not sign the visitor back in', async () => {
    const scheduler = new VirtualTimeScheduler();
    let answerRefresh: (result: Result<SessionReport>) => void = () => undefined;
    const { port, report } = providerAnswering((call) => (call === 1 ? ok(signedIn) : 'hang'), scheduler);
    const check = port.check.bind(port);
    port.check = (options) => (scheduler.now() === 0 ? check(options) : new Promise((resolve) => (answerRefresh = resolve)));
    const store = tab(port, scheduler);
    await advanceVirtualTime(scheduler, 3 * MINUTE);
    report(null);
    answerRefresh(ok(signedIn));
    await advanceVirtualTime(scheduler, 10 * MINUTE);
    expect(store.getSnapshot().status).toBe('destroyed');
  });

  it('follows the schedule for any run of outcomes (property): 3 minutes after a success, the backoff or Retry-After after a failure', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant<'ok'>('ok'), fc.constant<'offline'>('offline'), fc.integer({ min: 1, max: 400_000 })), { minLength: 1, maxLength: 25 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        async (outcomes, draw) => {
          const scheduler = new VirtualTimeScheduler();
          // Call 1 is the check on load; then each refresh takes the next outcome (a number is a 429's Retry-After).
          const { port, calls } = providerAnswering((call) => {
            const outcome = call === 1 ? 'ok' : (outcomes[call - 2] ?? 'ok');
            if (outcome === 'ok') return ok(signedIn);
            if (outcome === 'offline') return offline();
            return fail(authError('too_many_requests', { retryAfterMs: outcome }));
          }, scheduler);
          const store = tab(port, scheduler, { random: () => draw });
          let total = 0;
          for (const outcome of outcomes) total += typeof outcome === 'number' ? Math.max(outcome, 256_175) : 256_175;
          await advanceVirtualTime(scheduler, total + outcomes.length * 3 * MINUTE);
          let failures = 0;
          for (let index = 1; index < Math.min(calls.length, outcomes.length + 1); index++) {
            const previous = index === 1 ? 'ok' : outcomes[index - 2];
            failures = previous === 'ok' ? 0 : failures + 1;
            const expected = previous === 'ok' ? SESSION_REFRESH_INTERVAL_MS : Math.max(refreshBackoffMs(failures, () => draw), typeof previous === 'number' ? previous : 0);
            expect((calls[index] ?? 0) - (calls[index - 1] ?? 0)).toBe(expected);
          }
          expect(store.getSnapshot().status).toBe('authenticated');
          store.dispose();
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('one refresher for N tabs', () => {
  /** Opens `count` tabs a second apart on one lock, lets `minutes` pass, and counts the provider's checks. */
  async function openTabs(count: number, minutes: number) {
    const scheduler = new VirtualTimeScheduler();
    const { port, calls } = providerAnswering(() => ok(signedIn), scheduler);
    const lock = sharedLock(scheduler);
    const tabs = [];
    for (let index = 0; index < count; index++) {
      tabs.push(tab(port, scheduler, { leadership: lock }));
      await advanceVirtualTime(scheduler, 1000);
    }
    const opened = calls.length;
    await advanceVirtualTime(scheduler, minutes * MINUTE - count * 1000);
    return { tabs, scheduler, calls, loadChecks: opened, refreshes: calls.length - opened };
  }

  it('refreshes as often with 20 tabs open as with one, over 30 minutes (figures printed)', async () => {
    const one = await openTabs(1, 30);
    const twenty = await openTabs(20, 30);
    console.log(`session refresh calls over 30 simulated minutes: 1 tab ${one.refreshes}, 20 tabs ${twenty.refreshes} (ratio ${(twenty.refreshes / one.refreshes).toFixed(2)}); checks on load: ${one.loadChecks} and ${twenty.loadChecks}`);
    expect(one.refreshes).toBe(10);
    expect(twenty.refreshes).toBeLessThanOrEqual(one.refreshes * 1.1);
    expect(twenty.loadChecks).toBe(20);
  });

  it('hands the refresh over when the leading tab closes: the next tab refreshes once its own confirmation is 3 minutes old', async () => {
    const { tabs, scheduler, calls } = await openTabs(3, 4);
    // Tab 1 led: it refreshed at 3:00. Tabs 2 and 3 checked on load at 0:01 and 0:02.
    expect(calls).toEqual([0, 1000, 2000, 3 * MINUTE]);
    tabs[0]?.dispose();
    await advanceVirtualTime(scheduler, 0);
    // Tab 2's last confirmation (its check on load) is more than 3 minutes old: it refreshes now.
    expect(calls).toEqual([0, 1000, 2000, 3 * MINUTE, 4 * MINUTE]);
    await advanceVirtualTime(scheduler, 3 * MINUTE);
    expect(calls.at(-1)).toBe(7 * MINUTE);
    expect(calls).toHaveLength(6);
  });

  it('refreshes in every tab when there is no leadership port (the core used alone)', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { port, calls } = providerAnswering(() => ok(signedIn), scheduler);
    tab(port, scheduler);
    tab(port, scheduler);
    await advanceVirtualTime(scheduler, 3 * MINUTE);
    expect(calls).toEqual([0, 0, 3 * MINUTE, 3 * MINUTE]);
  });
});

describe('intermediate session (SPEC §4)', () => {
  const intermediateUntil = (scheduler: VirtualTimeScheduler, ms: number): SessionReport => ({ intermediate: true, expiresAt: new Date(scheduler.now() + ms).toISOString() });

  it('lasts until the intermediate token lapses, then is destroyed, and is never refreshed', async () => {
    const scheduler = new VirtualTimeScheduler();
    scheduler.frame = Date.parse('2026-11-26T10:00:00Z');
    const { port, calls } = providerAnswering(() => ok(intermediateUntil(scheduler, 10 * MINUTE)), scheduler);
    const store = tab(port, scheduler);
    expect(calls).toHaveLength(1);
    await advanceVirtualTime(scheduler, 0);
    expect(store.getSnapshot()).toEqual({ status: 'intermediate', expiresAt: '2026-11-26T10:10:00.000Z' });
    await advanceVirtualTime(scheduler, 10 * MINUTE - 1);
    expect(store.getSnapshot().status).toBe('intermediate');
    await advanceVirtualTime(scheduler, 1);
    expect(store.getSnapshot().status).toBe('destroyed');
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['an expiry that does not parse', 'tomorrow'],
    ['an expiry already past', '2000-01-01T00:00:00Z'],
  ])('treats %s as no session', async (_, expiresAt) => {
    const scheduler = new VirtualTimeScheduler();
    scheduler.frame = Date.parse('2026-11-26T10:00:00Z');
    const { port } = providerAnswering(() => ok({ intermediate: true, expiresAt }), scheduler);
    const store = tab(port, scheduler);
    await advanceVirtualTime(scheduler, 0);
    expect(store.getSnapshot().status).toBe('destroyed');
  });

  it('holds a claimed lifetime beyond 10 minutes to 10 minutes', async () => {
    const scheduler = new VirtualTimeScheduler();
    scheduler.frame = Date.parse('2026-11-26T10:00:00Z');
    const { port } = providerAnswering(() => ok(intermediateUntil(scheduler, 24 * 60 * MINUTE)), scheduler);
    const store = tab(port, scheduler);
    await advanceVirtualTime(scheduler, 10 * MINUTE);
    expect(store.getSnapshot().status).toBe('destroyed');
  });
});
