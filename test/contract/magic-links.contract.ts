import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ContractSubject, type MakeSubject, sendRequest } from './contract-subject';

/**
 * What every {@link MagicLinksPort} implementation promises (SPEC §7 magic links): the client
 * validates nothing itself, the provider rejects a malformed address, and a link signs in once.
 */
export function describeMagicLinksContract(name: string, makeSubject: MakeSubject): void {
  describe(`magic links contract: ${name}`, () => {
    let subject: ContractSubject;
    beforeEach(async () => {
      subject = await makeSubject();
    });
    afterEach(() => subject.dispose());

    it('sends a link for a well-formed address', async () => {
      expect(await subject.magicLinks.send(sendRequest('ada@example.com'))).toEqual({ ok: true, value: undefined });
      expect(subject.linkTokenFor('ada@example.com')).toEqual(expect.any(String));
    });

    it('leaves address validation to the provider, which rejects a malformed one with invalid_email', async () => {
      const result = await subject.magicLinks.send(sendRequest('not-an-address'));
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_email', retryable: false, status: 400 } });
    });

    it('signs in with a sent link, reporting the user', async () => {
      await subject.magicLinks.send(sendRequest('ada@example.com'));
      const result = await subject.magicLinks.authenticate(subject.linkTokenFor('ada@example.com'), 60);
      expect(result).toMatchObject({ ok: true, value: { user: { email: 'ada@example.com' }, session: { sessionId: expect.any(String) } } });
    });

    it('fails a second use of the same link with unable_to_auth_magic_link', async () => {
      await subject.magicLinks.send(sendRequest('ada@example.com'));
      const token = subject.linkTokenFor('ada@example.com');
      expect((await subject.magicLinks.authenticate(token, 60)).ok).toBe(true);
      expect(await subject.magicLinks.authenticate(token, 60)).toMatchObject({
        ok: false,
        error: { code: 'unable_to_auth_magic_link', retryable: false },
      });
    });

    it('does not sign in with a token the provider never issued', async () => {
      const result = await subject.magicLinks.authenticate('never-issued-token', 60);
      expect(result).toMatchObject({ ok: false, error: { retryable: false } });
    });
  });
}
