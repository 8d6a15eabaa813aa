import {
  authError,
  mailShortcuts,
  oauthProviderName,
  type AuthCore,
  type MainSlotView,
  type MainView,
  type OAuthSlotView,
  type PhoneFormView,
  type MessageKey,
  type MessageRef,
  type OAuthProviderType,
  type OtpMethod,
  type PasswordFieldView,
  type ProductId,
  type ProductViewBase,
  type SafePath,
  type SessionState,
  type WidgetView,
} from '@vestibule/core';
import { sessionFor } from '@vestibule/test/fakes';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SignInCallbackView } from '../screens/sign-in-callback-screen';
import { PasswordResetView } from '../screens/password-reset-screen';
import { SignedInHomeView } from '../screens/signed-in-home';
import { LoginWidgetView } from '../widget/login-widget';

// Every screen the visitor can meet, each in a state worth checking, rendered from view-model
// fixtures (no flows, no provider round trips). The widget's screens go through the widget's own
// presentational component, as the widget renders them. The Main and widget view shapes are known
// only to `mainView` and `widget` below: when the widget's view model changes, those two change.

/** Every screen but the busy ones has a heading, shown once it and its strings have loaded. */
export const headingShown = () => void screen.getByRole('heading', { level: 1 });
const busyShown = () => void screen.getByRole('status');

export const FIXTURE_EMAIL = 'ada@example.com';
export const FIXTURE_PHONE = '+12015550123';
const ignore = () => undefined;

/** A screen to check, and how to tell it has settled (its lazily loaded parts are on screen). */
export interface ScreenFixture {
  readonly name: string;
  /** A fresh element each time: a view model is handed over once per object (the phone form's message). */
  readonly element: () => ReactElement;
  /** Throws until the screen has settled; by default, until its heading shows. */
  readonly settled?: () => void;
  /** Runs once the screen has rendered (to raise a toast, say). */
  readonly afterRender?: (core: AuthCore) => void;
  /**
   * Text on it that is not the catalogue's by design (zxcvbn's feedback, provider names): the
   * pseudo-locale check allows it, besides the fixtures' address and number.
   */
  readonly untranslated?: readonly string[];
}

// ————— Main and the widget: the one place that knows their view shapes —————

/** Main as a visitor finds it, in the terms of the configuration and what just happened. */
interface MainSetup {
  /** The product behind the e-mail form, or `null` for none (default: magic links). */
  readonly emailForm?: ProductId | null;
  readonly oauthProviders?: readonly OAuthProviderType[];
  readonly lastUsed?: OAuthProviderType;
  /** The OAuth button whose round trip is starting. */
  readonly oauthStarting?: OAuthProviderType;
  readonly socialError?: MessageRef;
  /** Passcode methods; a phone method puts the tabs and the phone form on Main. */
  readonly otpMethods?: readonly OtpMethod[];
  readonly configErrors?: readonly MessageKey[];
  /** The configuration is unusable: only its errors show. */
  readonly blocked?: boolean;
  /** A send or a product load is on its way from the e-mail form. */
  readonly sending?: boolean;
  readonly email?: string;
  readonly emailError?: MessageRef;
  /** A failed attempt (network, server, rate limit): a message for the form. */
  readonly formError?: MessageRef;
  readonly phoneError?: MessageRef;
  /** Seconds left of a `Retry-After` wait. */
  readonly retryInSeconds?: number;
  /** Other products' slots on Main (a product's fixtures build its own slot's view). */
  readonly slots?: readonly MainSlotView[];
}

/** SPEC §2's order of Main's places (passkey, social, wallets, then the form), as the router orders slots. */
const PLACE_ORDER: readonly MainSlotView['place'][] = ['passkey', 'social', 'wallets', 'form'];

const TAB_LABELS: Readonly<Record<OtpMethod, MessageKey>> = { sms: 'passcodes.tabSms', whatsapp: 'passcodes.tabWhatsapp', email: 'passcodes.tabEmail' };
const US = { code: 'US', callingCode: '1' } as const;

