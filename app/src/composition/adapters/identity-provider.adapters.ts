// The identity-provider pages' adapter: a chunk of its own, loaded by /oauth/authorize and
// /oauth/logout on their first call (no other page asks for it).
import { createStytchIdentityProviderAdapter } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

type IdentityProviderAdapters = AdapterModule<'identityProvider'>;

export const identityProvider: IdentityProviderAdapters['identityProvider'] = ({ stytch }) => createStytchIdentityProviderAdapter(stytch);
