import type { PasskeysPort } from '@vestibule/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MakePortSubject, PortSubject } from './contract-subject';

/**
 * What every {@link PasskeysPort} implementation promises. Written by `pnpm new:flow passkeys`
 * while neither the sandbox nor the fake implements passkeys: both say so, the same way. Replace
 * these tests with the product's contract as the two learn it.
 */
export function describePasskeysContract(name: string, makeSubject: MakePortSubject<PasskeysPort>): void {
  describe(`passkeys contract: ${name}`, () => {
    let subject: PortSubject<PasskeysPort>;
    beforeEach(async () => {
      subject = await makeSubject();
    });
    afterEach(() => subject.dispose());

    it('answers authenticate, not implemented yet, with a provider failure that says so, never throwing', async () => {
      const result = await subject.port.authenticate({ sessionDurationMinutes: 60, conditionalMediation: false });
      expect(result).toMatchObject({ ok: false, error: { code: 'provider_error', status: 404, retryable: false } });
      expect(result.ok ? null : result.error.serverMessage).toMatch(/ is not implemented in the (sandbox|fake) yet/);
    });
  });
}
