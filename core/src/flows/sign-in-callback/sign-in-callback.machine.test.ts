import { describe, expect, it } from 'vitest';
import { authError } from '../../domain/errors/auth-error';
import { providerError } from '../../domain/errors/provider-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import { initialSignInCallbackState, signInCallbackTransition } from './sign-in-callback.machine';
import type { SignInCallbackEffect, SignInCallbackEvent, SignInCallbackInput, SignInCallbackState } from './sign-in-callback.types';
import { signInCallbackView } from './sign-in-callback.view';

const TOKEN = 'tok-secret-1';
const input: SignInCallbackInput = { token: TOKEN, tokenType: 'magic_links', returnContext: { redirect: '/orders' as SafePath, source: null }, sessionDurationMinutes: 60 };
const oauthInput: SignInCallbackInput = { ...input, tokenType: 'oauth', returnContext: { redirect: '/orders' as SafePath, source: 'ios' } };

function play(events: Array<SignInCallbackEvent | [number, SignInCallbackEvent]>, from: SignInCallbackState = initialSignInCallbackState(input)) {
  const effects: SignInCallbackEffect[] = [];
  let state = from;
  for (const entry of events) {
    const [now, event] = Array.isArray(entry) ? entry : [0, entry];
    const [next, produced] = signInCallbackTransition(state, event, { now });
    state = next;
    effects.push(...produced);
  }
  return { state, effects };
}

/** The review's probe N5: a used or useless token is held by no state. */
const holdsToken = (state: SignInCallbackState, token = TOKEN) => JSON.stringify(state).includes(token);

describe('a sign-in return page (SPEC §2, §4; issue 6 §6)', () => {
  it('remembers the link for this tab and authenticates it once', () => {
    const { effects } = play([{ type: 'started' }, { type: 'started' }]);
    expect(effects).toEqual([
      { type: 'rememberToken', token: TOKEN, tokenType: 'magic_links' },
      { type: 'authenticateMagicLink', key: 'authenticate', token: TOKEN, sessionDurationMinutes: 60 },
    ]);
  });

  it('replaces the page with the validated destination, forgetting the token and announcing the sign-in', () => {
    const { state, effects } = play([{ type: 'started' }, { type: 'authenticated' }]);
    expect(state).toMatchObject({ screen: 'succeeded', destination: '/orders' });
    expect(effects.slice(2)).toEqual([
      { type: 'forgetToken' },
      { type: 'event', event: { type: 'sign_in_completed', data: { product: 'magicLink' } } },
      { type: 'navigate', path: '/orders', replace: true },
    ]);
  });

  it('after a network failure offers a retry with the same link', () => {
    const failed = play([{ type: 'started' }, { type: 'authenticationFailed', error: authError('network_unreachable') }]);
    expect(signInCallbackView(failed.state)).toEqual({ screen: 'failed', message: { key: 'error.network_unreachable' }, retry: { inSeconds: null } });
    expect(failed.effects).not.toContainEqual({ type: 'forgetToken' });
    const retried = play([{ type: 'retryClicked' }], failed.state);
    expect(retried.effects).toEqual([{ type: 'authenticateMagicLink', key: 'authenticate', token: TOKEN, sessionDurationMinutes: 60 }]);
  });

  it('recalls a remembered link after a reload (the address bar no longer has it)', () => {
    const reloaded = { ...input, token: null };
    const { effects } = play([{ type: 'started' }, { type: 'tokenRecalled', token: TOKEN }], initialSignInCallbackState(reloaded));
    expect(effects).toEqual([{ type: 'recallToken' }, { type: 'authenticateMagicLink', key: 'authenticate', token: TOKEN, sessionDurationMinutes: 60 }]);
  });

  it('waits out Retry-After before the retry is possible, counting down', () => {
    const failed = play([{ type: 'started' }, [1000, { type: 'authenticationFailed', error: authError('too_many_requests', { retryAfterMs: 2000 }) }]]);
    expect(signInCallbackView(failed.state)).toMatchObject({ retry: { inSeconds: 2 } });
    expect(play([[1500, { type: 'retryClicked' }]], failed.state).effects).toEqual([]);
    const ticked = play([[2000, { type: 'tick' }], [3000, { type: 'tick' }]], failed.state).state;
    expect(signInCallbackView(ticked)).toMatchObject({ retry: { inSeconds: null } });
    expect(play([[3000, { type: 'retryClicked' }]], ticked).effects).toHaveLength(1);
  });

  it('for a used link, checks the session: signed in goes on to the destination', () => {
    const used = play([{ type: 'started' }, { type: 'authenticationFailed', error: authError('unable_to_auth_magic_link') }]);
    expect(used.effects).toContainEqual({ type: 'forgetToken' });
    expect(used.effects).toContainEqual({ type: 'awaitSession', key: 'session' });
    expect(signInCallbackView(used.state)).toEqual({ screen: 'busy' });
    const signedIn = play([{ type: 'sessionKnown', signedIn: true }], used.state);
    expect(signedIn.effects.at(-1)).toEqual({ type: 'navigate', path: '/orders', replace: true });
  });

  it('for a used link without a session, shows the SPEC error and no retry', () => {
    const used = play([{ type: 'started' }, { type: 'authenticationFailed', error: authError('unable_to_auth_magic_link') }, { type: 'sessionKnown', signedIn: false }]);
    expect(signInCallbackView(used.state)).toEqual({ screen: 'failed', message: { key: 'error.unable_to_auth_magic_link' }, retry: null });
  });

  it('without any token (or an unknown token type) reports missing_token after checking the session', () => {
    const none = play([{ type: 'started' }, { type: 'tokenRecalled', token: null }, { type: 'sessionKnown', signedIn: false }], initialSignInCallbackState({ ...input, token: null }));
    expect(signInCallbackView(none.state)).toEqual({ screen: 'failed', message: { key: 'error.missing_token' }, retry: null });
    const odd = play([{ type: 'started' }], initialSignInCallbackState({ ...input, tokenType: 'sso' }));
    expect(odd.effects).toContainEqual({ type: 'awaitSession', key: 'session' });
  });
});