function mainView(setup: MainSetup = {}): MainView {
  const { emailForm = 'magicLink', oauthProviders = [], otpMethods = [], blocked = false, sending = false, retryInSeconds = null } = setup;
  const busy = sending || setup.oauthStarting !== undefined;
  const disabled = busy || retryInSeconds !== null;
  const buttons = [...oauthProviders]
    .map((provider) => ({ provider, name: oauthProviderName(provider), lastUsed: provider === setup.lastUsed, busy: provider === setup.oauthStarting }))
    .sort((a, b) => Number(b.lastUsed) - Number(a.lastUsed));
  const oauthSlot: MainSlotView[] = buttons.length === 0 ? [] : [{ id: 'oauth', place: 'social', view: { buttons, disabled } satisfies OAuthSlotView, message: setup.socialError ?? null }];
  // In SPEC §2's order of places, as the router lists them.
  const slots: MainSlotView[] = blocked ? [] : [...oauthSlot, ...(setup.slots ?? [])].sort((a, b) => PLACE_ORDER.indexOf(a.place) - PLACE_ORDER.indexOf(b.place));
  const phoneTab = otpMethods.find((method) => method !== 'email');
  const formView: PhoneFormView = {
    tabs: otpMethods.length > 1 ? otpMethods.map((method, index) => ({ method, label: TAB_LABELS[method], selected: index === 0 })) : null,
    tabsLocked: busy,
    phone:
      otpMethods[0] === 'email'
        ? null
        : { countries: [US, { code: 'FR', callingCode: '33' }], country: US, number: '', error: null, busy: false, disabled, submitLabel: { key: 'passcodes.sendCode' } },
  };
  const formSlot: MainSlotView | null = blocked || phoneTab === undefined ? null : { id: 'phone-form', place: 'form', view: formView, message: setup.phoneError ?? null };
  const submitLabel: MessageRef = sending
    ? { key: 'login.sending' }
    : retryInSeconds !== null
      ? { key: 'common.retryIn', params: { seconds: retryInSeconds } }
      : { key: 'login.continue' };
  const form: MainView['emailForm'] =
    blocked || emailForm === null ? null : { product: emailForm, value: setup.email ?? '', error: setup.emailError ?? null, formError: setup.formError ?? null, busy: sending, disabled, submitLabel };
  return {
    title: 'login.title',
    configErrors: setup.configErrors ?? [],
    blocked,
    busy,
    slots,
    divider: slots.length > 0 && (form !== null || formSlot !== null),
    formSlot,
    emailForm: form,
  };
}

/** The whole widget for a view. */
function widget(view: WidgetView): ReactElement {
  return <LoginWidgetView view={view} send={ignore} />;
}

/** The widget on Main. */
export const main = (setup: MainSetup = {}): ReactElement => widget({ screen: 'main', main: mainView(setup) });
/** The widget on a product's screen. */
export const product = <View extends ProductViewBase>(id: ProductId, view: View): ReactElement => widget({ screen: 'product', product: id, view, main: mainView() });
const success = (title: MessageKey, text: MessageKey): ReactElement => widget({ screen: 'success', title, text });

/** The phone form has settled once its chunk is on screen (with the countries it was given). */
export const phoneFormSettled = () => {
  if (screen.getAllByRole('option').length < 2) throw new Error('The phone form has not arrived yet');
};
export const tabsSettled = () => void screen.getByRole('tablist');
/** A toast has settled once its text has loaded (it waits on its own, not the screen). */
const toastSettled = () => {
  if (!document.querySelector('.vb-toast span')?.textContent) throw new Error('The toast has not shown its text yet');
};

export const MAIN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'Main, magic link only', element: () => main() },
  { name: 'Main with passwords', element: () => main({ emailForm: 'passwords', email: FIXTURE_EMAIL }) },
  { name: 'Main blocked by a configuration error', element: () => main({ blocked: true, configErrors: ['config.passkeysAlone'] }) },
  { name: 'Main with a configuration warning above the form', element: () => main({ emailForm: 'passcodes', configErrors: ['config.emlAndEmailOtp'] }) },
  { name: 'Main while sending', element: () => main({ email: FIXTURE_EMAIL, sending: true, oauthProviders: ['google'] }) },
  { name: 'Main with an invalid address', element: () => main({ email: 'ada@example', emailError: { key: 'error.invalid_email' } }) },
  {
    name: 'Main waiting out Retry-After',
    element: () => main({ email: FIXTURE_EMAIL, formError: { key: 'error.too_many_requests' }, retryInSeconds: 5, oauthProviders: ['google'] }),
  },
  { name: 'Main after a network failure', element: () => main({ email: FIXTURE_EMAIL, formError: { key: 'error.network_unreachable' } }) },
  {
    name: 'Main with a toast',
    element: () => main(),
    // A loading toast stays until dismissed; the others go after seconds, which a loaded machine can take to settle.
    afterRender: (core) => void core.host.toasts.show('loading', { key: 'login.sending' }),
    settled: toastSettled,
  },
];

// ————— Shared by several products' fixtures and the pages —————

/** Webmail shortcuts for an address at example.com. */
export const FIXTURE_MAIL_SHORTCUTS = mailShortcuts('example.com');

/** zxcvbn's own feedback is English whatever the page's language (not the catalogue's). */
const ZXCVBN_WARNING = 'This is similar to a commonly used password.';
const ZXCVBN_SUGGESTION = 'Add another word or two.';
export const ZXCVBN_FEEDBACK: readonly string[] = [ZXCVBN_WARNING, ZXCVBN_SUGGESTION];

