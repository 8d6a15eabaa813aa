import { describe, expect, it } from 'vitest';
import { authError, fail, ok, type Result } from '../../domain/errors/auth-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { ProviderSession } from '../../ports/session.port';
import { writeSessionHandoff } from '../../domain/session/session-handoff';
import { memoryStorage } from '../../testing/memory-storage';
import { flushMicrotasks, virtualTimeHost } from '../../testing/virtual-time-host';
import { openWebCallbackFlow } from './open-sign-in-callback-flow';
import { signInCallbackView } from './sign-in-callback.view';

const signedIn: ProviderSession = {
  user: { userId: 'user-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} },
  session: { sessionId: 'session-1', expiresAt: '2030-01-01T00:00:00Z' },
};

/** `/login/callback/web` on hand-written ports: `adopt` answers from the list, in order. */
async function webCallback(sessionToken: string | null, answers: Array<Result<ProviderSession>>, current: ProviderSession = null, handedOver: string | null = null) {
  const adopted: string[] = [];
  const storage = memoryStorage();
  const { host, navigations, scheduler } = virtualTimeHost({
    session: {
      check: () => Promise.resolve(ok(current)),
      adopt: (token) => {
        adopted.push(token);
        return Promise.resolve(answers.shift() ?? fail(authError('unexpected')));
      },
      subscribe: () => () => undefined,
      revoke: () => Promise.resolve(ok(undefined)),
    },
    storage,
  });
  if (handedOver !== null) writeSessionHandoff(storage, handedOver, scheduler.now());
  const flow = openWebCallbackFlow({ host }, 'web', { sessionToken, returnContext: { redirect: '/orders' as SafePath, source: null } });
  flow.subscribe(() => undefined);
  await flushMicrotasks();
  return { flow, adopted, storage, navigations };
}

describe('/login/callback/web (SPEC §2, §4): the session handed over by a password or passcode sign-in', () => {
  it("adopts this tab's hand-off, takes it out of storage, and goes to the validated redirect", async () => {
    const page = await webCallback(null, [ok(signedIn)], null, 'session-token-1');
    expect(page.adopted).toEqual(['session-token-1']);
    expect(page.navigations).toEqual([{ path: '/orders', replace: true }]);
    expect(page.storage.values.size).toBe(0);
    expect(JSON.stringify(page.flow.getSnapshot())).not.toContain('session-token-1');
  });

  it('prefers the hand-off to a session_token in the address', async () => {
    const page = await webCallback('from-the-address', [ok(signedIn)], null, 'session-token-1');
    expect(page.adopted).toEqual(['session-token-1']);
  });

  describe("login CSRF (issue 16 §1): another site links here with its own account's session_token", () => {
    const attackersToken = 'attacker-session-token-0123456789abcdef';
    const attacker: ProviderSession = { ...signedIn, user: { ...signedIn.user, userId: 'user-attacker', email: 'mallory@example.com' } };

    it('never adopts it in a signed-out browser, and says why, with nothing stored and nowhere gone', async () => {
      const page = await webCallback(attackersToken, [ok(attacker)]);
      expect(page.adopted).toEqual([]);
      expect(signInCallbackView(page.flow.getSnapshot())).toEqual({ screen: 'failed', message: { key: 'error.unbound_session_token' }, retry: null });
      expect(page.navigations).toEqual([]);
      expect(page.storage.values.size).toBe(0);
      expect(JSON.stringify(page.flow.getSnapshot())).not.toContain(attackersToken);
    });

    it("never replaces the session of a visitor already signed in: they go on as themselves", async () => {
      const page = await webCallback(attackersToken, [ok(attacker)], signedIn);
      expect(page.adopted).toEqual([]);
      expect(page.navigations).toEqual([{ path: '/orders', replace: true }]);
    });

    it("is not adopted on a second visit either: a hand-off is this tab's, once", async () => {
      const first = await webCallback(null, [ok(signedIn)], null, 'session-token-1');
      expect(first.storage.values.size).toBe(0);
      const again = await webCallback(attackersToken, [ok(attacker)]);
      expect(again.adopted).toEqual([]);
    });
  });

  it('offers a retry when the provider could not be reached, and then goes on', async () => {
    const page = await webCallback(null, [fail(authError('network_unreachable')), ok(signedIn)], null, 'session-token-1');
    expect(signInCallbackView(page.flow.getSnapshot())).toMatchObject({ screen: 'failed', retry: { inSeconds: null } });
    page.flow.send({ type: 'retryClicked' });
    await flushMicrotasks();
    expect(page.adopted).toEqual(['session-token-1', 'session-token-1']);
    expect(page.navigations).toEqual([{ path: '/orders', replace: true }]);
  });

  it('says the session is no longer valid when the provider rejects the token', async () => {
    const page = await webCallback(null, [ok(null)], null, 'session-token-1');
    expect(signInCallbackView(page.flow.getSnapshot())).toMatchObject({ screen: 'failed', message: { key: 'error.invalid_session_token' }, retry: null });
    expect(page.navigations).toEqual([]);
  });

  it('without a token (a reload) goes on when the session cookie still signs the visitor in', async () => {
    const page = await webCallback(null, [], signedIn);
    expect(page.adopted).toEqual([]);
    expect(page.navigations).toEqual([{ path: '/orders', replace: true }]);
  });
});
