import { describe, expect, it } from 'vitest';
import { authError, fail, ok, type Result } from '../../domain/errors/auth-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { ProviderSession } from '../../ports/session.port';
import { flushMicrotasks, virtualTimeHost } from '../../testing/virtual-time-host';
import { callbackView } from './magic-link-callback.machine';
import { openWebCallbackFlow } from './open-magic-link-callback-flow';

const signedIn: ProviderSession = {
  user: { userId: 'user-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} },
  session: { sessionId: 'session-1', expiresAt: '2030-01-01T00:00:00Z' },
};

/** `/login/callback/web` on hand-written ports: `adopt` answers from the list, in order. */
async function webCallback(sessionToken: string | null, answers: Array<Result<ProviderSession>>, current: ProviderSession = null) {
  const adopted: string[] = [];
  const stored: string[] = [];
  const { host, navigations } = virtualTimeHost({
    session: {
      check: () => Promise.resolve(ok(current)),
      adopt: (token) => {
        adopted.push(token);
        return Promise.resolve(answers.shift() ?? fail(authError('unexpected')));
      },
      subscribe: () => () => undefined,
      revoke: () => Promise.resolve(ok(undefined)),
    },
    storage: { get: () => null, set: (key) => void stored.push(key), remove: () => undefined },
  });
  const flow = openWebCallbackFlow({ host }, 'web', { sessionToken, returnContext: { redirect: '/orders' as SafePath, source: null } });
  flow.subscribe(() => undefined);
  await flushMicrotasks();
  return { flow, adopted, stored, navigations };
}

describe('/login/callback/web (SPEC §2, §4): the session handed over by a password sign-in', () => {
  it('adopts the token and goes to the validated redirect, never storing the token', async () => {
    const page = await webCallback('session-token-1', [ok(signedIn)]);
    expect(page.adopted).toEqual(['session-token-1']);
    expect(page.navigations).toEqual([{ path: '/orders', replace: true }]);
    expect(page.stored).toEqual([]);
  });

  it('offers a retry when the provider could not be reached, and then goes on', async () => {
    const page = await webCallback('session-token-1', [fail(authError('network_unreachable')), ok(signedIn)]);
    expect(callbackView(page.flow.getSnapshot())).toMatchObject({ status: 'failed', retry: { inSeconds: null } });
    page.flow.send({ type: 'retryClicked' });
    await flushMicrotasks();
    expect(page.navigations).toEqual([{ path: '/orders', replace: true }]);
  });

  it('says the session is no longer valid when the provider rejects the token', async () => {
    const page = await webCallback('session-token-1', [ok(null)]);
    expect(callbackView(page.flow.getSnapshot())).toMatchObject({ status: 'failed', message: { key: 'error.invalid_session_token' }, retry: null });
    expect(page.navigations).toEqual([]);
  });

  it('without a token (a reload) goes on when the session cookie still signs the visitor in', async () => {
    const page = await webCallback(null, [], signedIn);
    expect(page.adopted).toEqual([]);
    expect(page.navigations).toEqual([{ path: '/orders', replace: true }]);
  });
});
