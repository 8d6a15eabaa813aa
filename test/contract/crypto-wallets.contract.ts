import type { CryptoWalletsPort } from '@vestibule/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MakePortSubject, PortSubject } from './contract-subject';

/**
 * What every {@link CryptoWalletsPort} implementation promises. Written by `pnpm new:flow wallets`
 * while neither the sandbox nor the fake implements wallets: both say so, the same way. Replace
 * these tests with the product's contract as the two learn it.
 */
export function describeCryptoWalletsContract(name: string, makeSubject: MakePortSubject<CryptoWalletsPort>): void {
  describe(`cryptoWallets contract: ${name}`, () => {
    let subject: PortSubject<CryptoWalletsPort>;
    beforeEach(async () => {
      subject = await makeSubject();
    });
    afterEach(() => subject.dispose());

    it('answers authenticateStart, not implemented yet, with a provider failure that says so, never throwing', async () => {
      const result = await subject.port.authenticateStart('0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1b', 'ethereum');
      expect(result).toMatchObject({ ok: false, error: { code: 'provider_error', status: 404, retryable: false } });
      expect(result.ok ? null : result.error.serverMessage).toMatch(/ is not implemented in the (sandbox|fake) yet/);
    });
  });
}