export const ZXCVBN: PasswordFieldView = {
  value: 'correct horse',
  meter: { policy: 'zxcvbn', score: 2, filledSegments: 2, tone: 'weak', warning: ZXCVBN_WARNING, suggestions: [ZXCVBN_SUGGESTION], luds: null, breached: false, estimatedValue: null },
  checking: false,
  checkError: null,
  checkRetryInSeconds: null,
  canRetryCheck: false,
  acceptable: false,
};
export const LUDS: PasswordFieldView = {
  ...ZXCVBN,
  value: 'hunter2',
  meter: { ...ZXCVBN.meter!, warning: null, suggestions: [], policy: 'luds', luds: { minimumCount: 8, lengthMet: false, complexity: 3, complexityMet: true } },
};
export const EMPTY_PASSWORD: PasswordFieldView = { value: '', meter: null, checking: false, checkError: null, checkRetryInSeconds: null, canRetryCheck: false, acceptable: false };
export const BREACHED: PasswordFieldView = { ...ZXCVBN, meter: { ...ZXCVBN.meter!, breached: true } };

/** The widget's own screens besides Main. */
export const WIDGET_FIXTURES: readonly ScreenFixture[] = [{ name: 'Success after a magic link', element: () => success('success.title', 'success.loggedIn') }];

// Each product's screens (and its slots on Main) are checked from its own fixtures,
// `ui/src/widget/products/<name>/<name>.fixtures.tsx`, found by ./product-fixtures.ts.

// ————— The pages outside the widget —————

const LOGIN = '/login' as SafePath;
const callback = (view: Parameters<typeof SignInCallbackView>[0]['view']): ReactElement => <SignInCallbackView view={view} send={ignore} loginHref={LOGIN} onBackToLogin={ignore} />;
const home = (session: SessionState, leaving = false): ReactElement => <SignedInHomeView session={session} leaving={leaving} onLogOut={ignore} onRetry={ignore} />;
const signedIn = (): SessionState => ({ status: 'authenticated', ...sessionFor(FIXTURE_EMAIL) });
const unavailable = (retryInSeconds: number | null): SessionState => ({ status: 'unavailable', error: authError('server_error'), retryInSeconds });
const reset = (view: Parameters<typeof PasswordResetView>[0]['view']): ReactElement => <PasswordResetView view={view} send={ignore} />;
const RESET_FORM = { screen: 'form', password: EMPTY_PASSWORD, submitting: false, canSubmit: false, error: null, retryInSeconds: null } as const;

export const PAGE_FIXTURES: readonly ScreenFixture[] = [
  { name: "The callback, 'Logging in...'", element: () => callback({ screen: 'busy' }), settled: busyShown },
  { name: 'The callback after a network failure, with Try again', element: () => callback({ screen: 'failed', message: { key: 'error.network_unreachable' }, retry: { inSeconds: null } }) },
  { name: 'The callback waiting out Retry-After', element: () => callback({ screen: 'failed', message: { key: 'error.too_many_requests' }, retry: { inSeconds: 3 } }) },
  { name: 'The callback for a used link', element: () => callback({ screen: 'failed', message: { key: 'error.unable_to_auth_magic_link' }, retry: null }) },
  { name: 'The reset page, an empty form', element: () => reset(RESET_FORM) },
  { name: 'The reset page with the LUDS checks', element: () => reset({ ...RESET_FORM, password: LUDS }) },
  { name: 'The reset page with the zxcvbn meter, submitting', element: () => reset({ ...RESET_FORM, password: { ...ZXCVBN, acceptable: true }, submitting: true }) },
  { name: 'The reset page, a breached password and an error', element: () => reset({ ...RESET_FORM, password: BREACHED, error: { key: 'error.breached_password' } }) },
  { name: 'The reset page waiting out Retry-After', element: () => reset({ ...RESET_FORM, password: LUDS, error: { key: 'error.too_many_requests' }, retryInSeconds: 5 }) },
  { name: 'The reset page without a token', element: () => reset({ screen: 'missingToken', message: { key: 'error.missing_token' } }) },
  { name: 'The reset page after the reset', element: () => reset({ screen: 'succeeded' }) },
  { name: 'Home while the session is checked', element: () => home({ status: 'unknown' }), settled: busyShown },
  { name: 'Home when the session cannot be checked', element: () => home(unavailable(null)) },
  { name: 'Home waiting out Retry-After', element: () => home(unavailable(2)) },
  { name: 'Home, signed in', element: () => home(signedIn()) },
  { name: 'Home, logging out', element: () => home(signedIn(), true) },
];

