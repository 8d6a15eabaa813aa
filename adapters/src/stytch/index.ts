export { createStytchAdapters, loadStytchSdk, type StytchAdapters } from './create-stytch-adapters';
// One adapter per port over one shared client, for front ends that load each product's adapters apart.
export { createStytchRuntime, type StytchAdaptersOptions, type StytchRuntime } from './stytch-client';
export { StytchConfigurationError, type StytchCookieOptions } from './stytch-cookie-options';
export type { SessionCookies } from './stytch-session-cookies';
export { createStytchSessionAdapter } from './stytch-session.adapter';
export { createStytchProjectSettingsAdapter } from './stytch-project-settings.adapter';
export { createStytchTelemetryAdapter } from './stytch-telemetry.adapter';
export { createStytchMagicLinksAdapter } from './stytch-magic-links.adapter';
export { mapStytchError } from './map-stytch-error';
export { createStytchPasswordsAdapter, toPasswordStrength } from './stytch-passwords.adapter';
export { createStytchPasscodesAdapter } from './stytch-passcodes.adapter';
export { createStytchOAuthAdapter, oauthPkceStorageKey } from './stytch-oauth.adapter';
export { createStytchPasskeysAdapter } from './stytch-passkeys.adapter';
export { createStytchCryptoWalletsAdapter } from './stytch-crypto-wallets.adapter';
export { createStytchIdentityProviderAdapter } from './stytch-identity-provider.adapter';
// new:flow: Stytch adapters
export { parseRetryAfter, type ObservedFailure } from './retry-after-observer';
