import { describe, expect, it, vi } from 'vitest';
import type { WidgetConfig } from '../../../domain/config/widget-config';
import { authError, fail, ok } from '../../../domain/errors/auth-error';
import { providerError } from '../../../domain/errors/provider-error';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import { until, untilCalled } from '../../../testing/failure-view';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { ALL_PRODUCTS } from '../../all-products';
import { openLoginWidget } from '../../open-login-widget';
import { widgetView, type MainView } from '../../widget.view';
import type { PasskeysSlotView } from './passkeys.slot';
import { PASSKEY_SESSION, scriptedPasskeys } from './passkeys.testing';

// The login widget with passkeys, on virtual time, read through its view model: the passkey
// button first on Main, its sign-in (Main busy, any autofill aborted before the button's request),
// its endings, and an autofill sign-in.

const WITH_PASSKEYS: WidgetConfig = { products: ['oauth', 'emailMagicLinks', 'passkeys'], oauthOptions: { providers: [{ type: 'google' }] } };

function setUp(config: WidgetConfig = WITH_PASSKEYS, options: { readonly autofill?: boolean } = {}) {
  const passkeys = scriptedPasskeys({ autofill: options.autofill ?? true });
  const send = vi.fn(() => Promise.resolve(ok(undefined)));
  const test = virtualTimeHost({ ...passkeys.ports, magicLinks: { send, authenticate: () => Promise.resolve(fail(authError('unexpected'))) } });
  const toasts = vi.spyOn(test.host.toasts, 'show');
  const flow = openLoginWidget(test, `login-${Math.random()}`, { config, returnContext: { redirect: '/orders' as SafePath, source: null }, products: ALL_PRODUCTS });
  flow.subscribe(() => undefined);
  const main = (): MainView => {
    const view = widgetView(flow.getSnapshot());
    if (view.screen !== 'main') throw new Error(`expected Main, found ${view.screen}`);
    return view.main;
  };
  const button = () => {
    const slot = main().slots.find((candidate) => candidate.id === 'passkeys');
    if (slot === undefined || slot.view === null) throw new Error('the passkey button is not on Main');
    return { view: slot.view as PasskeysSlotView, message: slot.message };
  };
  /** Main once its slots' chunks arrived (real dynamic imports). */
  const ready = () => until(test, () => expect(main().slots.every((slot) => slot.view !== null)).toBe(true));
  const press = () => flow.send({ type: 'slotEvent', slot: 'passkeys', event: { type: 'pressed' } });
  return { test, flow, passkeys, main, button, ready, press, toasts, send };
}

describe('passkeys on Main', () => {
  it('puts the passkey button first (SPEC §2 order): passkey, OAuth, the divider, then the e-mail form', async () => {
    const { main, ready } = setUp();
    await ready();
    expect(main().slots.map((slot) => [slot.id, slot.place])).toEqual([
      ['passkeys', 'passkey'],
      ['oauth', 'social'],
    ]);
    expect(main()).toMatchObject({ divider: true, emailForm: { product: 'magicLink' } });
  });

  it("shows SPEC §1's configuration error, and nothing else, when passkeys are the only product", async () => {
    const { test, main, passkeys } = setUp({ products: ['passkeys'] });
    await test.advance(1_000);
    const view = main();
    expect(view).toMatchObject({ blocked: true, configErrors: ['config.passkeysAlone'], slots: [], emailForm: null });
    expect(test.core.i18n.t('config.passkeysAlone')).toBe('Error: Cannot use Passkeys by itself, please add another product to the config.');
    // Its slot is not even fetched: no button, no autofill.
    expect(flowSlots(view)).toEqual([]);
    expect(passkeys.conditional).toEqual([]);
  });
});

const flowSlots = (view: MainView) => view.slots.map((slot) => slot.id);

