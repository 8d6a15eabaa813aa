import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from './all-products';
import { widgetPlayer } from '../testing/widget-play';
import { authError } from '../domain/errors/auth-error';
import type { SafePath } from '../domain/redirects/safe-redirect';
import type { WidgetConfig } from '../domain/config/widget-config';
import { magicLinkModule } from './products/magic-link/magic-link.module';
import { passcodesModule } from './products/passcodes/passcodes.module';
import { emailFormProduct, mainSlots } from './product-catalogue';
import { oauthSlot } from './products/oauth/oauth.slot';
import { phoneFormSlot } from './products/passcodes/phone-form.slot';
import type { PhoneFormEvent } from './products/passcodes/phone-form.machine';
import { COMPLETION_DELAY_MS } from '../domain/redirects/completion';
import { initialWidgetState } from './widget.machine';
import type { AnyProductModule, WidgetEvent, WidgetInput, WidgetState } from './widget.types';
import { widgetView } from './widget.view';

import { productRouter } from './product-router';
const loadedMagicLink = { ...magicLinkModule, router: productRouter } as AnyProductModule;

const input: WidgetInput = {
  config: { products: ['emailMagicLinks'] },
  returnContext: { redirect: '/orders' as SafePath, source: 'web' }, products: ALL_PRODUCTS,
  origin: 'http://localhost:5173',
};

/** Plays events at given times; returns the last state and every effect produced. */
const play = widgetPlayer(input);

const submit = (email: string): WidgetEvent[] => [{ type: 'emailChanged', value: email }, { type: 'emailSubmitted' }];
const loaded: WidgetEvent = { type: 'productLoaded', module: loadedMagicLink };
const magic = (event: unknown): WidgetEvent => ({ type: 'productEvent', product: 'magicLink', event });

describe('widget router: Main (SPEC §2, §4)', () => {
  it('starts on Main, loads project settings and logs render_login_screen', () => {
    const { state, effects } = play([{ type: 'started' }]);
    expect(state.screen.kind).toBe('main');
    expect(effects).toEqual([{ type: 'loadProjectSettings' }, { type: 'watchHistory', key: 'widget:history' }, { type: 'telemetry', event: { name: 'render_login_screen', details: {} } }]);
  });

  it('starts with an address the visitor typed before the page was ready', () => {
    expect(initialWidgetState({ ...input, prefilledEmail: 'early@example.com' }).email).toBe('early@example.com');
  });

  it('shows the magic-link wording under the field for an invalid address, keeps the text and calls nothing', () => {
    const { state, effects } = play(submit('ada@example'));
    expect(state.email).toBe('ada@example');
    expect(state.emailError).toEqual({ key: 'validation.emailInvalid' });
    expect(effects).toEqual([]);
  });

  it("keeps the field as it was while its address is on its way, so an answer never shows under another address", () => {
    const { state } = play([...submit('ada@example.com'), { type: 'emailChanged', value: 'bob@example.com' }]);
    expect(state.email).toBe('ada@example.com');
    const view = widgetView(state);
    expect(view.screen === 'main' && view.main.emailForm).toMatchObject({ value: 'ada@example.com', busy: true });
    const failed = play([magic({ type: 'sendFailed', error: authError('invalid_email') })], play([loaded], state).state).state;
    expect(failed.email).toBe('ada@example.com');
    expect(failed.emailError).toEqual({ key: 'error.invalid_email' });
    // Once the answer is in, the field is the visitor's again (and the stale error goes with an edit).
    expect(play([{ type: 'emailChanged', value: 'bob@example.com' }], failed).state).toMatchObject({ email: 'bob@example.com', emailError: null });
  });

  it('clears the field error when the user edits the address', () => {
    const { state } = play([{ type: 'emailSubmitted' }, { type: 'emailChanged', value: 'ada@' }]);
    expect(state.emailError).toBeNull();
    expect(state.email).toBe('ada@');
  });

  it('fetches the product that takes the e-mail form, showing Main busy meanwhile', () => {
    const { state, effects } = play(submit(' ada@example.com '));
    expect(effects).toEqual([{ type: 'loadProduct', product: 'magicLink', key: 'widget:loadProduct' }]);
    const view = widgetView(state);
    expect(view.screen).toBe('main');
    expect(view.screen === 'main' && view.main.emailForm).toMatchObject({ busy: true, disabled: true, submitLabel: { key: 'login.sending' } });
  });

  it('ignores a second submit while the first is on its way', () => {
    const { effects } = play([...submit('ada@example.com'), { type: 'emailSubmitted' }]);
    expect(effects.filter((effect) => effect.type === 'loadProduct')).toHaveLength(1);
  });

  it('hands the action to the loaded product, whose effects are keyed per product', () => {
    const { state, effects } = play([...submit('ada@example.com'), loaded]);
    expect(state.screen.kind).toBe('product');
    expect(effects.at(-1)).toMatchObject({
      type: 'productEffect',
      key: 'product:magicLink:magicLink:send',
      effect: {
        type: 'sendMagicLink',
        request: {
          email: 'ada@example.com',
          loginRedirectUrl: 'http://localhost:5173/login/callback?redirect=%2Forders&source=web',
          signupRedirectUrl: 'http://localhost:5173/login/callback?redirect=%2Forders&source=web',
          loginExpirationMinutes: 30,
          signupExpirationMinutes: 30,
        },
      },
    });
  });

  it('returns to Main with a clear, retryable message when the product cannot be fetched', () => {
    const error = authError('network_unreachable');
    const { state, effects } = play([...submit('ada@example.com'), { type: 'productLoadFailed', product: 'magicLink', error }]);
    expect(state.screen.kind).toBe('main');
    expect(state.loading).toBeNull();
    expect(state.email).toBe('ada@example.com');
    expect(state.formError).toEqual({ key: 'error.network_unreachable' });
    expect(effects.at(-1)).toEqual({ type: 'reportError', error });
  });

  it('recovers from an effect that failed unexpectedly: Main, input kept, retry possible', () => {
    const { state } = play([...submit('ada@example.com'), { type: 'effectFailed', error: authError('unexpected') }]);
    expect(state.loading).toBeNull();
    expect(state.email).toBe('ada@example.com');
    const again = play([{ type: 'emailSubmitted' }], state);
    expect(again.effects).toEqual([{ type: 'loadProduct', product: 'magicLink', key: 'widget:loadProduct' }]);
  });

  it('reports configuration errors on Main (SPEC §1) and blocks passkeys alone', () => {
    const both = widgetView(initialWidgetState({ ...input, config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } } }));
    expect(both.screen === 'main' && both.main.configErrors).toEqual(['config.emlAndEmailOtp']);
    const alone = widgetView(initialWidgetState({ ...input, config: { products: ['passkeys'] } }));
    expect(alone.screen === 'main' && alone.main).toMatchObject({ blocked: true, emailForm: null, configErrors: ['config.passkeysAlone'] });
  });
});

