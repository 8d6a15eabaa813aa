/**
 * @vestibule/core — the product's sign-in behaviour with no framework, no DOM and no vendor
 * SDK. Front ends call {@link createAuthCore} with port implementations and bind to its stores.
 */
export { createAuthCore } from './create-auth-core';
export type { AuthCore, AuthCoreOptions, AuthCorePorts } from './create-auth-core';
/** @public The ports by name, as a front end's `prefetchPorts` receives them. */
export type { PortName } from './create-auth-core';
/** @public What the integrator's `onEvent` callback receives. */
export type { AuthCoreEvent } from './create-auth-core';
/** @public The event bus (`core.events`) and what each event carries besides itself. */
export type { EventBus, EventMeta } from './state/event-bus';
/** SPEC §9: the provider's log is sent in batches of 15, or 800 ms after the first queued event. */
export { PROVIDER_LOG_BATCH_SIZE, PROVIDER_LOG_FLUSH_MS } from './state/event-bus';

export type { ReadableStore } from './state/store';
/**
 * @public The store and stream family, for front ends that bind without React: their own stores
 * (`createStore`), rxjs operators over any store (`observe`), streams without rxjs (`stream`).
 */
export { createStore, type StateStream } from './state/store';
/** @public See {@link createStore}'s family above. */
export { observe } from './state/observe';
/** @public See {@link createStore}'s family above. */
export { stream, type Stream, type StreamSubscriber, type Observer } from './flows/stream';
export type { Scheduler } from './ports/scheduler.port';
/** @public See {@link createStore}'s family above. */
export type { Unsubscribable } from './ports/scheduler.port';
export type { SessionState } from './state/session.store';
export type { Toast } from './state/toast.store';
export type { Flow } from './flows/flow-runner';
export { DEFAULT_CALL_TIMEOUT_MS } from './flows/provider-call';

// The login widget: a router with one lazily loaded module per product.
export { openLoginWidget } from './widget/open-login-widget';
export { widgetView, type WidgetView, type MainView, type MainSlotView } from './widget/widget.view';
export type { WidgetEvent, ProductId, ProductViewBase } from './widget/widget.types';
export type { SlotId, SlotAudience, AnyMainSlot } from './widget/main-slot.types';
export { emailFormProducts, loadMainSlots, mainSlots, type ProductMainBlock } from './widget/product-catalogue';
export { preloadEmailForm } from './widget/preload-email-form';
/** @public Every product this build has, for a page configured at run time; a page that knows its products passes only theirs. */
export { ALL_PRODUCTS } from './widget/all-products';
export { magicLinkMainBlock } from './widget/products/magic-link/magic-link.main-block';
export { passwordsMainBlock } from './widget/products/passwords/passwords.main-block';
export { oauthMainBlock } from './widget/products/oauth/oauth.main-block';
/** @public For a page that offers passcodes (the product's own /login does not). */
export { passcodesMainBlock } from './widget/products/passcodes/passcodes.main-block';
export { unbuiltProducts } from './widget/built-products';
export type { MagicLinkEvent, MagicLinkView } from './widget/products/magic-link/magic-link.types';
/**
 * @public The pages the core sends visitors back to (the return URLs it hands the provider): a
 * front end mounts its callback and reset pages there, and the provider's dashboard lists them.
 */
export { LOGIN_CALLBACK_PATH, PASSWORD_RESET_PATH, WEB_CALLBACK_PATH } from './domain/redirects/return-urls';
export type { PasswordsEvent, PasswordsView, ResetReason } from './widget/products/passwords/passwords.types';
export type { PasscodesEvent, PasscodesView } from './widget/products/passcodes/passcodes.types';
export { PASSCODE_LENGTH } from './domain/passcodes/passcode-request';
export type { PasswordFieldEvent } from './flows/password-field/password-field.machine';
export type { PasswordFieldView, StrengthMeterView } from './flows/password-field/password-field.view';
export type { PasskeysSlotEvent, PasskeysSlotView } from './widget/products/passkeys/passkeys.slot';
export type { WalletsEvent, WalletsView } from './widget/products/wallets/wallets.types';
export type { WalletsSlotEvent, WalletsSlotView } from './widget/products/wallets/wallets.slot';
export type { WalletOptionId } from './widget/products/wallets/wallet-options';
// new:flow: product view types

