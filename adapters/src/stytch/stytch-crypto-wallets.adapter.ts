import { authError, fail, type CryptoWalletsPort } from '@vestibule/core';
import type { StytchRuntime } from './stytch-client';

/** What a method this adapter does not call the SDK for yet answers: a failure that says so (its text is shown). */
const notWired = (method: string) =>
  authError('provider_error', { providerType: 'not_wired', serverMessage: `cryptoWallets.${method} is not wired to the Stytch SDK yet (adapters/src/stytch/stytch-crypto-wallets.adapter.ts).` });

/**
 * Wallets on the Stytch SDK: `authenticateStart` through `cryptoWallets.authenticateStart`. The other methods
 * are not wired yet (`pnpm new:flow wallets` wrote this adapter) and say so.
 */
export function createStytchCryptoWalletsAdapter(runtime: StytchRuntime): CryptoWalletsPort {
  return {
    authenticateStart: (address, chain, options) =>
      runtime.call('/sdk/v1/crypto_wallets/authenticate/start/primary', options, async (stytch) => {
        const response = await stytch.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: chain });
        return { challenge: response.challenge };
      }),
    authenticate: () => Promise.resolve(fail(notWired('authenticate'))),
  };
}
