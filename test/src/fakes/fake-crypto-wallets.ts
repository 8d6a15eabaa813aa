import { fail, providerError, type CryptoWalletsPort } from '@vestibule/core';

/** What every call answers until this fake emulates wallets: a provider failure that says so, as the sandbox's stub does. */
const notImplemented = (method: string) =>
  providerError('not_implemented', { status: 404, serverMessage: `cryptoWallets.${method} is not implemented in the fake yet (test/src/fakes/fake-crypto-wallets.ts).` });

/**
 * Wallets as an in-memory provider, not emulated yet (`pnpm new:flow wallets` wrote this fake): like
 * the sandbox, every call says so. The contract suite holds it to the same answers as the Stytch
 * adapter over the sandbox (test/contract/crypto-wallets.contract.ts).
 */
export class FakeCryptoWallets implements CryptoWalletsPort {
  readonly authenticateStart: CryptoWalletsPort['authenticateStart'] = () => Promise.resolve(fail(notImplemented('authenticateStart')));
  readonly authenticate: CryptoWalletsPort['authenticate'] = () => Promise.resolve(fail(notImplemented('authenticate')));
}
