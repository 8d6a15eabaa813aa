import { describe, expect, it } from 'vitest';
import { authError } from '../../../domain/errors/auth-error';
import { providerError } from '../../../domain/errors/provider-error';
import { ENGLISH_CATALOGUES } from '../../../domain/i18n/english';
import { createTranslator } from '../../../domain/i18n/translator';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import { ALL_PRODUCTS } from '../../all-products';
import type { ProductContext, SlotAction } from '../../widget.types';
import { enterPasskeys, passkeysSnapshot, passkeysTransition, resumePasskeys } from './passkeys.machine';
import type { PasskeysActionDetail, PasskeysState } from './passkeys.types';
import { passkeysView } from './passkeys.view';

const context: ProductContext = {
  now: 10_000,
  input: {
    config: { products: ['emailMagicLinks', 'passkeys'], sessionOptions: { sessionDurationMinutes: 45 } },
    returnContext: { redirect: '/orders' as SafePath, source: 'web' },
    origin: 'http://localhost',
    products: ALL_PRODUCTS,
  },
  senderDomain: null,
  passwordRule: null,
};
const i18n = createTranslator({ preloadedMessages: { en: ENGLISH_CATALOGUES } });
const pressed = (detail: PasskeysActionDetail): SlotAction<PasskeysActionDetail> => ({ type: 'slotAction', product: 'passkeys', email: 'ada@exa', detail });
const signingIn = (): PasskeysState => enterPasskeys(pressed({ via: 'button' }), context).state;
const failWith = (error: ReturnType<typeof authError>) => passkeysTransition(signingIn(), { type: 'signInFailed', error }, context);

const SUCCESS = { type: 'completed', title: 'success.title', text: 'success.loggedIn', destination: '/orders' };

describe('passkeys product: a sign-in from Main, with no screen of its own', () => {
  it("the button asks for the browser's sheet with the configured session length, Main showing it busy", () => {
    const entered = enterPasskeys(pressed({ via: 'button' }), context);
    expect(entered.state).toEqual({ step: 'signingIn' });
    expect(entered.effects).toEqual([{ type: 'authenticate', key: 'authenticate', sessionDurationMinutes: 45 }]);
    expect(entered.output).toBeUndefined();
    expect(passkeysView()).toEqual({ screen: null });
  });

  it("ends with SPEC §2's success ('Success!', 'You have successfully logged in.'), then the return context's destination", () => {
    const { output, effects } = passkeysTransition(signingIn(), { type: 'signedIn' }, context);
    expect(output).toEqual(SUCCESS);
    // The SDK holds the session already (the port hands back no token): nothing to hand over.
    expect(effects).toEqual([]);
    if (output?.type !== 'completed') throw new Error('expected completion');
    expect([i18n.t(output.title), i18n.t(output.text)]).toEqual(['Success!', 'You have successfully logged in.']);
  });

  it('ends an autofill that already signed the visitor in the same way, with no request of its own', () => {
    const entered = enterPasskeys(pressed({ via: 'autofill' }), context);
    expect(entered.effects).toEqual([]);
    expect(entered.output).toEqual(SUCCESS);
  });

  it.each([
    {
      name: 'the visitor closed the sheet: Main, no message, nothing reported',
      error: authError('passkey_cancelled'),
      output: { type: 'showMain' },
      effects: [],
    },
    {
      name: "an unknown passkey: SPEC §8's registration-not-found message",
      error: providerError('webauthn_registration_not_found', { status: 404, serverMessage: 'not found' }),
      output: { type: 'showMain', error: { key: 'error.webauthn_registration_not_found' }, errorFor: 'form' },
      words: 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
      toast: null,
    },
    {
      name: "the provider's refusal: SPEC §8's passkey message, and the provider's own as a toast",
      error: providerError('invalid_webauthn_assertion', { status: 400, serverMessage: 'The assertion could not be verified.' }),
      output: { type: 'showMain', error: { key: 'passkeys.authenticateFailed' }, errorFor: 'form' },
      words: 'Unknown error occurred during passkey authentication. Please try again.',
      toast: 'The assertion could not be verified.',
    },
    {
      name: "a catalogued refusal: the catalogue's words in the toast",
      error: providerError('user_lock_limit_reached', { status: 401, serverMessage: 'locked' }),
      output: { type: 'showMain', error: { key: 'passkeys.authenticateFailed' }, errorFor: 'form' },
      words: 'Unknown error occurred during passkey authentication. Please try again.',
      toast: 'Too many failed authentication attempts. Please try again later.',
    },
    {
      name: 'a failure of our own with nothing from the provider: the passkey message, no toast',
      error: authError('unexpected'),
      output: { type: 'showMain', error: { key: 'passkeys.authenticateFailed' }, errorFor: 'form' },
      words: 'Unknown error occurred during passkey authentication. Please try again.',
      toast: null,
    },
  ])('$name', ({ error, output, effects, words, toast }) => {
    const failed = failWith(error);
    expect(failed.output).toEqual(output);
    if (effects !== undefined) {
      expect(failed.effects).toEqual(effects);
      return;
    }
    const shown = failed.output?.type === 'showMain' ? failed.output.error : undefined;
    expect(shown && i18n.text(shown)).toBe(words);
    const toasts = failed.effects.filter((effect) => effect.type === 'toast');
    expect(toasts.map((effect) => (effect.type === 'toast' ? [effect.kind, i18n.text(effect.message)] : null))).toEqual(toast === null ? [] : [['error', toast]]);
    expect(failed.effects).toContainEqual({ type: 'reportError', error });
  });

  it('the faults every product meets end as theirs do: their message for the form, a 429 holding Main for its Retry-After', () => {
    const rateLimited = failWith(providerError('too_many_requests', { status: 429, retryAfterMs: 3_000 }));
    expect(rateLimited.output).toEqual({ type: 'showMain', error: { key: 'error.too_many_requests' }, errorFor: 'form', retryAt: 13_000 });
    // SPEC §8: an empty passkey response is an error (the effect turns an empty answer into this one).
    expect(failWith(authError('invalid_response')).output).toEqual({ type: 'showMain', error: { key: 'error.invalid_response' }, errorFor: 'form' });
    expect(failWith(authError('timeout')).effects).toEqual([{ type: 'reportError', error: authError('timeout') }]);
  });

  it('answers nothing once it has ended (a late answer changes nothing)', () => {
    const ended = passkeysTransition(signingIn(), { type: 'signedIn' }, context).state;
    expect(passkeysTransition(ended, { type: 'signInFailed', error: authError('network_unreachable') }, context)).toEqual({ state: ended, effects: [] });
  });

  it('records no screen, so Back and reload have nothing of it to bring back', () => {
    expect(passkeysSnapshot()).toBeNull();
    expect(resumePasskeys()).toBeNull();
  });
});