describe('no token in flow state after use (review N5, D9)', () => {
  it('keeps the token only while it may still be used: authenticating and retryable', () => {
    const authenticating = play([{ type: 'started' }]).state;
    expect(authenticating.screen).toBe('authenticating');
    expect(holdsToken(authenticating)).toBe(true);
    const retryable = play([{ type: 'authenticationFailed', error: authError('timeout') }], authenticating).state;
    expect(retryable.screen).toBe('retryable');
    expect(holdsToken(retryable)).toBe(true);
  });

  it.each<[string, SignInCallbackInput, SignInCallbackEvent[]]>([
    ['succeeded', input, [{ type: 'authenticated' }]],
    ['used up (checking the session)', input, [{ type: 'authenticationFailed', error: authError('unable_to_auth_magic_link') }]],
    ['failed', input, [{ type: 'authenticationFailed', error: authError('unable_to_auth_magic_link') }, { type: 'sessionKnown', signedIn: false }]],
    ['succeeded after a retry', input, [{ type: 'authenticationFailed', error: authError('network_unreachable') }, { type: 'retryClicked' }, { type: 'authenticated' }]],
    ['an OAuth sign-in, succeeded', oauthInput, [{ type: 'authenticated', oauthProvider: 'google' }]],
    ['an OAuth round trip cancelled at the provider', oauthInput, [{ type: 'authenticationFailed', error: providerError('oauth_flow_callback_error', { status: 400, serverMessage: 'cancelled' }) }]],
    ['a handed-over session, adopted', { ...input, tokenType: null, credential: 'sessionToken' }, [{ type: 'handoffTaken', token: null }, { type: 'authenticated' }]],
  ])('holds no token once %s', (_name, opened, events) => {
    const { state } = play([{ type: 'started' }, ...events], initialSignInCallbackState(opened));
    expect(['authenticating', 'retryable', 'starting']).not.toContain(state.screen);
    expect(holdsToken(state)).toBe(false);
  });
});

