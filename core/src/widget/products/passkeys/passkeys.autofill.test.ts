import { describe, expect, it } from 'vitest';
import { authError, type AuthError } from '../../../domain/errors/auth-error';
import { providerError } from '../../../domain/errors/provider-error';
import { abortAutofill, AUTOFILL_MAX_TRIES, autofillTransition, startAutofill, type AutofillContext, type AutofillState, type AutofillStep } from './passkeys.autofill';

// SPEC §4 and §9's passkey autofill policy as a pure machine: up to 5 tries in all, stopped for
// good by an abort or the visitor's decline. (The slot runs it on virtual time: passkeys.slot.test.ts.)

const IDLE_MAIN: AutofillContext = { mainBusy: false, hasEmailField: true, sessionDurationMinutes: 60 };
const REQUEST = { type: 'conditionalSignIn', key: 'autofill:request', sessionDurationMinutes: 60 };

/** The policy started and the browser's answer given: the first try is waiting in the field. */
function listening(context = IDLE_MAIN): AutofillStep {
  const checking = startAutofill({ status: 'idle' }, context);
  return autofillTransition(checking.state, { type: 'autofillChecked', supported: true }, context);
}

/** Every try fails with `error`; returns each failure's step (a retry's wait elapses between them). */
function failEveryTry(error: AuthError): AutofillStep[] {
  const steps: AutofillStep[] = [];
  let state: AutofillState = listening().state;
  while (state.status === 'listening') {
    const failed = autofillTransition(state, { type: 'autofillFailed', error }, IDLE_MAIN);
    steps.push(failed);
    state = failed.state.status === 'waiting' ? autofillTransition(failed.state, { type: 'autofillRetry' }, IDLE_MAIN).state : failed.state;
  }
  return steps;
}

const delays = (steps: readonly AutofillStep[]) => steps.flatMap((step) => step.effects.flatMap((effect) => (effect.type === 'timer' ? [effect.delayMs] : [])));

describe('passkey autofill: when it starts', () => {
  it('asks the browser first, then waits in the e-mail field with a conditional request', () => {
    const checking = startAutofill({ status: 'idle' }, IDLE_MAIN);
    expect(checking).toEqual({ state: { status: 'checking' }, effects: [{ type: 'checkAutofill', key: 'autofill:check' }] });
    expect(listening()).toEqual({ state: { status: 'listening', tries: 1 }, effects: [REQUEST] });
  });

  it.each([
    { name: 'the browser offers no passkeys in autofill', context: IDLE_MAIN, supported: false, reason: 'unsupported' },
    { name: 'Main has no e-mail field to offer them in', context: { ...IDLE_MAIN, hasEmailField: false }, supported: true, reason: 'noField' },
    { name: 'something else started on Main while the browser answered', context: { ...IDLE_MAIN, mainBusy: true }, supported: true, reason: 'aborted' },
  ])('does not start when $name', ({ context, supported, reason }) => {
    const started = startAutofill({ status: 'idle' }, context);
    const answered = started.state.status === 'checking' ? autofillTransition(started.state, { type: 'autofillChecked', supported }, context) : started;
    expect(answered.state).toMatchObject({ status: 'stopped', reason });
    expect(answered.effects.some((effect) => effect.type === 'conditionalSignIn')).toBe(false);
  });
});