describe("the passkey button's sign-in", () => {
  it("aborts the pending autofill before the button's request starts, Main busy meanwhile", async () => {
    const { test, passkeys, ready, press, main, button } = setUp();
    await ready();
    await untilCalled(test, () => passkeys.conditional.length, 1);
    passkeys.button.failNext({ name: 'hang', error: null, message: 'error.timeout', words: '' });
    press();
    expect(passkeys.lastConditional().aborted()).toBe(true);
    expect(main()).toMatchObject({ busy: true, emailForm: { disabled: true } });
    expect(button().view).toEqual({ busy: true, disabled: true });
    await untilCalled(test, () => passkeys.button.calls.length, 1);
    expect(passkeys.log).toEqual(['autofill request 1', 'autofill request 1 aborted', 'button request']);
    expect(passkeys.button.calls[0]).toEqual([{ sessionDurationMinutes: 60 }]);
  });

  it("ends with 'Success!' and 'You have successfully logged in.', then goes to the return context's destination", async () => {
    const { test, flow, ready, press, passkeys } = setUp(WITH_PASSKEYS, { autofill: false });
    await ready();
    press();
    await untilCalled(test, () => passkeys.button.calls.length, 1);
    await until(test, () => expect(widgetView(flow.getSnapshot())).toEqual({ screen: 'success', title: 'success.title', text: 'success.loggedIn' }));
    await test.advance(2_000);
    expect(test.navigations).toEqual([{ path: '/orders', replace: true }]);
  });

  it('a visitor who closes the browser\'s sheet is back on Main with no error, the address kept', async () => {
    const { test, flow, ready, press, passkeys, main, button } = setUp(WITH_PASSKEYS, { autofill: false });
    await ready();
    flow.send({ type: 'emailChanged', value: 'ada@exa' });
    passkeys.button.failNext({ name: 'cancelled', error: authError('passkey_cancelled'), message: 'error.passkey_cancelled', words: '' });
    press();
    await untilCalled(test, () => passkeys.button.calls.length, 1);
    await until(test, () => expect(main().busy).toBe(false));
    expect(button()).toEqual({ view: { busy: false, disabled: false }, message: null });
    expect(main().emailForm).toMatchObject({ value: 'ada@exa', error: null, formError: null });
    expect(test.reportedErrors).toEqual([]);
  });

  it("shows SPEC §8's registration-not-found message by the button for an unknown passkey", async () => {
    const { test, ready, press, passkeys, button } = setUp(WITH_PASSKEYS, { autofill: false });
    await ready();
    passkeys.button.failNext({ name: 'not found', error: providerError('webauthn_registration_not_found', { status: 404 }), message: 'error.webauthn_registration_not_found', words: '' });
    press();
    await until(test, () => expect(button().message).toEqual({ key: 'error.webauthn_registration_not_found' }));
    expect(test.core.i18n.text({ key: 'error.webauthn_registration_not_found' })).toBe(
      'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
    );
  });

  it("shows SPEC §8's passkey error by the button for the provider's refusal, and the provider's message as a toast", async () => {
    const { test, ready, press, passkeys, button, toasts } = setUp(WITH_PASSKEYS, { autofill: false });
    await ready();
    passkeys.button.failNext({ name: 'refused', error: providerError('invalid_webauthn_assertion', { status: 400, serverMessage: 'The assertion could not be verified.' }), message: 'error.unexpected', words: '' });
    press();
    await until(test, () => expect(button().message).toEqual({ key: 'passkeys.authenticateFailed' }));
    expect(test.core.i18n.text({ key: 'passkeys.authenticateFailed' })).toBe('Unknown error occurred during passkey authentication. Please try again.');
    expect(toasts).toHaveBeenCalledWith('error', { text: 'The assertion could not be verified.' });
    expect(button().view).toEqual({ busy: false, disabled: false });
  });
});

describe('autofill on the widget', () => {
  it('a passkey picked in the e-mail field signs the visitor in: the success screen, with no button request', async () => {
    const { test, flow, ready, passkeys } = setUp();
    await ready();
    await untilCalled(test, () => passkeys.conditional.length, 1);
    passkeys.lastConditional().answer(ok(PASSKEY_SESSION));
    await until(test, () => expect(widgetView(flow.getSnapshot())).toMatchObject({ screen: 'success', title: 'success.title', text: 'success.loggedIn' }));
    expect(passkeys.button.calls).toEqual([]);
  });

  it("Main's e-mail form aborts it too (any Main action does), and it does not come back", async () => {
    const { test, flow, ready, passkeys, send } = setUp();
    await ready();
    await untilCalled(test, () => passkeys.conditional.length, 1);
    flow.send({ type: 'emailChanged', value: 'ada@example.com' });
    flow.send({ type: 'emailSubmitted' });
    expect(passkeys.lastConditional().aborted()).toBe(true);
    await until(test, () => expect(send).toHaveBeenCalledTimes(1));
    await test.advance(60_000);
    expect(passkeys.conditional).toHaveLength(1);
  });
});
