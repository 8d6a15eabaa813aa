export { createStytchAuthProvider, type StytchAuthProviderOptions } from './stytch-auth-provider.adapter';
export { mapStytchError } from './map-stytch-error';
