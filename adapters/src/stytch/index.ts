export { createStytchAdapters, loadStytchSdk, type StytchAdapters } from './create-stytch-adapters';
export type { StytchAdaptersOptions } from './stytch-client';
export { mapStytchError } from './map-stytch-error';
export { createStytchPasswordsAdapter, toPasswordStrength } from './stytch-passwords.adapter';
export { createStytchPasscodesAdapter } from './stytch-passcodes.adapter';
export { createStytchOAuthAdapter, oauthPkceStorageKey } from './stytch-oauth.adapter';
export { parseRetryAfter, type ObservedFailure } from './retry-after-observer';
export { EVENT_BATCH_SIZE, EVENT_FLUSH_MS } from './stytch-telemetry.adapter';