describe('magic-link product through the router', () => {
  const sentAt = (now: number) => play([...submit('ada@example.com'), loaded, [now, magic({ type: 'sent', email: 'ada@example.com' })]]);

  it('goes to E-mail confirmation after the link was sent, and logs email_sent', () => {
    const { state, effects } = sentAt(0);
    const view = widgetView(state);
    expect(view.screen).toBe('product');
    expect(view.screen === 'product' && view.view).toMatchObject({ screen: 'confirmation', email: 'ada@example.com' });
    expect(effects.filter((effect) => effect.type === 'productEffect').at(-1)).toMatchObject({ effect: { type: 'telemetry', event: { name: 'email_sent' } } });
    // The screen is a history entry of its own, stored for a reload (issue 16 §13).
    expect(effects.at(-1)).toMatchObject({ type: 'recordScreen', push: true });
  });

  it('narrows the mail shortcuts by the sender domain from the project settings', () => {
    const { state } = play([{ type: 'projectSettingsLoaded', settings: { emailDomains: ['mail.shop.test'], passwordConfig: null } }, ...submit('ada@example.com'), loaded, magic({ type: 'sent', email: 'ada@example.com' })]);
    const view = widgetView(state);
    expect(view.screen === 'product' && JSON.stringify(view.view)).toContain('mail.shop.test');
  });

  it('puts a provider error under the field on Main, keeping the address', () => {
    const error = authError('invalid_email', { serverMessage: 'Email format is invalid.' });
    const { state } = play([...submit('ada@example.com'), loaded, magic({ type: 'sendFailed', error })]);
    expect(state.screen.kind).toBe('main');
    expect(state.email).toBe('ada@example.com');
    expect(state.emailError).toEqual({ key: 'error.invalid_email' });
  });

  it('shows a network failure as a network problem, not as a bad address', () => {
    const { state } = play([...submit('ada@example.com'), loaded, magic({ type: 'sendFailed', error: authError('network_unreachable') })]);
    // A message for the form (issue 16 §16): the address itself is not marked invalid.
    expect(state.formError).toEqual({ key: 'error.network_unreachable' });
    expect(state.emailError).toBeNull();
  });

  it('keeps Continue disabled with the seconds left after a 429 with Retry-After, then enables it', () => {
    const error = authError('too_many_requests', { retryAfterMs: 3000 });
    const { state, effects } = play([...submit('ada@example.com'), loaded, [1000, magic({ type: 'sendFailed', error })]]);
    expect(effects.at(-1)).toEqual({ type: 'timer', key: 'widget:retry-tick', delayMs: 1000, event: { type: 'tick' } });
    const form = (s: WidgetState) => {
      const view = widgetView(s);
      return view.screen === 'main' ? view.main.emailForm : null;
    };
    expect(form(state)).toMatchObject({ disabled: true, submitLabel: { key: 'common.retryIn', params: { seconds: 3 } } });
    expect(play([[1500, { type: 'emailSubmitted' }]], state).effects).toEqual([]);
    const later = play([[2000, { type: 'tick' }], [3000, { type: 'tick' }]], state).state;
    expect(form(later)).toMatchObject({ submitLabel: { key: 'common.retryIn', params: { seconds: 1 } } });
    const done = play([[4000, { type: 'tick' }]], later).state;
    expect(form(done)).toMatchObject({ disabled: false, submitLabel: { key: 'login.continue' } });
    expect(play([[4000, { type: 'emailSubmitted' }]], done).effects).toHaveLength(1);
  });

  it('resends with a toast and email_sent, and shows a resend failure on the confirmation screen', () => {
    const { state } = sentAt(0);
    const resend = play([magic({ type: 'resendClicked' }), magic({ type: 'resent' })], state);
    expect(resend.effects.map((effect) => (effect.type === 'productEffect' ? effect.effect.type : effect.type))).toEqual(['sendMagicLink', 'timer', 'toast', 'telemetry']);
    const failed = play([magic({ type: 'resendClicked' }), [10, magic({ type: 'resendFailed', error: authError('too_many_requests', { retryAfterMs: 2000 }) })]], state);
    const view = widgetView(failed.state);
    expect(view.screen === 'product' && view.view).toMatchObject({ error: { key: 'error.too_many_requests' }, retryInSeconds: 2 });
    expect(play([[500, magic({ type: 'resendClicked' })]], failed.state).effects).toEqual([]);
  });

  it("'Try again' clears the stored e-mail, returns to Main and logs email_try_again_clicked", () => {
    const { state, effects } = play([magic({ type: 'tryAgainClicked' })], sentAt(0).state);
    expect(state.screen.kind).toBe('main');
    expect(state.email).toBe('');
    expect(effects).toContainEqual({ type: 'cancel', key: 'product:magicLink:magicLink:send' });
    expect(effects.filter((effect) => effect.type === 'productEffect').at(-1)).toMatchObject({ effect: { type: 'telemetry', event: { name: 'email_try_again_clicked', details: { email: 'ada@example.com' } } } });
    expect(effects.at(-1)).toMatchObject({ type: 'leaveScreen', back: true });
  });

  it('the back arrow returns to Main with the address in the field and cancels the product', () => {
    const { state, effects } = play([{ type: 'backClicked' }], sentAt(0).state);
    expect(state.screen.kind).toBe('main');
    expect(state.email).toBe('ada@example.com');
    expect(effects).toEqual([{ type: 'cancel', prefix: 'product:magicLink:' }, { type: 'leaveScreen', marker: expect.any(String), back: true }]);
  });

  it('ignores product events after the visitor left the product', () => {
    const back = play([{ type: 'backClicked' }], sentAt(0).state).state;
    expect(play([magic({ type: 'resent' })], back).state).toBe(back);
  });
});