describe('passkey autofill: 5 tries in all (SPEC §9)', () => {
  it.each([
    { name: 'network error', error: authError('network_unreachable') },
    { name: '500', error: providerError('internal_server_error', { status: 500 }) },
    { name: 'empty answer', error: authError('invalid_response') },
    { name: 'unknown passkey', error: providerError('webauthn_registration_not_found', { status: 404 }) },
    { name: "provider's refusal", error: providerError('invalid_webauthn_assertion', { status: 400, serverMessage: 'No.' }) },
  ])('a $name counts a try: five, then it stops', ({ error }) => {
    const steps = failEveryTry(error);
    expect(steps).toHaveLength(AUTOFILL_MAX_TRIES);
    expect(steps.at(-1)?.state).toEqual({ status: 'stopped', reason: 'exhausted', tries: 5 });
    // Each later try waits longer (1, 2, 4, 8 s): five tries mean something on a flaky network.
    expect(delays(steps)).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it("waits the provider's Retry-After when it is longer", () => {
    const [first] = failEveryTry(providerError('too_many_requests', { status: 429, retryAfterMs: 30_000 }));
    expect(first && delays([first])).toEqual([30_000]);
  });

  it('tells the visitor only what answers a pick (as the button would), and reports it', () => {
    const [notFound] = failEveryTry(providerError('webauthn_registration_not_found', { status: 404 }));
    expect(notFound?.tell?.code).toBe('webauthn_registration_not_found');
    expect(notFound?.effects[0]).toMatchObject({ type: 'reportError' });
    const [refused] = failEveryTry(providerError('invalid_webauthn_assertion', { status: 400, serverMessage: 'No.' }));
    expect(refused?.tell?.providerType).toBe('invalid_webauthn_assertion');
    // A fault that may have come before any pick says nothing: nobody asked, and the button still works.
    for (const error of [authError('network_unreachable'), authError('timeout'), authError('invalid_response'), authError('unexpected')]) {
      const [silent] = failEveryTry(error);
      expect(silent?.tell).toBeUndefined();
      expect(silent?.effects.some((effect) => effect.type === 'reportError')).toBe(false);
    }
  });
});

describe('passkey autofill: what stops it for good', () => {
  it('a browser that cannot wait in the field after all (or a failure on this side): stops at once, silently', () => {
    const stoppedByClient = autofillTransition({ status: 'listening', tries: 1 }, { type: 'autofillFailed', error: authError('unexpected') }, IDLE_MAIN);
    expect(stoppedByClient).toEqual({ state: { status: 'stopped', reason: 'unsupported', tries: 1 }, effects: [] });
  });

  it('the visitor declining (NotAllowedError): at once, silently, whatever tries are left', () => {
    const declined = autofillTransition({ status: 'listening', tries: 2 }, { type: 'autofillFailed', error: authError('passkey_cancelled') }, IDLE_MAIN);
    expect(declined).toEqual({ state: { status: 'stopped', reason: 'declined', tries: 2 }, effects: [] });
  });

  it.each<{ readonly name: string; readonly state: AutofillState }>([
    { name: 'while the browser is asked', state: { status: 'checking' } },
    { name: 'while a request waits in the field', state: { status: 'listening', tries: 3 } },
    { name: 'while it waits to try again', state: { status: 'waiting', tries: 1 } },
  ])('an abort $name: everything it has on its way is cancelled', ({ state }) => {
    const aborted = abortAutofill(state);
    expect(aborted.state).toMatchObject({ status: 'stopped', reason: 'aborted' });
    expect(aborted.effects).toEqual([{ type: 'cancel', prefix: 'autofill:' }]);
    // Nothing that was on its way starts it again.
    expect(autofillTransition(aborted.state, { type: 'autofillRetry' }, IDLE_MAIN).state).toBe(aborted.state);
    expect(autofillTransition(aborted.state, { type: 'autofillChecked', supported: true }, IDLE_MAIN).state).toBe(aborted.state);
  });

  it('a passkey picked there that signed the visitor in: the sign-in is handed on', () => {
    expect(autofillTransition({ status: 'listening', tries: 4 }, { type: 'autofillSignedIn' }, IDLE_MAIN)).toEqual({
      state: { status: 'stopped', reason: 'signedIn', tries: 4 },
      effects: [],
      signedIn: true,
    });
  });

  it('a wait that ends while something else is on its way on Main: no request beside it', () => {
    expect(autofillTransition({ status: 'waiting', tries: 2 }, { type: 'autofillRetry' }, { ...IDLE_MAIN, mainBusy: true }).state).toEqual({ status: 'stopped', reason: 'aborted', tries: 2 });
  });
});
