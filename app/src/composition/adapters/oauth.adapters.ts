// The OAuth product's adapters: a chunk of their own, loaded on the product's first port call.
import { createGoogleIdentity } from '@vestibule/adapters/google-identity';
import { createStytchOAuthAdapter } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

type OAuthAdapters = AdapterModule<'oauth' | 'googleIdentity'>;

export const oauth: OAuthAdapters['oauth'] = ({ stytch }) => createStytchOAuthAdapter(stytch);
// Google's script loads only when a page shows One Tap (the production host), never before.
export const googleIdentity: OAuthAdapters['googleIdentity'] = ({ environment }) => createGoogleIdentity({ scriptUrl: environment.googleIdentityScriptUrl });
