// The magic-link product's adapter: a chunk of its own, loaded on the product's first port call.
import { createStytchMagicLinksAdapter } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

export const magicLinks: AdapterModule<'magicLinks'>['magicLinks'] = ({ stytch }) => createStytchMagicLinksAdapter(stytch);
