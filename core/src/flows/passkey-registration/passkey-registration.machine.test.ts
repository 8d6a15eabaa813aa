import { describe, expect, it } from 'vitest';
import { authError, type AuthError } from '../../domain/errors/auth-error';
import { providerError } from '../../domain/errors/provider-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import { initialPasskeyRegistrationState, passkeyRegistrationTransition } from './passkey-registration.machine';
import type { PasskeyRegistrationEffect, PasskeyRegistrationEvent, PasskeyRegistrationState } from './passkey-registration.types';
import { passkeyRegistrationView } from './passkey-registration.view';

// SPEC §2 passkey registration start, §4 "registration start leads to registration success on both
// success and skip", §8's create messages: the start screen as a table, then the success screen's
// own buttons. No runner, no ports, no browser.

const input = { sessionDurationMinutes: 45, donePath: '/' as SafePath };
const START: PasskeyRegistrationState = { screen: 'start', input, creating: false, error: null, retry: null };
const CREATING: PasskeyRegistrationState = { ...START, creating: true };
const REGISTER: PasskeyRegistrationEffect = { type: 'registerPasskey', key: 'register', sessionDurationMinutes: 45 };
const LOAD_LIST: PasskeyRegistrationEffect = { type: 'loadPasskeys', key: 'list' };
const SUCCESS_CREATED: PasskeyRegistrationState = { screen: 'success', input, created: true, list: { load: { status: 'loading' }, editing: { mode: 'viewing' } } };
const SUCCESS_SKIPPED: PasskeyRegistrationState = { ...SUCCESS_CREATED, created: false };

function play(events: ReadonlyArray<PasskeyRegistrationEvent | readonly [number, PasskeyRegistrationEvent]>, from: PasskeyRegistrationState = START) {
  const effects: PasskeyRegistrationEffect[] = [];
  let state = from;
  for (const entry of events) {
    const [now, event] = 'type' in entry ? [0, entry] : entry;
    const [next, produced] = passkeyRegistrationTransition(state, event, { now });
    state = next;
    effects.push(...produced);
  }
  return { state, effects, view: passkeyRegistrationView(state) };
}

const failed = (error: AuthError) => play([{ type: 'createClicked' }, { type: 'registerFailed', error }]);

