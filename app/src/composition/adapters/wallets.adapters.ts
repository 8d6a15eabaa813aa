// The wallets product's adapters: a chunk of their own, loaded on the product's first port call.
import { createStytchCryptoWalletsAdapter } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

type WalletsAdapters = AdapterModule<'cryptoWallets'>;

export const cryptoWallets: WalletsAdapters['cryptoWallets'] = ({ stytch }) => createStytchCryptoWalletsAdapter(stytch);