describe('a visitor who cancelled at the OAuth provider', () => {
  const cancelledAtProvider = providerError('oauth_flow_callback_error', { status: 400, serverMessage: 'The OAuth flow did not finish.' });

  it('goes back to the sign-in form with the return context once the round trip is marked cancelled, not to an error page', () => {
    const cancelled = play([{ type: 'started' }, { type: 'authenticationFailed', error: cancelledAtProvider }], initialSignInCallbackState(oauthInput));
    expect(cancelled.state).toMatchObject({ screen: 'cancelled', destination: '/login?redirect=%2Forders&source=ios' });
    expect(signInCallbackView(cancelled.state)).toEqual({ screen: 'busy' });
    expect(cancelled.effects.slice(-2)).toEqual([{ type: 'forgetToken' }, { type: 'noteOAuthCancelled' }]);
    // Not an error the integrator hears about: the visitor chose it.
    expect(cancelled.effects.filter((effect) => effect.type === 'reportError')).toEqual([]);
    const left = play([{ type: 'cancelNoted', noted: true }], cancelled.state);
    expect(left.effects).toEqual([{ type: 'navigate', path: '/login?redirect=%2Forders&source=ios', replace: true }]);
  });

  it('says so on this page when there was no note to mark (the form would have nothing to tell)', () => {
    const cancelled = play([{ type: 'started' }, { type: 'authenticationFailed', error: cancelledAtProvider }, { type: 'cancelNoted', noted: false }], initialSignInCallbackState(oauthInput));
    expect(signInCallbackView(cancelled.state)).toEqual({ screen: 'failed', message: { key: 'error.oauth_flow_callback_error' }, retry: null });
    expect(cancelled.effects.at(-1)).toEqual({ type: 'abandonOAuth' });
  });

  it('is recognised from an access_denied the provider put in the address instead of a token', () => {
    const denied = play([{ type: 'started' }], initialSignInCallbackState({ ...input, token: null, tokenType: null, providerError: 'access_denied' }));
    expect(denied.state.screen).toBe('cancelled');
    expect(denied.effects).toEqual([{ type: 'forgetToken' }, { type: 'noteOAuthCancelled' }]);
  });

  it('treats any other provider error in the address as a failed round trip, said on this page', () => {
    const broken = play([{ type: 'started' }, { type: 'sessionKnown', signedIn: false }], initialSignInCallbackState({ ...input, token: null, tokenType: null, providerError: 'server_error' }));
    expect(signInCallbackView(broken.state)).toEqual({ screen: 'failed', message: { key: 'error.oauth_flow_callback_error' }, retry: null });
    expect(broken.effects.at(-1)).toEqual({ type: 'abandonOAuth' });
  });

  it('is not read into a magic link that fails the same way, nor into a token that came with an error', () => {
    const link = play([{ type: 'started' }, { type: 'authenticationFailed', error: cancelledAtProvider }]);
    expect(link.state.screen).toBe('checkingSession');
    const withToken = play([{ type: 'started' }], initialSignInCallbackState({ ...oauthInput, providerError: 'access_denied' }));
    expect(withToken.state.screen).toBe('authenticating');
    // An error beside a magic link's token does not turn it into an OAuth one.
    const linkWithError = play([{ type: 'started' }], initialSignInCallbackState({ ...input, providerError: 'access_denied' }));
    expect(linkWithError.effects.at(-1)).toEqual({ type: 'authenticateMagicLink', key: 'authenticate', token: TOKEN, sessionDurationMinutes: 60 });
  });
});

describe('/login/callback/web: the session hand-off', () => {
  const web: SignInCallbackInput = { token: null, tokenType: null, returnContext: { redirect: '/orders' as SafePath, source: null }, sessionDurationMinutes: 60, credential: 'sessionToken' };

  it("takes this tab's hand-off first and adopts it, never storing it", () => {
    const { effects } = play([{ type: 'started' }, { type: 'handoffTaken', token: 'handed-over' }], initialSignInCallbackState({ ...web, token: 'from-the-query' }));
    expect(effects).toEqual([{ type: 'takeSessionHandoff' }, { type: 'adoptSession', key: 'authenticate', token: 'handed-over' }]);
  });

  it('never adopts a session_token from the address without a hand-off (login CSRF): it checks the session and says why', () => {
    const { state, effects } = play([{ type: 'started' }, { type: 'handoffTaken', token: null }], initialSignInCallbackState({ ...web, token: 'from-the-query' }));
    expect(effects.filter((effect) => effect.type === 'adoptSession')).toEqual([]);
    expect(state).toMatchObject({ screen: 'checkingSession', message: { key: 'error.unbound_session_token' } });
    expect(effects).toContainEqual({ type: 'awaitSession', key: 'session' });
  });

  it('with neither, checks the session (a reload: the cookie speaks for it)', () => {
    const { state, effects } = play([{ type: 'started' }, { type: 'handoffTaken', token: null }], initialSignInCallbackState(web));
    expect(state.screen).toBe('checkingSession');
    expect(effects).toContainEqual({ type: 'awaitSession', key: 'session' });
  });
});