describe('the start screen (SPEC §2, §4)', () => {
  it('is where the page opens', () => {
    expect(initialPasskeyRegistrationState(input)).toEqual(START);
  });

  it.each<[string, PasskeyRegistrationState, PasskeyRegistrationEvent, PasskeyRegistrationState, readonly PasskeyRegistrationEffect[]]>([
    ['start, Create → creating, the browser asked', START, { type: 'createClicked' }, CREATING, [{ type: 'cancel', prefix: 'passkeyRegistration:' }, REGISTER]],
    ['creating, Create again → nothing (no double submit)', CREATING, { type: 'createClicked' }, CREATING, []],
    ['creating, registered → success, the list loading', CREATING, { type: 'registered', passkey: { id: 'reg-1', name: 'Laptop' } }, SUCCESS_CREATED, [LOAD_LIST]],
    ['start, Skip → success, the list loading', START, { type: 'skipClicked' }, SUCCESS_SKIPPED, [{ type: 'cancel', key: 'register' }, { type: 'cancel', prefix: 'passkeyRegistration:' }, LOAD_LIST]],
    ['creating, Skip → success, the create abandoned', CREATING, { type: 'skipClicked' }, SUCCESS_SKIPPED, [{ type: 'cancel', key: 'register' }, { type: 'cancel', prefix: 'passkeyRegistration:' }, LOAD_LIST]],
    ['creating, the sheet cancelled → start, no error', CREATING, { type: 'registerFailed', error: authError('passkey_cancelled') }, START, []],
    ['start, a stray answer → nothing', START, { type: 'registered', passkey: { id: 'reg-1', name: 'Laptop' } }, START, []],
  ])('%s', (_name, from, event, to, effects) => {
    expect(passkeyRegistrationTransition(from, event, { now: 0 })).toEqual([to, effects]);
  });

  it.each<[string, AuthError, string]>([
    ['a passkey already registered → the SPEC duplicate message', providerError('duplicate_webauthn_registration', { status: 409 }), 'error.duplicate_webauthn_registration'],
    ['an unknown provider refusal → the SPEC "not created" message', providerError('unable_to_register_webauthn_registration', { status: 400, serverMessage: 'Bad attestation.' }), 'passkeyRegistration.createFailed'],
    ['an unexpected failure → the SPEC "not created" message', authError('unexpected'), 'passkeyRegistration.createFailed'],
    ['a network failure → its own message', authError('network_unreachable'), 'error.network_unreachable'],
    ['a 5xx → its own message', authError('server_error'), 'error.server_error'],
    ['a timeout → its own message', authError('timeout'), 'error.timeout'],
    ['an empty or unreadable answer → its own message', authError('invalid_response'), 'error.invalid_response'],
  ])('creating, %s, Create usable again', (_name, error, key) => {
    const { view, effects } = failed(error);
    expect(view).toEqual({ screen: 'start', creating: false, canCreate: true, error: { key }, retryInSeconds: null });
    expect(effects).toContainEqual({ type: 'reportError', error });
    expect(play([{ type: 'createClicked' }], failed(error).state).effects).toContainEqual(REGISTER);
  });

  it('holds Create through a 429 with Retry-After, counting down; the message goes with the wait', () => {
    const limited = play([[1_000, { type: 'createClicked' }], [1_000, { type: 'registerFailed', error: authError('too_many_requests', { retryAfterMs: 2_000 }) }]]);
    expect(limited.view).toEqual({ screen: 'start', creating: false, canCreate: false, error: { key: 'error.too_many_requests' }, retryInSeconds: 2 });
    expect(limited.effects).toContainEqual({ type: 'timer', key: 'passkeyRegistration:retry-tick', delayMs: 1_000, event: { type: 'tick' } });
    expect(play([[2_500, { type: 'createClicked' }]], limited.state).effects).toEqual([]);
    const waited = play([[2_000, { type: 'tick' }], [3_000, { type: 'tick' }]], limited.state);
    expect(waited.view).toEqual({ screen: 'start', creating: false, canCreate: true, error: null, retryInSeconds: null });
    expect(play([[3_000, { type: 'createClicked' }]], waited.state).effects).toContainEqual(REGISTER);
  });

  it("says a late rename or deletion's failure as a toast after 'Set up another Passkey'", () => {
    const error = authError('timeout');
    expect(play([{ type: 'removeFailed', id: 'reg-1', error }]).effects).toEqual([
      { type: 'toast', kind: 'error', message: { key: 'error.timeout' } },
      { type: 'reportError', error },
    ]);
  });
});

describe('the success screen (SPEC §2)', () => {
  it("'Set up another Passkey' → the start screen, the list's load and countdown stopped", () => {
    expect(passkeyRegistrationTransition(SUCCESS_CREATED, { type: 'setUpAnotherClicked' }, { now: 0 })).toEqual([
      START,
      [
        { type: 'cancel', key: 'list' },
        { type: 'cancel', prefix: 'passkeyList:' },
      ],
    ]);
  });

  it("'Done' → the page's done path", () => {
    expect(passkeyRegistrationTransition(SUCCESS_SKIPPED, { type: 'doneClicked' }, { now: 0 })).toEqual([SUCCESS_SKIPPED, [{ type: 'navigate', path: '/' }]]);
  });

  it('says whether a passkey was just created', () => {
    expect(passkeyRegistrationView(SUCCESS_CREATED)).toEqual({ screen: 'success', created: true, list: { status: 'loading' } });
    expect(passkeyRegistrationView(SUCCESS_SKIPPED)).toMatchObject({ created: false });
  });

  it('ignores the start screen\'s events', () => {
    expect(play([{ type: 'createClicked' }, { type: 'skipClicked' }], SUCCESS_SKIPPED)).toMatchObject({ state: SUCCESS_SKIPPED, effects: [] });
  });
});
