// The wallets product's adapters: a chunk of their own, loaded on the product's first port call
// (a wallet button's press): the provider's side and the browser's (the injected wallet).
import { createInjectedWallets } from '@vestibule/adapters/browser';
import { createStytchCryptoWalletsAdapter } from '@vestibule/adapters/stytch';
import type { AdapterModule } from '../ports.manifest';

type WalletsAdapters = AdapterModule<'cryptoWallets' | 'injectedWallets'>;

export const cryptoWallets: WalletsAdapters['cryptoWallets'] = ({ stytch }) => createStytchCryptoWalletsAdapter(stytch);
// Reads the page's injected wallets (EIP-6963 announcements, `window.ethereum`, `window.solana`) when asked.
export const injectedWallets: WalletsAdapters['injectedWallets'] = () => createInjectedWallets();
