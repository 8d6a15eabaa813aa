import { describe, expect, it } from 'vitest';
import { authError } from '../../domain/errors/auth-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import {
  callbackTransition,
  callbackView,
  initialCallbackState,
  type CallbackEffect,
  type CallbackEvent,
  type CallbackInput,
  type CallbackState,
} from './magic-link-callback.machine';

const input: CallbackInput = { token: 'tok-1', tokenType: 'magic_links', returnContext: { redirect: '/orders' as SafePath, source: null }, sessionDurationMinutes: 60 };

function play(events: Array<CallbackEvent | [number, CallbackEvent]>, from: CallbackState = initialCallbackState(input)) {
  const effects: CallbackEffect[] = [];
  let state = from;
  for (const entry of events) {
    const [now, event] = Array.isArray(entry) ? entry : [0, entry];
    const [next, produced] = callbackTransition(state, event, { now });
    state = next;
    effects.push(...produced);
  }
  return { state, effects };
}

describe('magic-link return page (SPEC §2, §4; issue 6 §6)', () => {
  it('remembers the link for this tab and authenticates it once', () => {
    const { effects } = play([{ type: 'started' }, { type: 'started' }]);
    expect(effects).toEqual([
      { type: 'rememberToken', token: 'tok-1', tokenType: 'magic_links' },
      { type: 'authenticateMagicLink', key: 'authenticate', token: 'tok-1', sessionDurationMinutes: 60 },
    ]);
  });

  it('replaces the page with the validated destination, forgetting the token', () => {
    const { state, effects } = play([{ type: 'started' }, { type: 'authenticated' }]);
    expect(state).toEqual({ status: 'succeeded', input, destination: '/orders' });
    expect(effects.slice(2)).toEqual([{ type: 'forgetToken' }, { type: 'navigate', path: '/orders', replace: true }]);
    expect(JSON.stringify(state)).not.toContain('"token":"tok-1","status"');
  });

  it('after a network failure offers a retry with the same link', () => {
    const failed = play([{ type: 'started' }, { type: 'authenticationFailed', error: authError('network_unreachable') }]);
    expect(callbackView(failed.state)).toEqual({ status: 'failed', message: { key: 'error.network_unreachable' }, retry: { inSeconds: null } });
    expect(failed.effects).not.toContainEqual({ type: 'forgetToken' });
    const retried = play([{ type: 'retryClicked' }], failed.state);
    expect(retried.effects).toEqual([{ type: 'authenticateMagicLink', key: 'authenticate', token: 'tok-1', sessionDurationMinutes: 60 }]);
  });

  it('recalls a remembered link after a reload (the address bar no longer has it)', () => {
    const reloaded = { ...input, token: null };
    const { effects } = play([{ type: 'started' }, { type: 'tokenRecalled', token: 'tok-1' }], initialCallbackState(reloaded));
    expect(effects).toEqual([{ type: 'recallToken' }, { type: 'authenticateMagicLink', key: 'authenticate', token: 'tok-1', sessionDurationMinutes: 60 }]);
  });

  it('waits out Retry-After before the retry is possible, counting down', () => {
    const failed = play([{ type: 'started' }, [1000, { type: 'authenticationFailed', error: authError('too_many_requests', { retryAfterMs: 2000 }) }]]);
    expect(callbackView(failed.state)).toMatchObject({ retry: { inSeconds: 2 } });
    expect(play([[1500, { type: 'retryClicked' }]], failed.state).effects).toEqual([]);
    const ticked = play([[2000, { type: 'tick' }], [3000, { type: 'tick' }]], failed.state).state;
    expect(callbackView(ticked)).toMatchObject({ retry: { inSeconds: null } });
    expect(play([[3000, { type: 'retryClicked' }]], ticked).effects).toHaveLength(1);
  });

  it('for a used link, checks the session: signed in goes on to the destination', () => {
    const used = play([{ type: 'started' }, { type: 'authenticationFailed', error: authError('unable_to_auth_magic_link') }]);
    expect(used.effects).toContainEqual({ type: 'forgetToken' });
    expect(used.effects).toContainEqual({ type: 'awaitSession', key: 'session' });
    expect(callbackView(used.state)).toEqual({ status: 'busy' });
    const signedIn = play([{ type: 'sessionKnown', signedIn: true }], used.state);
    expect(signedIn.effects.at(-1)).toEqual({ type: 'navigate', path: '/orders', replace: true });
  });

  it('for a used link without a session, shows the SPEC error and no retry', () => {
    const used = play([{ type: 'started' }, { type: 'authenticationFailed', error: authError('unable_to_auth_magic_link') }, { type: 'sessionKnown', signedIn: false }]);
    expect(callbackView(used.state)).toEqual({ status: 'failed', message: { key: 'error.unable_to_auth_magic_link' }, retry: null });
  });

  it('without any token (or an unknown token type) reports missing_token after checking the session', () => {
    const none = play([{ type: 'started' }, { type: 'tokenRecalled', token: null }, { type: 'sessionKnown', signedIn: false }], initialCallbackState({ ...input, token: null }));
    expect(callbackView(none.state)).toEqual({ status: 'failed', message: { key: 'error.missing_token' }, retry: null });
    const odd = play([{ type: 'started' }], initialCallbackState({ ...input, tokenType: 'sso' }));
    expect(odd.effects).toContainEqual({ type: 'awaitSession', key: 'session' });
  });
});
