import {
  authError,
  mailShortcuts,
  oauthProviderName,
  type AuthCore,
  type MagicLinkView,
  type MainSlotView,
  type MainView,
  type OAuthSlotView,
  type PhoneFormView,
  type MessageKey,
  type MessageRef,
  type OAuthProviderType,
  type OtpMethod,
  type PasscodesView,
  type PasswordFieldView,
  type PasswordsView,
  type ProductId,
  type ProductViewBase,
  type ResetReason,
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

const FIXTURE_EMAIL = 'ada@example.com';
const FIXTURE_PHONE = '+12015550123';
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
  readonly phoneError?: MessageRef;
  /** Seconds left of a `Retry-After` wait. */
  readonly retryInSeconds?: number;
}

const TAB_LABELS: Readonly<Record<OtpMethod, MessageKey>> = { sms: 'passcodes.tabSms', whatsapp: 'passcodes.tabWhatsapp', email: 'passcodes.tabEmail' };
const US = { code: 'US', callingCode: '1' } as const;

function mainView(setup: MainSetup = {}): MainView {
  const { emailForm = 'magicLink', oauthProviders = [], otpMethods = [], blocked = false, sending = false, retryInSeconds = null } = setup;
  const busy = sending || setup.oauthStarting !== undefined;
  const disabled = busy || retryInSeconds !== null;
  const buttons = [...oauthProviders]
    .map((provider) => ({ provider, name: oauthProviderName(provider), lastUsed: provider === setup.lastUsed, busy: provider === setup.oauthStarting }))
    .sort((a, b) => Number(b.lastUsed) - Number(a.lastUsed));
  const slots: MainSlotView[] = blocked || buttons.length === 0 ? [] : [{ id: 'oauth', place: 'social', view: { buttons, disabled } satisfies OAuthSlotView, message: setup.socialError ?? null }];
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
    blocked || emailForm === null ? null : { product: emailForm, value: setup.email ?? '', error: setup.emailError ?? null, busy: sending, disabled, submitLabel };
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

const main = (setup: MainSetup = {}): ReactElement => widget({ screen: 'main', main: mainView(setup) });
const product = <View extends ProductViewBase>(id: ProductId, view: View): ReactElement => widget({ screen: 'product', product: id, view, main: mainView() });
const success = (title: MessageKey, text: MessageKey): ReactElement => widget({ screen: 'success', title, text });

/** The phone form has settled once its chunk is on screen (with the countries it was given). */
const phoneFormSettled = () => {
  if (screen.getAllByRole('option').length < 2) throw new Error('The phone form has not arrived yet');
};
const tabsSettled = () => void screen.getByRole('tablist');
/** A toast has settled once its text has loaded (it waits on its own, not the screen). */
const toastSettled = () => {
  if (!document.querySelector('.vb-toast span')?.textContent) throw new Error('The toast has not shown its text yet');
};

const MAIN_FIXTURES: readonly ScreenFixture[] = [
  { name: 'Main, magic link only', element: () => main() },
  { name: 'Main with passwords', element: () => main({ emailForm: 'passwords', email: FIXTURE_EMAIL }) },
  { name: "Main with OAuth buttons, the one used last first with 'Last used'", element: () => main({ oauthProviders: ['github', 'microsoft', 'apple', 'google'], lastUsed: 'google' }) },
  { name: 'Main with an OAuth round trip starting (its button busy, the rest disabled)', element: () => main({ oauthProviders: ['google', 'github'], oauthStarting: 'google' }) },
  {
    name: "Main with 'not completed' under the OAuth buttons",
    element: () => main({ oauthProviders: ['google'], lastUsed: 'google', socialError: { key: 'error.oauthNotCompleted', params: { provider: 'Google' } } }),
  },
  { name: 'Main with OAuth only (no e-mail form, no divider)', element: () => main({ emailForm: null, oauthProviders: ['google', 'apple'] }) },
  { name: 'Main with the passcode tabs and the phone form', element: () => main({ emailForm: 'passcodes', otpMethods: ['sms', 'whatsapp', 'email'] }), settled: phoneFormSettled },
  { name: "Main with the passcode tabs on 'Email'", element: () => main({ emailForm: 'passcodes', otpMethods: ['email', 'sms'] }), settled: tabsSettled },
  {
    name: "Main with the passcode tabs while the e-mail form sends (the other tabs disabled)",
    element: () => main({ emailForm: 'passcodes', otpMethods: ['email', 'sms'], email: FIXTURE_EMAIL, sending: true }),
    settled: tabsSettled,
  },
  { name: 'Main with one phone method (no tabs)', element: () => main({ emailForm: null, otpMethods: ['whatsapp'] }), settled: phoneFormSettled },
  {
    name: 'Main with an error under the phone number',
    element: () => main({ emailForm: 'passcodes', otpMethods: ['sms', 'email'], phoneError: { key: 'error.invalid_phone_number' } }),
    settled: () => {
      phoneFormSettled();
      screen.getByRole('alert');
    },
  },
  {
    name: 'Main with OAuth and the passcode tabs',
    element: () => main({ emailForm: 'passcodes', oauthProviders: ['google'], otpMethods: ['sms', 'email'] }),
    settled: phoneFormSettled,
  },
  { name: 'Main blocked by a configuration error', element: () => main({ blocked: true, configErrors: ['config.passkeysAlone'] }) },
  { name: 'Main with a configuration warning above the form', element: () => main({ emailForm: 'passcodes', configErrors: ['config.emlAndEmailOtp'] }) },
  { name: 'Main while sending', element: () => main({ email: FIXTURE_EMAIL, sending: true, oauthProviders: ['google'] }) },
  { name: 'Main with an invalid address', element: () => main({ email: 'ada@example', emailError: { key: 'error.invalid_email' } }) },
  {
    name: 'Main waiting out Retry-After',
    element: () => main({ email: FIXTURE_EMAIL, emailError: { key: 'error.too_many_requests' }, retryInSeconds: 5, oauthProviders: ['google'] }),
  },
  {
    name: 'Main with a toast',
    element: () => main(),
    // A loading toast stays until dismissed; the others go after seconds, which a loaded machine can take to settle.
    afterRender: (core) => void core.host.toasts.show('loading', { key: 'login.sending' }),
    settled: toastSettled,
  },
];

// ————— The products' screens —————

const SHORTCUTS = mailShortcuts('example.com');

const magicLink = (view: Partial<MagicLinkView> = {}): ReactElement =>
  product('magicLink', { screen: 'confirmation', email: FIXTURE_EMAIL, mailShortcuts: SHORTCUTS, resending: false, error: null, retryInSeconds: null, returnLabel: null, ...view } satisfies MagicLinkView);

const ZXCVBN: PasswordFieldView = {
  value: 'correct horse',
  meter: { policy: 'zxcvbn', score: 2, filledSegments: 2, tone: 'weak', warning: 'This is similar to a commonly used password.', suggestions: ['Add another word or two.'], luds: null, breached: false, estimatedValue: null },
  checking: false,
  checkError: null,
  acceptable: false,
};
const LUDS: PasswordFieldView = {
  ...ZXCVBN,
  value: 'hunter2',
  meter: { ...ZXCVBN.meter!, warning: null, suggestions: [], policy: 'luds', luds: { minimumCount: 8, lengthMet: false, complexity: 3, complexityMet: true } },
};
const EMPTY_PASSWORD: PasswordFieldView = { value: '', meter: null, checking: false, checkError: null, acceptable: false };
const BREACHED: PasswordFieldView = { ...ZXCVBN, meter: { ...ZXCVBN.meter!, breached: true } };

type PasswordFormView = Extract<PasswordsView, { readonly screen: 'create' | 'login' }>;
const passwordForm = (screenName: 'create' | 'login', view: Partial<Omit<PasswordFormView, 'screen'>> = {}): ReactElement =>
  product('passwords', { screen: screenName, email: FIXTURE_EMAIL, password: EMPTY_PASSWORD, submitting: false, resetting: false, canSubmit: false, error: null, retryInSeconds: null, passwordless: 'link', ...view } as PasswordFormView);

type ResetSentView = Extract<PasswordsView, { readonly screen: 'resetSent' }>;
const resetSent = (reason: ResetReason, view: Partial<ResetSentView> = {}): ReactElement =>
  product('passwords', { screen: 'resetSent', reason, email: FIXTURE_EMAIL, mailShortcuts: SHORTCUTS, resending: false, error: null, retryInSeconds: null, passwordless: 'link', ...view } satisfies ResetSentView);

type EntryView = Extract<PasscodesView, { readonly screen: 'entry' }>;
const passcodeEntry = (view: Partial<EntryView> = {}): ReactElement =>
  product('passcodes', {
    screen: 'entry',
    channel: 'sms',
    destination: FIXTURE_PHONE,
    code: '',
    verifying: false,
    inputDisabled: false,
    error: null,
    expiresIn: '2:00',
    resend: 'initial',
    canResend: false,
    retryInSeconds: null,
    backArrow: true,
    ...view,
  } satisfies EntryView);

const PRODUCT_FIXTURES: readonly ScreenFixture[] = [
  { name: 'E-mail confirmation with webmail shortcuts', element: () => magicLink() },
  { name: 'E-mail confirmation, resending', element: () => magicLink({ resending: true, mailShortcuts: [] }) },
  { name: 'E-mail confirmation with an error and the Retry-After countdown', element: () => magicLink({ error: { key: 'error.too_many_requests' }, retryInSeconds: 4 }) },
  { name: 'Password creation with the chooser and the zxcvbn meter', element: () => passwordForm('create', { password: ZXCVBN }) },
  { name: 'Password creation without a passwordless choice, the LUDS checks, checking', element: () => passwordForm('create', { passwordless: null, password: { ...LUDS, checking: true } }) },
  { name: 'Password creation, a breached password', element: () => passwordForm('create', { password: BREACHED, error: { key: 'error.breached_password' } }) },
  { name: 'Password creation, the strength check failed', element: () => passwordForm('create', { password: { ...ZXCVBN, checkError: { key: 'error.network_unreachable' } } }) },
  { name: 'Password login', element: () => passwordForm('login', { password: { ...EMPTY_PASSWORD, value: 'hunter2' }, canSubmit: true }) },
  { name: 'Password login, submitting', element: () => passwordForm('login', { password: { ...EMPTY_PASSWORD, value: 'hunter2' }, submitting: true }) },
  { name: 'Password login with wrong credentials', element: () => passwordForm('login', { password: { ...EMPTY_PASSWORD, value: 'hunter2' }, error: { key: 'error.unauthorized_credentials' } }) },
  { name: 'Password login waiting out Retry-After, sending the reset e-mail', element: () => passwordForm('login', { passwordless: 'code', resetting: true, error: { key: 'error.too_many_requests' }, retryInSeconds: 3 }) },
  { name: "Passwordless choice: the link went out, with 'Create a password instead'", element: () => magicLink({ returnLabel: 'password.createInstead' }) },
  {
    name: 'Passwordless choice with an error and the countdown',
    element: () => magicLink({ returnLabel: 'password.createInstead', mailShortcuts: [], error: { key: 'error.too_many_requests' }, retryInSeconds: 3 }),
  },
  ...(['forgot', 'breached', 'setNew', 'dedupe'] as const).map((reason): ScreenFixture => ({ name: `Reset e-mail sent (${reason})`, element: () => resetSent(reason) })),
  { name: 'Reset e-mail sent (forgot) without a passwordless way, resending', element: () => resetSent('forgot', { passwordless: null, resending: true }) },
  { name: 'Reset e-mail sent (breached) with an error and the countdown', element: () => resetSent('breached', { error: { key: 'error.too_many_requests' }, retryInSeconds: 2 }) },
  { name: 'Passcode entry by text, counting down', element: () => passcodeEntry() },
  { name: 'Passcode entry by WhatsApp, verifying', element: () => passcodeEntry({ channel: 'whatsapp', code: '123456', verifying: true, inputDisabled: true }) },
  { name: 'Passcode entry by e-mail, a wrong code', element: () => passcodeEntry({ channel: 'email', destination: FIXTURE_EMAIL, code: '123457', error: { key: 'error.otp_code_not_found' }, canResend: true }) },
  { name: 'Passcode entry, expired, waiting out Retry-After', element: () => passcodeEntry({ expiresIn: null, error: { key: 'error.too_many_requests' }, retryInSeconds: 4, inputDisabled: true, resend: 'waiting' }) },
  { name: 'Passcode entry, resending', element: () => passcodeEntry({ resend: 'sending' }) },
  { name: "Passcode entry, 'Code sent'", element: () => passcodeEntry({ resend: 'sent' }) },
  { name: 'Passcode entry without the back arrow', element: () => passcodeEntry({ backArrow: false, canResend: true }) },
  { name: 'Success after a magic link', element: () => success('success.title', 'success.loggedIn') },
];

// ————— The pages outside the widget —————

const LOGIN = '/login' as SafePath;
const callback = (view: Parameters<typeof SignInCallbackView>[0]['view']): ReactElement => <SignInCallbackView view={view} send={ignore} loginHref={LOGIN} onBackToLogin={ignore} />;
const home = (session: SessionState, leaving = false): ReactElement => <SignedInHomeView session={session} leaving={leaving} onLogOut={ignore} onRetry={ignore} />;
const signedIn = (): SessionState => ({ status: 'authenticated', ...sessionFor(FIXTURE_EMAIL) });
const unavailable = (retryInSeconds: number | null): SessionState => ({ status: 'unavailable', error: authError('server_error'), retryInSeconds });
const reset = (view: Parameters<typeof PasswordResetView>[0]['view']): ReactElement => <PasswordResetView view={view} send={ignore} />;
const RESET_FORM = { status: 'form', password: EMPTY_PASSWORD, submitting: false, canSubmit: false, error: null, retryInSeconds: null } as const;

const PAGE_FIXTURES: readonly ScreenFixture[] = [
  { name: "The callback, 'Logging in...'", element: () => callback({ screen: 'busy' }), settled: busyShown },
  { name: 'The callback after a network failure, with Try again', element: () => callback({ screen: 'failed', message: { key: 'error.network_unreachable' }, retry: { inSeconds: null } }) },
  { name: 'The callback waiting out Retry-After', element: () => callback({ screen: 'failed', message: { key: 'error.too_many_requests' }, retry: { inSeconds: 3 } }) },
  { name: 'The callback for a used link', element: () => callback({ screen: 'failed', message: { key: 'error.unable_to_auth_magic_link' }, retry: null }) },
  { name: 'The reset page, an empty form', element: () => reset(RESET_FORM) },
  { name: 'The reset page with the LUDS checks', element: () => reset({ ...RESET_FORM, password: LUDS }) },
  { name: 'The reset page with the zxcvbn meter, submitting', element: () => reset({ ...RESET_FORM, password: { ...ZXCVBN, acceptable: true }, submitting: true }) },
  { name: 'The reset page, a breached password and an error', element: () => reset({ ...RESET_FORM, password: BREACHED, error: { key: 'error.breached_password' } }) },
  { name: 'The reset page waiting out Retry-After', element: () => reset({ ...RESET_FORM, password: LUDS, error: { key: 'error.too_many_requests' }, retryInSeconds: 5 }) },
  { name: 'The reset page without a token', element: () => reset({ status: 'missingToken', message: { key: 'error.missing_token' } }) },
  { name: 'The reset page after the reset', element: () => reset({ status: 'succeeded' }) },
  { name: 'Home while the session is checked', element: () => home({ status: 'unknown' }), settled: busyShown },
  { name: 'Home when the session cannot be checked', element: () => home(unavailable(null)) },
  { name: 'Home waiting out Retry-After', element: () => home(unavailable(2)) },
  { name: 'Home, signed in', element: () => home(signedIn()) },
  { name: 'Home, logging out', element: () => home(signedIn(), true) },
];

export const ALL_SCREEN_FIXTURES: readonly ScreenFixture[] = [...MAIN_FIXTURES, ...PRODUCT_FIXTURES, ...PAGE_FIXTURES];
