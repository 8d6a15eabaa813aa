import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { AuthCoreHost } from '../../create-auth-core';
import { authError, ok, type Result } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { MagicLinksPort } from '../../ports/magic-links.port';
import type { ProviderSession } from '../../ports/session.port';
import type { StoragePort } from '../../ports/storage.port';
import { createFlowRegistry } from '../../state/flow-registry';
import { createSessionStore } from '../../state/session.store';
import { createToastCenter } from '../../state/toast.store';
import { openSignInCallbackFlow } from './open-sign-in-callback-flow';
import { PENDING_LINK_STORAGE_KEY } from './sign-in-callback.effects';

const flushMicrotasks = async () => {
  for (let round = 0; round < 20; round++) await Promise.resolve();
};

const signedIn: ProviderSession = {
  user: { userId: 'user-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} },
  session: { sessionId: 'session-1', expiresAt: '2030-01-01T00:00:00Z' },
};

/** A core host on hand-written ports: signed out, `storage` as given, every authenticate succeeding. */
function hostWith(storage: StoragePort) {
  const scheduler = new TestScheduler(() => undefined);
  const logged: unknown[] = [];
  const authenticated: string[] = [];
  const navigations: Array<{ path: SafePath; replace: boolean }> = [];
  const logger = { error: (message: string, detail?: unknown) => void logged.push([message, detail]) };
  const runtime = { scheduler, logger, callTimeoutMs: 15_000, prepareErrorDisplay: () => Promise.resolve() };
  const magicLinks: MagicLinksPort = {
    send: () => Promise.resolve(ok(undefined)),
    authenticate: (token) => {
      authenticated.push(token);
      return Promise.resolve(ok(signedIn) as Result<ProviderSession>);
    },
  };
  const ports: AuthCoreHost['ports'] = {
    session: { check: () => Promise.resolve(ok(null)), adopt: () => Promise.resolve(ok(null)), subscribe: () => () => undefined, revoke: () => Promise.resolve(ok(undefined)) },
    projectSettings: {} as AuthCoreHost['ports']['projectSettings'],
    telemetry: { send: () => undefined },
    navigation: {
      navigate: (path) => void navigations.push({ path, replace: false }),
      replace: (path) => void navigations.push({ path, replace: true }),
      leave: () => undefined,
    },
    logger,
    storage,
    magicLinks,
  };
  const host: AuthCoreHost = {
    ...runtime,
    ports,
    origin: 'https://app.example',
    toasts: createToastCenter(scheduler),
    flows: createFlowRegistry({ scheduler, logger }),
    session: createSessionStore(ports.session, runtime),
    reportError: () => undefined,
    emitEvent: () => undefined,
    events: { emit: () => undefined, identify: () => undefined, flush: () => undefined, ready: () => Promise.resolve(), dispose: () => undefined },
  };
  return { host, logged, authenticated, navigations };
}

function storageHolding(value: unknown): StoragePort {
  return { get: (key) => (key === PENDING_LINK_STORAGE_KEY ? (value as string) : null), set: () => undefined, remove: () => undefined };
}

/** Opens the return page as after a reload: the address bar no longer has the token. */
async function reloadWith(storage: StoragePort) {
  const subject = hostWith(storage);
  const input = { token: null, tokenType: null, returnContext: { redirect: '/orders' as SafePath, source: null } };
  const flow = openSignInCallbackFlow({ host: subject.host }, 'callback', input);
  const unsubscribe = flow.subscribe(() => undefined);
  await flushMicrotasks();
  return { ...subject, state: flow.getSnapshot(), unsubscribe };
}

describe('the pending magic link recalled from storage (issue 6 §6: malformed data never throws)', () => {
  it('authenticates a well-formed stored token and goes on to the redirect', async () => {
    const { state, authenticated, navigations } = await reloadWith(storageHolding('DOYoip3rvIMMW5lgItikFK-Ak1CfMsgjuiCyI7uuU94='));
    expect(authenticated).toEqual(['DOYoip3rvIMMW5lgItikFK-Ak1CfMsgjuiCyI7uuU94=']);
    expect(state.screen).toBe('succeeded');
    expect(navigations).toEqual([{ path: '/orders', replace: true }]);
  });

  it.each([
    ['not JSON', '{not json'],
    ['JSON of another shape', JSON.stringify({ token: 'DOYoip3rvIMMW5lgItikFK', expires: 1 })],
    ['a JSON string', JSON.stringify('DOYoip3rvIMMW5lgItikFK')],
    ['markup', '<img src=x onerror=alert(1)>'],
    ['a huge value', 'A'.repeat(5_000_000)],
    ['too short', 'abc'],
    ['an empty string', ''],
    ['a non-string from a patched port', 42],
  ])('treats %s as nothing stored: the page says the link is incomplete', async (_name, value) => {
    const { state, authenticated } = await reloadWith(storageHolding(value));
    expect(authenticated).toEqual([]);
    expect(state).toMatchObject({ screen: 'failed', message: errorMessage(authError('missing_token')) });
  });

  it('takes the same path when a storage port breaks its contract and throws, logging it', async () => {
    const throwing: StoragePort = {
      get: () => {
        throw Object.assign(new Error('The operation is insecure.'), { name: 'SecurityError' });
      },
      set: () => undefined,
      remove: () => undefined,
    };
    const { state, authenticated, logged } = await reloadWith(throwing);
    expect(authenticated).toEqual([]);
    expect(state).toMatchObject({ screen: 'failed', message: errorMessage(authError('missing_token')) });
    expect(logged).toContainEqual(['Effect "recallToken" failed', expect.objectContaining({ name: 'SecurityError' })]);
  });
});
