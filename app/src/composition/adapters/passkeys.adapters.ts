// The passkeys product's adapters: a chunk of their own, loaded on the product's first port call.
import { createPasskeySupport } from '@vestibule/adapters/browser';
import { createStytchPasskeysAdapter } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

type PasskeysAdapters = AdapterModule<'passkeys' | 'passkeySupport'>;

export const passkeys: PasskeysAdapters['passkeys'] = ({ stytch }) => createStytchPasskeysAdapter(stytch);
// The browser's answers, in the same chunk: asked only where passkeys are configured, right before
// the first passkey call would load it anyway. Reads `PublicKeyCredential` when asked.
export const passkeySupport: PasskeysAdapters['passkeySupport'] = () => createPasskeySupport();
