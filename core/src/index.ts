/**
 * @vestibule/core — the product's sign-in behaviour with no framework, no DOM and no vendor
 * SDK. Front ends call {@link createAuthCore} with port implementations and bind to its stores.
 */
export { createAuthCore } from './create-auth-core';
export type { AuthCore, AuthCoreEvent, AuthCoreHost, AuthCoreOptions, AuthCorePorts } from './create-auth-core';

export type { ReadableStore } from './state/store';
export { createStore, type StateStream } from './state/store';
export { observe } from './state/observe';
export { stream, NO_EVENTS, type Stream, type StreamSubscriber, type Observer } from './flows/stream';
export type { Scheduler, Unsubscribable } from './ports/scheduler.port';
export type { SessionState, SessionStore } from './state/session.store';
export type { Toast, ToastKind } from './state/toast.store';
export { TOAST_DURATION_MS, MAX_VISIBLE_TOASTS } from './state/toast-queue';
export type { Flow, FlowRuntime, Transition, TransitionContext } from './flows/flow-runner';
export { FLOW_RELEASE_DELAY_MS } from './flows/flow-runner';
export type { FlowRegistry } from './state/flow-registry';
export { DEFAULT_CALL_TIMEOUT_MS } from './flows/provider-call';

// The login widget: a router with one lazily loaded module per product.
export { openLoginWidget, type OpenLoginWidgetOptions } from './widget/open-login-widget';
export { widgetView, type WidgetView, type MainView, type MainSlotView } from './widget/widget.view';
export type { WidgetEvent, WidgetState, WidgetInput, ProductId, ProductViewBase } from './widget/widget.types';
export type { SlotId, SlotPlace, SlotAudience, AnyMainSlot } from './widget/main-slot.types';
export { loadMainSlots, mainSlots } from './widget/product-catalogue';
export { COMPLETION_DELAY_MS } from './domain/redirects/completion';
export { BUILT_PRODUCTS, unbuiltProducts } from './widget/built-products';
export { buildReturnUrl } from './domain/redirects/return-url';
export type { MagicLinkEvent, MagicLinkView } from './widget/products/magic-link/magic-link.types';
export { LOGIN_CALLBACK_PATH, PASSWORD_RESET_PATH, WEB_CALLBACK_PATH, webCallbackPath } from './domain/redirects/return-urls';
export type { PasswordsEvent, PasswordsView, PasswordlessMethod, ResetReason } from './widget/products/passwords/passwords.types';
export type { PasscodesEvent, PasscodesView, ResendStatus } from './widget/products/passcodes/passcodes.types';
export { PASSCODE_LENGTH, DEFAULT_PASSCODE_EXPIRATION_MINUTES, passcodeDigits } from './domain/passcodes/passcode-request';
export type { PasswordFieldEvent } from './flows/password-field/password-field.machine';
export type { PasswordFieldView, StrengthMeterView } from './flows/password-field/password-field.view';
export { STRENGTH_CHECK_DEBOUNCE_MS } from './flows/password-field/password-field.machine';
export { ludsShortfall, type LudsRule, type LudsShortfall } from './domain/passwords/luds';
// new:flow: product view types

