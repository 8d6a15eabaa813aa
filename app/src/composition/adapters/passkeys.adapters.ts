// The passkeys product's adapters: a chunk of their own, loaded on the product's first port call.
import { createStytchPasskeysAdapter } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

type PasskeysAdapters = AdapterModule<'passkeys'>;

export const passkeys: PasskeysAdapters['passkeys'] = ({ stytch }) => createStytchPasskeysAdapter(stytch);