describe('completion hand-off (SPEC §4: 2 seconds, then the destination)', () => {
  const completing: AnyProductModule = {
    ...(loadedMagicLink),
    enter: () => ({ state: {}, effects: [], output: { type: 'completed', title: 'success.title', text: 'success.loggedIn', destination: '/orders' as SafePath } }),
    view: () => ({ screen: 'done' }),
  };

  it('shows success, then replaces the page with the destination after 2 s', () => {
    const { state, effects } = play([...submit('ada@example.com'), { type: 'productLoaded', module: completing }]);
    expect(widgetView(state)).toEqual({ screen: 'success', title: 'success.title', text: 'success.loggedIn' });
    expect(effects.at(-1)).toEqual({ type: 'timer', key: 'widget:completion', delayMs: COMPLETION_DELAY_MS, event: { type: 'completionElapsed' } });
    expect(play([{ type: 'completionElapsed' }], state).effects).toEqual([{ type: 'navigate', path: '/orders', replace: true }]);
  });
});

describe('widget router: passcodes (SPEC §2, §4, §5)', () => {
  const loadedPasscodes = { ...passcodesModule, router: productRouter } as AnyProductModule;
  const withConfig = (config: WidgetConfig): WidgetInput => ({ ...input, config });
  const phoneInput = withConfig({ products: ['otp'], otpOptions: { methods: ['sms', 'email'] } });
  const playPhone = widgetPlayer(phoneInput);
  const phone = (event: PhoneFormEvent): WidgetEvent => ({ type: 'slotEvent', slot: 'phone-form', event });
  /** Main's phone form sends a code to +1 201 555 0123, as the visitor and the provider would. */
  const sendCode: Array<WidgetEvent | [number, WidgetEvent]> = [
    phone({ type: 'numberChanged', value: '2015550123' }),
    phone({ type: 'submitted' }),
    phone({ type: 'parsed', result: { valid: true, e164: '+12015550123' } }),
    phone({ type: 'sent', methodId: 'phone-method-1' }),
  ];
  const withPhoneForm = (from: WidgetInput = phoneInput) => initialWidgetState(from, { 'phone-form': phoneFormSlot });
  const mainOf = (state: WidgetState) => {
    const view = widgetView(state);
    if (view.screen === 'success') throw new Error('expected Main');
    return view.main;
  };

  it("loads the passcodes product for a code Main's phone form sent, then shows Passcode entry", () => {
    const { state, effects } = playPhone(sendCode, withPhoneForm());
    expect(effects.at(-1)).toEqual({ type: 'loadProduct', product: 'passcodes', key: 'widget:loadProduct' });
    expect(state.loading).toEqual({
      product: 'passcodes',
      action: { type: 'slotAction', product: 'passcodes', email: '', detail: { channel: 'sms', destination: '+12015550123', methodId: 'phone-method-1' } },
    });
    const entered = playPhone([{ type: 'productLoaded', module: loadedPasscodes }], state);
    const view = widgetView(entered.state);
    // No expiry configured: the provider's applies, and Passcode entry counts nothing down.
    expect(view.screen === 'product' && view.view).toMatchObject({ screen: 'entry', channel: 'sms', destination: '+12015550123', expiry: { status: 'unknown' } });
    expect(entered.effects.map((effect) => (effect.type === 'productEffect' ? [effect.key, effect.effect.type] : effect.type))).toEqual([
      ['product:passcodes:passcodes:webOtp', 'listenForSmsCode'],
      'recordScreen',
    ]);
    // A configured expiry is counted down, on the product's own timer.
    const timedInput = withConfig({ products: ['otp'], otpOptions: { methods: ['sms', 'email'], expirationMinutes: 2 } });
    const playTimed = widgetPlayer(timedInput);
    const timed = playTimed([{ type: 'productLoaded', module: loadedPasscodes }], playTimed(sendCode, withPhoneForm(timedInput)).state);
    const timedView = widgetView(timed.state);
    expect(timedView.screen === 'product' && timedView.view).toMatchObject({ screen: 'entry', expiry: { status: 'counting', timeLeft: '2:00' } });
    expect(timed.effects.map((effect) => (effect.type === 'productEffect' ? effect.key : effect.type))).toEqual([
      'product:passcodes:passcodes:tick',
      'product:passcodes:passcodes:webOtp',
      'recordScreen',
    ]);
  });

  it('shows Passcode entry for a sent code even while the e-mail form waits out a Retry-After, and sends none while another action is on its way', () => {
    const waiting: WidgetState = { ...withPhoneForm(), retry: { until: 30_000, now: 1_000 }, now: 1_000, emailError: { key: 'error.too_many_requests' } };
    expect(playPhone(sendCode.map((event) => [2_000, event as WidgetEvent]), waiting).effects.at(-1)).toEqual({ type: 'loadProduct', product: 'passcodes', key: 'widget:loadProduct' });
    const busy = playPhone([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }], withPhoneForm()).state;
    expect(busy.loading?.product).toBe('passcodes');
    // The form knows Main is busy: its Continue does nothing, and no code goes out.
    const pressed = playPhone([phone({ type: 'numberChanged', value: '2015550123' }), phone({ type: 'submitted' })], busy);
    expect(pressed.effects.filter((effect) => effect.type === 'slotEffect' && effect.effect.type === 'parseNumber')).toEqual([]);
    expect(mainOf(pressed.state).formSlot?.view).toMatchObject({ phone: { disabled: true } });
  });

  it("puts a failed Passcode entry's message in the phone form, not the hidden e-mail form, and clears it on the next edit", () => {
    const error = authError('network_unreachable');
    const { state } = playPhone([...sendCode, { type: 'productLoadFailed', product: 'passcodes', error }], withPhoneForm());
    expect(state.screen.kind).toBe('main');
    expect(mainOf(state)).toMatchObject({ busy: false, formSlot: { id: 'phone-form', message: { key: 'error.network_unreachable' } }, emailForm: { error: null, formError: null } });
    expect(mainOf(playPhone([phone({ type: 'numberChanged', value: '201555012' })], state).state).formSlot?.message).toBeNull();
    const emailFailed = playPhone([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }, { type: 'productLoadFailed', product: 'passcodes', error }], withPhoneForm()).state;
    expect(mainOf(emailFailed)).toMatchObject({ formSlot: { message: null }, emailForm: { error: null, formError: { key: 'error.network_unreachable' } } });
  });

  it('words an invalid address for e-mail codes when the passcodes product takes the form', () => {
    const { state, effects } = playPhone([{ type: 'emailChanged', value: 'ada@example' }, { type: 'emailSubmitted' }]);
    expect(state.emailError).toEqual({ key: 'validation.emailInvalidOtp' });
    expect(effects).toEqual([]);
    const valid = playPhone([{ type: 'emailChanged', value: 'ada@example.com' }, { type: 'emailSubmitted' }]);
    expect(valid.state.loading).toEqual({ product: 'passcodes', action: { type: 'emailSubmitted', email: 'ada@example.com' } });
  });

  it('shows the phone form only when a phone passcode method is configured', () => {
    const phoneForm = (config: WidgetConfig) => mainSlots(withConfig(config)).map((slot) => slot.id);
    expect(phoneForm({ products: ['otp'], otpOptions: { methods: ['sms'] } })).toEqual(['phone-form']);
    expect(phoneForm({ products: ['otp'], otpOptions: { methods: ['email', 'whatsapp'] } })).toEqual(['phone-form']);
    expect(phoneForm({ products: ['otp'], otpOptions: { methods: ['email'] } })).toEqual([]);
    expect(phoneForm({ products: ['passwords'], otpOptions: { methods: ['sms'] } })).toEqual([]);
    expect(phoneForm({ products: ['emailMagicLinks'] })).toEqual([]);
  });

  it("puts the 'or' divider between OAuth and a phone form even without an e-mail form", () => {
    const google = { providers: [{ type: 'google' as const }] };
    const main = (config: WidgetConfig) => mainOf(initialWidgetState(withConfig(config), { 'phone-form': phoneFormSlot, oauth: oauthSlot }));
    expect(main({ products: ['oauth', 'otp'], oauthOptions: google, otpOptions: { methods: ['sms'] } })).toMatchObject({ divider: true, formSlot: { id: 'phone-form' }, emailForm: null });
    expect(main({ products: ['otp'], otpOptions: { methods: ['sms'] } })).toMatchObject({ divider: false, formSlot: { id: 'phone-form' } });
    expect(main({ products: ['oauth'], oauthOptions: google })).toMatchObject({ divider: false, formSlot: null, emailForm: null });
    expect(main({ products: ['oauth', 'otp'], oauthOptions: google, otpOptions: { methods: ['email'] } })).toMatchObject({ divider: true, formSlot: null, emailForm: { product: 'passcodes' } });
  });

  it('gives the e-mail form to passwords before passcodes, and to passcodes only with the e-mail method', () => {
    const product = (config: WidgetConfig) => emailFormProduct(config, ALL_PRODUCTS)?.id ?? null;
    expect(product({ products: ['otp', 'passwords'], otpOptions: { methods: ['email'] } })).toBe('passwords');
    expect(product({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['email'] } })).toBe('magicLink');
    expect(product({ products: ['otp'], otpOptions: { methods: ['email'] } })).toBe('passcodes');
    expect(product({ products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'] } })).toBeNull();
    expect(product({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms'] } })).toBe('magicLink');
    expect(product({ products: ['passwords'], otpOptions: { methods: ['email'] } })).toBe('passwords');
  });
});
