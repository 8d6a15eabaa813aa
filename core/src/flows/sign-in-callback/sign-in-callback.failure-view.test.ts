import { describe, expect, it } from 'vitest';
import { authError, fail } from '../../domain/errors/auth-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { OAuthAuthentication } from '../../ports/oauth.port';
import type { ProviderSession } from '../../ports/session.port';
import { byName, expectFailureView, untilCalled } from '../../testing/failure-view';
import { memoryStorage } from '../../testing/memory-storage';
import { PROVIDER_FAULTS, scriptedCall, type ProviderFault } from '../../testing/provider-faults';
import { virtualTimeHost, type VirtualTimeHost } from '../../testing/virtual-time-host';
import { writeSessionHandoff } from '../../domain/session/session-handoff';
import { openSignInCallbackFlow, openWebCallbackFlow } from './open-sign-in-callback-flow';
import { PENDING_LINK_STORAGE_KEY } from './sign-in-callback.effects';
import type { SignInCallbackEvent, SignInCallbackState } from './sign-in-callback.types';
import { signInCallbackView } from './sign-in-callback.view';
import type { Flow } from '../flow-runner';

// The sign-in return pages under every fault of their one call, on virtual time: the message, no
// spinner, the credential kept for another try (in this tab, where a reload may need it), and
// 'Try again' (after the wait, for a 429) trying the same credential. Three modes: a magic link
// (/login/callback), an OAuth provider's return (/login/callback, stytch_token_type=oauth) and a
// password or passcode sign-in's session hand-off (/login/callback/web). The browser's fault
// matrix keeps one row per fault kind.

const session: NonNullable<ProviderSession> = {
  user: { userId: 'user-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} },
  session: { sessionId: 's-1', expiresAt: '2030-01-01T00:00:00Z' },
};
const RETURN = { redirect: '/orders' as SafePath, source: null };

function setUp() {
  const magicLinkAuthenticate = scriptedCall((_token: string, _sessionMinutes: number) => session);
  const oauthAuthenticate = scriptedCall((_token: string, _sessionMinutes: number): OAuthAuthentication => ({ session, provider: 'google' }));
  const adopt = scriptedCall((_sessionToken: string) => session);
  const storage = memoryStorage();
  const unexpected = () => Promise.resolve(fail(authError('unexpected')));
  const test = virtualTimeHost({
    storage,
    magicLinks: { send: unexpected, authenticate: magicLinkAuthenticate },
    oauth: { start: unexpected, authenticate: oauthAuthenticate, abandon: () => undefined, oneTapSettings: unexpected, oneTapSubmit: unexpected },
    session: { check: () => Promise.resolve({ ok: true, value: null }), subscribe: () => () => undefined, adopt, revoke: () => Promise.resolve({ ok: true, value: undefined }) },
  });
  return { test, storage, magicLinkAuthenticate, oauthAuthenticate, adopt };
}

type Page = ReturnType<typeof setUp>;

interface CallbackMode {
  readonly name: string;
  readonly token: string;
  /** What this tab keeps of the credential while it may be tried again (`null`: never stored). */
  readonly stored: string | null;
  /** The page's one provider call, scripted: its arguments start with the credential. */
  call(page: Page): { readonly calls: ReadonlyArray<readonly unknown[]>; failNext(fault: ProviderFault): void };
  open(test: VirtualTimeHost, token: string): Flow<SignInCallbackState, SignInCallbackEvent>;
}

const MODES: readonly CallbackMode[] = [
  {
    name: 'magic link (/login/callback)',
    token: 'magic-token-123',
    stored: 'magic-token-123',
    call: (page) => page.magicLinkAuthenticate,
    open: (test, token) => openSignInCallbackFlow(test, 'callback', { token, tokenType: 'magic_links', returnContext: RETURN }),
  },
  {
    name: "OAuth provider's return (/login/callback, stytch_token_type=oauth)",
    token: 'oauth-token-123',
    stored: 'oauth:oauth-token-123',
    call: (page) => page.oauthAuthenticate,
    open: (test, token) => openSignInCallbackFlow(test, 'callback', { token, tokenType: 'oauth', returnContext: RETURN }),
  },
  {
    // The hand-off is taken (read and removed) at once, and the session token never stored again:
    // after a reload the session cookie it set speaks for it.
    name: 'session hand-off (/login/callback/web)',
    token: 'session-token-123',
    stored: null,
    call: (page) => page.adopt,
    open: (test, token) => {
      // As the widget hands it over: in this tab's storage, never the address.
      writeSessionHandoff(test.host.ports.storage, token, test.scheduler.now());
      return openWebCallbackFlow(test, 'callback', { sessionToken: null, returnContext: RETURN });
    },
  },
];

describe.each(byName(MODES))('sign-in return page: %s', (_mode, mode) => {
  it.each(byName(PROVIDER_FAULTS))('%s: the message, no spinner, the credential kept, Try again with it', async (_fault, fault) => {
    const page = setUp();
    const { test, storage } = page;
    const call = mode.call(page);
    call.failNext(fault);
    const flow = mode.open(test, mode.token);
    flow.subscribe(() => undefined);
    await untilCalled(test, () => call.calls.length, 1);

    await expectFailureView(
      test,
      fault,
      {
        read: () => {
          const view = signInCallbackView(flow.getSnapshot());
          const failed = view.screen === 'failed' ? view : null;
          return {
            message: failed?.message ?? null,
            kept: storage.get(PENDING_LINK_STORAGE_KEY),
            busy: view.screen === 'busy',
            retryEnabled: failed?.retry != null && failed.retry.inSeconds === null,
            retryInSeconds: failed?.retry?.inSeconds ?? null,
          };
        },
        retry: () => flow.send({ type: 'retryClicked' }),
        calls: () => call.calls.length,
      },
      { kept: mode.stored },
    );
    // 'Try again' used the credential the page was opened with, and it signed the visitor in.
    expect(call.calls.map(([token]) => token)).toEqual([mode.token, mode.token]);
    expect(test.navigations).toEqual([{ path: '/orders', replace: true }]);
  });
});
