import { describe, expect, it } from 'vitest';
import { authError, fail, ok, type Result } from '../../domain/errors/auth-error';
import { providerError } from '../../domain/errors/provider-error';
import { LAST_USED_OAUTH_STORAGE_KEY, PENDING_OAUTH_STORAGE_KEY, readPendingOAuth } from '../../domain/oauth/oauth-buttons';
import { writePendingOAuth } from '../../domain/oauth/pending-oauth-note';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { OAuthAuthentication, OAuthPort } from '../../ports/oauth.port';
import { memoryStorage } from '../../testing/memory-storage';
import { virtualTimeHost } from '../../testing/virtual-time-host';
import type { AuthCoreHost } from '../../create-auth-core';
import { openSignInCallbackFlow } from './open-sign-in-callback-flow';
import { PENDING_LINK_STORAGE_KEY } from './sign-in-callback.effects';
import { signInCallbackView } from './sign-in-callback.view';

const signedIn: OAuthAuthentication = {
  provider: 'github',
  session: { user: { userId: 'user-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} }, session: { sessionId: 's-1', expiresAt: '2030-01-01T00:00:00Z' } },
};

function setUp(answer: Result<OAuthAuthentication> = ok(signedIn), options: { readonly alreadySignedIn?: boolean } = {}) {
  const authenticated: string[] = [];
  let abandoned = 0;
  const oauth: OAuthPort = {
    start: () => Promise.resolve(ok(undefined)),
    authenticate: (token) => {
      authenticated.push(token);
      return Promise.resolve(answer);
    },
    abandon: () => void (abandoned += 1),
    oneTapSettings: () => Promise.resolve(fail(authError('unexpected'))),
    oneTapSubmit: () => Promise.resolve(fail(authError('unexpected'))),
  };
  const storage = memoryStorage();
  const durableStorage = memoryStorage();
  const session: AuthCoreHost['ports']['session'] = {
    check: () => Promise.resolve(ok(options.alreadySignedIn === true ? signedIn.session : null)),
    adopt: () => Promise.resolve(ok(null)),
    subscribe: () => () => undefined,
    revoke: () => Promise.resolve(ok(undefined)),
  };
  const test = virtualTimeHost({ oauth, storage, durableStorage, session });
  const open = (token: string | null, tokenType: string | null) => {
    const flow = openSignInCallbackFlow(test, `callback-${Math.random()}`, {
      token,
      tokenType,
      returnContext: { redirect: '/orders' as SafePath, source: null },
    });
    flow.subscribe(() => undefined);
    return flow;
  };
  return { ...test, open, authenticated, storage, durableStorage, abandoned: () => abandoned };
}

describe('/login/callback finishing an OAuth sign-in (stytch_token_type=oauth)', () => {
  it("authenticates the token as OAuth, remembers the provider as 'Last used' on this device, and goes on", async () => {
    const test = setUp();
    test.open('oauth-token-123', 'oauth');
    await test.advance(0);
    expect(test.authenticated).toEqual(['oauth-token-123']);
    expect(test.durableStorage.values.get(LAST_USED_OAUTH_STORAGE_KEY)).toBe('github');
    expect(test.navigations).toEqual([{ path: '/orders', replace: true }]);
    expect(test.storage.values.has(PENDING_LINK_STORAGE_KEY)).toBe(false);
  });

  it("clears this tab's note of the round trip once signed in", async () => {
    const test = setUp();
    test.storage.set(PENDING_OAUTH_STORAGE_KEY, writePendingOAuth({ provider: 'github', email: '' }));
    test.open('oauth-token-123', 'oauth');
    await test.advance(0);
    expect(test.storage.values.has(PENDING_OAUTH_STORAGE_KEY)).toBe(false);
  });

  it("remembers the provider from this tab's note when the answer was lost but the session is there (a retried call)", async () => {
    const test = setUp(fail(providerError('oauth_token_not_found', { status: 404, serverMessage: 'used' })), { alreadySignedIn: true });
    test.storage.set(PENDING_OAUTH_STORAGE_KEY, writePendingOAuth({ provider: 'github', email: '' }));
    test.open('oauth-token-123', 'oauth');
    await test.advance(20_000);
    expect(test.navigations).toEqual([{ path: '/orders', replace: true }]);
    expect(test.durableStorage.values.get(LAST_USED_OAUTH_STORAGE_KEY)).toBe('github');
    expect(test.storage.values.has(PENDING_OAUTH_STORAGE_KEY)).toBe(false);
  });

  it('shows oauth_token_not_found, forgets the note and the proof of the round trip, and remembers nothing', async () => {
    const test = setUp(fail(providerError('oauth_token_not_found', { status: 404, serverMessage: 'not found' })));
    test.storage.set(PENDING_OAUTH_STORAGE_KEY, writePendingOAuth({ provider: 'github', email: '' }));
    const flow = test.open('oauth-token-123', 'oauth');
    await test.advance(20_000);
    expect(signInCallbackView(flow.getSnapshot())).toEqual({ screen: 'failed', message: { key: 'error.oauth_token_not_found' }, retry: null });
    expect(test.abandoned()).toBe(1);
    expect(test.storage.values.has(PENDING_OAUTH_STORAGE_KEY)).toBe(false);
    expect(test.durableStorage.values.size).toBe(0);
    expect(test.navigations).toEqual([]);
  });

  it("shows the server's message for an error type outside the catalogue (a tampered verifier)", async () => {
    const test = setUp(fail(providerError('pkce_mismatch', { status: 400, serverMessage: 'The code_verifier does not match.' })));
    const flow = test.open('oauth-token-123', 'oauth');
    await test.advance(20_000);
    expect(signInCallbackView(flow.getSnapshot())).toMatchObject({ screen: 'failed', message: { text: 'The code_verifier does not match.' } });
  });

  it('keeps the token (as OAuth) through a reload after a network failure, and retries it as OAuth', async () => {
    const test = setUp(fail(authError('network_unreachable')));
    const flow = test.open('oauth-token-123', 'oauth');
    await test.advance(0);
    expect(signInCallbackView(flow.getSnapshot())).toMatchObject({ screen: 'failed', retry: { inSeconds: null } });
    expect(test.abandoned()).toBe(0);
    expect(test.storage.values.get(PENDING_LINK_STORAGE_KEY)).toBe('oauth:oauth-token-123');

    // The reloaded page has no token in its address: storage says what it was.
    const reloaded = setUp();
    reloaded.storage.set(PENDING_LINK_STORAGE_KEY, 'oauth:oauth-token-123');
    reloaded.open(null, null);
    await reloaded.advance(0);
    expect(reloaded.authenticated).toEqual(['oauth-token-123']);
    expect(reloaded.durableStorage.values.get(LAST_USED_OAUTH_STORAGE_KEY)).toBe('github');
  });

  it('does not remember a provider after a magic-link sign-in', async () => {
    const test = setUp();
    test.storage.set(PENDING_LINK_STORAGE_KEY, 'oauth:<script>');
    test.open(null, null);
    await test.advance(20_000);
    expect(test.authenticated).toEqual([]);
    expect(test.durableStorage.values.size).toBe(0);
  });

  describe('cancelled at the provider (oauth_flow_callback_error)', () => {
    const cancelled = fail(providerError('oauth_flow_callback_error', { status: 400, serverMessage: 'The OAuth flow did not finish: the visitor cancelled.' }));

    it("marks this tab's note cancelled (keeping the address typed), drops the proof, and goes back to the sign-in form", async () => {
      const test = setUp(cancelled);
      test.storage.set(PENDING_OAUTH_STORAGE_KEY, writePendingOAuth({ provider: 'google', email: 'ada@example.com' }));
      const flow = test.open('oauth-token-123', 'oauth');
      await test.advance(0);
      expect(readPendingOAuth(test.storage.get(PENDING_OAUTH_STORAGE_KEY))).toEqual({ provider: 'google', email: 'ada@example.com', outcome: 'cancelled' });
      expect(test.abandoned()).toBeGreaterThanOrEqual(1);
      expect(test.navigations).toEqual([{ path: '/login?redirect=%2Forders', replace: true }]);
      expect(signInCallbackView(flow.getSnapshot())).toEqual({ screen: 'busy' });
      expect(test.storage.values.has(PENDING_LINK_STORAGE_KEY)).toBe(false);
      expect(test.durableStorage.values.size).toBe(0);
    });

    it('without a note (another tab left for the provider), says so here and stays', async () => {
      const test = setUp(cancelled);
      const flow = test.open('oauth-token-123', 'oauth');
      await test.advance(0);
      expect(signInCallbackView(flow.getSnapshot())).toEqual({ screen: 'failed', message: { key: 'error.oauth_flow_callback_error' }, retry: null });
      expect(test.navigations).toEqual([]);
      expect(test.storage.values.has(PENDING_OAUTH_STORAGE_KEY)).toBe(false);
    });

    it('from an access_denied in the address, never calls the provider', async () => {
      const test = setUp();
      test.storage.set(PENDING_OAUTH_STORAGE_KEY, writePendingOAuth({ provider: 'google', email: '' }));
      const flow = openSignInCallbackFlow(test, 'denied', { token: null, tokenType: null, providerError: 'access_denied', returnContext: { redirect: null, source: null } });
      flow.subscribe(() => undefined);
      await test.advance(0);
      expect(test.authenticated).toEqual([]);
      expect(readPendingOAuth(test.storage.get(PENDING_OAUTH_STORAGE_KEY))?.outcome).toBe('cancelled');
      expect(test.navigations).toEqual([{ path: '/login', replace: true }]);
    });
  });
});
