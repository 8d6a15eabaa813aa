/**
 * @vestibule/core — the product's sign-in behaviour with no framework, no DOM and no vendor
 * SDK. Front ends call {@link createAuthCore} with port implementations and bind to its stores.
 */
export { createAuthCore } from './create-auth-core';
export type { AuthCore, AuthCoreHost, AuthCoreOptions, AuthCorePorts } from './create-auth-core';

export type { ReadableStore } from './state/store';
export { createStore } from './state/store';
export type { SessionState } from './state/session.store';
export type { Toast, ToastKind } from './state/toast.store';
export { TOAST_DURATION_MS, MAX_VISIBLE_TOASTS } from './state/toast.store';
export type { Flow } from './flows/flow-runner';
export type { FlowRegistry } from './state/flow-registry';

export type { LoginEvent, LoginScreen, LoginState } from './flows/login/login.types';
export { openLoginFlow } from './flows/login/open-login-flow';
export { openMagicLinkCallbackFlow } from './flows/magic-link-callback/open-magic-link-callback-flow';
export { loginView, unbuiltProducts, BUILT_PRODUCTS, type LoginView } from './flows/login/login.view';
export { LOGIN_CALLBACK_PATH } from './flows/login/login.machine';
export type { CallbackEvent, CallbackInput, CallbackState } from './flows/magic-link-callback/magic-link-callback.machine';

export * from './domain/config/widget-config';
export { authError, isAuthError, ok, fail, CLIENT_ERROR_CODES, type AuthError, type Result } from './domain/errors/auth-error';
export { errorMessage, ERROR_MESSAGE_KEYS } from './domain/errors/error-catalogue';
export type { MessageKey, MessageParams, MessageRef } from './domain/i18n/message-ref';
export { createTranslator, SUPPORTED_LOCALES, type Catalogue, type Translator } from './domain/i18n/translator';
export { en as englishMessages } from './domain/i18n/messages.en';
export { isValidEmail, validateEmail, type EmailContext } from './domain/validation/email';
export {
  safeRedirect,
  allowedSource,
  readReturnContext,
  buildReturnUrl,
  withReturnContext,
  ALLOWED_SOURCES,
  type ReturnContext,
  type Source,
} from './domain/redirects/safe-redirect';
export { mailShortcuts, type MailShortcut } from './domain/mail/mail-shortcuts';
export { SIGNED_OUT_PATH, signOut } from './use-cases/sign-out.use-case';
export { sendMagicLink } from './use-cases/send-magic-link.use-case';
export { authenticateMagicLink } from './use-cases/authenticate-magic-link.use-case';

export type * from './ports';
