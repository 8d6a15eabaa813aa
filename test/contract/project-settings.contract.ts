import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractSubject, MakeSubject } from './contract-subject';

/** What every {@link ProjectSettingsPort} implementation promises (the provider's bootstrap data). */
export function describeProjectSettingsContract(name: string, makeSubject: MakeSubject): void {
  describe(`project settings contract: ${name}`, () => {
    let subject: ContractSubject;
    beforeEach(async () => {
      subject = await makeSubject();
    });
    afterEach(() => subject.dispose());

    it("gives the provider's e-mail domains", async () => {
      const result = await subject.projectSettings.get();
      expect(result).toMatchObject({ ok: true, value: { emailDomains: [...subject.expectedEmailDomains] } });
    });

    it('answers the same settings again', async () => {
      const first = await subject.projectSettings.get();
      expect(await subject.projectSettings.get()).toEqual(first);
    });
  });
}