export { openPasswordResetFlow } from './flows/password-reset/open-password-reset-flow';
export { passwordResetView } from './flows/password-reset/password-reset.view';
export type { PasswordResetEvent, PasswordResetView } from './flows/password-reset/password-reset.types';
export { openPasskeyRegistrationFlow } from './flows/passkey-registration/open-passkey-registration-flow';
export { passkeyRegistrationView } from './flows/passkey-registration/passkey-registration.view';
export { openIdentityProviderFlow } from './flows/identity-provider/open-identity-provider-flow';
export { identityProviderView } from './flows/identity-provider/identity-provider.view';
export type { IdentityProviderEvent, IdentityProviderInput, IdentityProviderView } from './flows/identity-provider/identity-provider.types';
export { parseIdpRequest } from './domain/identity-provider/idp-request';
export type { ConsentScope } from './domain/identity-provider/consent-scopes';
export type { PasskeyListView, PasskeyRegistrationEvent, PasskeyRegistrationView, PasskeyRowView } from './flows/passkey-registration/passkey-registration.types';
export type { PhoneFormEvent } from './widget/products/passcodes/phone-form.machine';
export type { PhoneFormView } from './widget/products/passcodes/phone-form.view';
export type { OneTapEvent } from './widget/products/oauth/one-tap.machine';
export { ONE_TAP_PARENT_ID, type OneTapSlotView } from './widget/products/oauth/one-tap.slot';
export type { OAuthSlotEvent, OAuthSlotView } from './widget/products/oauth/oauth.slot';
export { LAST_USED_OAUTH_STORAGE_KEY, oauthProviderName } from './domain/oauth/oauth-buttons';
export { shortWalletAddress } from './domain/wallets/short-wallet-address';
export { openSignInCallbackFlow, openWebCallbackFlow } from './flows/sign-in-callback/open-sign-in-callback-flow';
export { PENDING_LINK_STORAGE_KEY } from './flows/sign-in-callback/sign-in-callback.effects';
export { signInCallbackView } from './flows/sign-in-callback/sign-in-callback.view';
export type { SignInCallbackEvent, SignInCallbackInput, SignInCallbackView } from './flows/sign-in-callback/sign-in-callback.types';

export * from './domain/config/widget-config';
export { OAUTH_PROVIDERS, OTP_METHODS, PRODUCTS } from './domain/config/config-choices';
export { authError, ok, fail, type AuthError, type Result } from './domain/errors/auth-error';
export { CLIENT_ERROR_CODES } from './domain/errors/client-error-codes';
/**
 * @public What an integrator checks an error by (`onError`, a failed `Result`): its code and
 * category, and whether a value from another bundle is an `AuthError` at all.
 */
export { isAuthError, type AuthErrorCode, type AuthErrorCategory } from './domain/errors/auth-error';
export { errorMessage } from './domain/errors/error-catalogue';
export { errorCategory } from './domain/errors/error-category';
export { providerError } from './domain/errors/provider-error';
export type { MessageKey, MessageRef } from './domain/i18n/message-ref';
export type { Translator } from './domain/i18n/translator';
export { namespaceOf, type NamespaceId } from './domain/i18n/namespaces';
/** @public The integrator's own wording (`messages`, `messagesByLocale` of {@link createAuthCore}'s options). */
export type { MessageOverrides } from './domain/i18n/namespaces';
/** @public An integrator's own catalogue source (the `messageLoader` option). */
export type { NamespaceLoader } from './domain/i18n/catalogue-sources';
export { BASE_LOCALE, BUNDLED_LOCALES, catalogueLocale, PSEUDO_LOCALE, supportedLocale } from './domain/i18n/locale';
export { destinationOf, safeRedirect, type ReturnContext, type SafePath } from './domain/redirects/safe-redirect';
export { revealBidiControls } from './domain/text/bidi-controls';
/**
 * @public A copy of any payload without session tokens or JWTs (`session_token`, `session_jwt`:
 * keys at any depth, and parameters in URLs or text inside strings), for an integrator's own
 * telemetry; the core's event bus applies it before anything leaves (issue 20).
 */
export { scrubTokens } from './domain/telemetry/scrub-tokens';
export { appPath, withReturnContext } from './domain/redirects/app-paths';
// For adapters only (lint): a URL a provider returned, for `NavigationPort.leave`.
export { toProviderUrl, type ProviderUrl } from './domain/redirects/provider-url';
export { mailShortcuts, type MailShortcut } from './domain/mail/mail-shortcuts';
export { SIGNED_OUT_PATH, signOut } from './use-cases/sign-out.use-case';
/** @public Use cases an integrator's own form calls without the widget, as {@link signOut} is. */
export { sendMagicLink } from './use-cases/send-magic-link.use-case';
/** @public See {@link sendMagicLink}. */
export { authenticateMagicLink } from './use-cases/authenticate-magic-link.use-case';
/**
 * @public The role policy as a query for any front end (SPEC §6): "may this user do action A on
 * resource R?", following role changes and the policy's arrival; `createPermissions(core.host)`.
 */
export { createPermissions, type Permissions, type PermissionsHost, type PermissionsState } from './use-cases/permissions.use-case';
/** @public The evaluation behind {@link createPermissions}, for a policy and roles a caller already holds. */
export { isAuthorized } from './domain/rbac/rbac-policy';

export type * from './ports';