export { openPasswordResetFlow } from './flows/password-reset/open-password-reset-flow';
export { passwordResetView, type PasswordResetEvent, type PasswordResetState, type PasswordResetView } from './flows/password-reset/password-reset.machine';
export {
  DEFAULT_COUNTRY,
  FORMAT_TIMEOUT_MS,
  PARSE_TIMEOUT_MS,
  passcodeTabs,
  type PhoneChannel,
  type PhoneCodeSent,
  type PhoneFormEvent,
  type PhoneFormState,
} from './widget/products/passcodes/phone-form.machine';
export type { PhoneFormView } from './widget/products/passcodes/phone-form.view';
export {
  ONE_TAP_DEVELOPER_MESSAGES,
  ONE_TAP_PENDING_TIMEOUT_MS,
  type OneTapEvent,
  type OneTapFailure,
  type OneTapInput,
  type OneTapState,
  type OneTapView,
} from './widget/products/oauth/one-tap.machine';
export { ONE_TAP_PARENT_ID, type OneTapSlotView } from './widget/products/oauth/one-tap.slot';
export type { OAuthSlotEvent, OAuthSlotView, OAuthSelection } from './widget/products/oauth/oauth.slot';
export { oauthStartRequest, OAUTH_LEAVE_TIMEOUT_MS } from './widget/products/oauth/oauth.machine';
export {
  LAST_USED_OAUTH_STORAGE_KEY,
  oauthProviderName,
  configuredOAuthProviders,
  orderOAuthButtons,
  parseLastUsedOAuth,
  type OAuthButton,
} from './domain/oauth/oauth-buttons';
export { openSignInCallbackFlow, openWebCallbackFlow } from './flows/sign-in-callback/open-sign-in-callback-flow';
export { PENDING_LINK_STORAGE_KEY } from './flows/sign-in-callback/sign-in-callback.effects';
export { signInCallbackView } from './flows/sign-in-callback/sign-in-callback.view';
export type {
  SignInCallbackCredential,
  SignInCallbackEvent,
  SignInCallbackInput,
  SignInCallbackState,
  SignInCallbackView,
} from './flows/sign-in-callback/sign-in-callback.types';
export { SESSION_HANDOFF_STORAGE_KEY } from './domain/session/session-handoff';

export * from './domain/config/widget-config';
export { OAUTH_PROVIDERS, OTP_METHODS, PRODUCTS } from './domain/config/config-choices';
export {
  authError,
  isAuthError,
  ok,
  fail,
  CLIENT_ERROR_CODES,
  type AuthError,
  type AuthErrorCode,
  type AuthErrorCategory,
  type Result,
} from './domain/errors/auth-error';
export { errorMessage, errorMessageKey } from './domain/errors/error-catalogue';
export { errorCategory } from './domain/errors/error-category';
export { providerError, PROVIDER_ERROR_CODES, CATALOGUED_PROVIDER_ERROR_TYPES, type ProviderErrorCode } from './domain/errors/provider-error';
export type { MessageKey, MessageParams, MessageRef } from './domain/i18n/message-ref';
export {
  createTranslations,
  createTranslator,
  type Translations,
  type TranslationsOptions,
  type Translator,
} from './domain/i18n/translator';
export { NAMESPACES, namespaceOf, type NamespaceId, type NamespaceMessages, type MessageOverrides, type MessageText, type PluralMessage } from './domain/i18n/namespaces';
export { loadBundledNamespace, type NamespaceLoader } from './domain/i18n/catalogue-sources';
export { BASE_LOCALE, BUNDLED_LOCALES, PSEUDO_LOCALE, canonicalLocale, localeChain, resolveLocale, supportedLocale } from './domain/i18n/locale';
export { pseudoLocalize } from './domain/i18n/pseudo';
export { isValidEmail, validateEmail, type EmailContext } from './domain/validation/email';
export {
  safeRedirect,
  appPath,
  destinationOf,
  HOME_PATH,
  allowedSource,
  readReturnContext,
  withReturnContext,
  ALLOWED_SOURCES,
  type ReturnContext,
  type SafePath,
  type Source,
} from './domain/redirects/safe-redirect';
// For adapters only (lint): a URL a provider returned, for `NavigationPort.leave`.
export { toProviderUrl, MAX_PROVIDER_URL_LENGTH, type ProviderUrl } from './domain/redirects/provider-url';
export { mailShortcuts, type MailShortcut } from './domain/mail/mail-shortcuts';
export { SIGNED_OUT_PATH, signOut } from './use-cases/sign-out.use-case';
export { sendMagicLink } from './use-cases/send-magic-link.use-case';
export { authenticateMagicLink } from './use-cases/authenticate-magic-link.use-case';

export type * from './ports';
