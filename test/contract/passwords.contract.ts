import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTRACT_PASSWORDS, type ContractSubject, type MakeSubject, passwordCredentials } from './contract-subject';

const { strong, otherStrong, weak, breached } = CONTRACT_PASSWORDS;

/**
 * What every {@link PasswordsPort} implementation promises (SPEC §3, §4, §7 passwords): the
 * account lookup, the provider's strength verdict, create, log in, and reset by e-mail, with the
 * provider's error types; every sign-in reports the user and hands over a session token.
 */
export function describePasswordsContract(name: string, makeSubject: MakeSubject): void {
  describe(`passwords contract: ${name}`, () => {
    let subject: ContractSubject;
    beforeEach(async () => {
      subject = await makeSubject();
    });
    afterEach(() => subject.dispose());

    const signedInAs = (email: string) => ({ ok: true, value: { session: { user: { email }, session: { sessionId: expect.any(String) } }, sessionToken: expect.any(String) } });

    it('tells a new address from a password account and a passwordless one', async () => {
      await subject.seedUser('pat@example.com', { password: strong });
      await subject.seedUser('linky@example.com', {});
      expect(await subject.passwords.searchUser('new.person@example.com')).toEqual({ ok: true, value: 'new' });
      expect(await subject.passwords.searchUser('pat@example.com')).toEqual({ ok: true, value: 'password' });
      expect(await subject.passwords.searchUser('linky@example.com')).toEqual({ ok: true, value: 'passwordless' });
    });

    it('leaves address validation to the provider, which rejects a malformed one with invalid_email', async () => {
      expect(await subject.passwords.searchUser('not-an-address')).toMatchObject({ ok: false, error: { code: 'invalid_email', status: 400, retryable: false } });
      expect(await subject.passwords.create(passwordCredentials('not-an-address', strong))).toMatchObject({ ok: false, error: { code: 'invalid_email' } });
    });

    it("gives the provider's verdict: weak, strong, breached", async () => {
      const weakVerdict = await subject.passwords.strengthCheck(weak, 'new.person@example.com');
      expect(weakVerdict).toMatchObject({ ok: true, value: { validPassword: false, breachedPassword: false } });
      const strongVerdict = await subject.passwords.strengthCheck(strong, 'new.person@example.com');
      expect(strongVerdict).toMatchObject({ ok: true, value: { validPassword: true, breachedPassword: false, suggestions: expect.any(Array) } });
      if (strongVerdict.ok) {
        expect(['zxcvbn', 'luds', null]).toContain(strongVerdict.value.strengthPolicy);
        expect(strongVerdict.value.score).toBeGreaterThanOrEqual(0);
        expect(strongVerdict.value.score).toBeLessThanOrEqual(4);
        // LUDS counts exactly when the policy is LUDS.
        expect(strongVerdict.value.ludsRequirements === null).toBe(strongVerdict.value.strengthPolicy !== 'luds');
      }
      expect(await subject.passwords.strengthCheck(breached, null)).toMatchObject({ ok: true, value: { validPassword: false, breachedPassword: true } });
    });

    it('creates an account and signs in, reporting the user and a session token', async () => {
      expect(await subject.passwords.create(passwordCredentials('new.person@example.com', strong))).toMatchObject(signedInAs('new.person@example.com'));
      expect(await subject.session.check()).toMatchObject({ ok: true, value: { user: { email: 'new.person@example.com' } } });
      expect(await subject.passwords.searchUser('new.person@example.com')).toEqual({ ok: true, value: 'password' });
    });

    it('refuses an existing address with duplicate_email, a weak password with weak_password and a breached one with breached_password', async () => {
      await subject.seedUser('pat@example.com', { password: strong });
      expect(await subject.passwords.create(passwordCredentials('pat@example.com', otherStrong))).toMatchObject({
        ok: false,
        error: { providerType: 'duplicate_email', status: 400, retryable: false },
      });
      expect(await subject.passwords.create(passwordCredentials('weak@example.com', weak))).toMatchObject({ ok: false, error: { providerType: 'weak_password', status: 400 } });
      expect(await subject.passwords.create(passwordCredentials('weak@example.com', breached))).toMatchObject({ ok: false, error: { code: 'breached_password', status: 400 } });
      expect(await subject.passwords.searchUser('weak@example.com')).toEqual({ ok: true, value: 'new' });
    });

    it('logs in with the right password only, and says why not otherwise', async () => {
      await subject.seedUser('pat@example.com', { password: strong });
      await subject.seedUser('linky@example.com', {});
      await subject.seedUser('dedupe@example.com', { password: strong, requiresReset: true });
      expect(await subject.passwords.authenticate(passwordCredentials('pat@example.com', otherStrong))).toMatchObject({
        ok: false,
        error: { code: 'unauthorized_credentials', status: 401, retryable: false },
      });
      expect(await subject.passwords.authenticate(passwordCredentials('nobody@example.com', strong))).toMatchObject({ ok: false, error: { code: 'email_not_found', status: 404 } });
      expect(await subject.passwords.authenticate(passwordCredentials('linky@example.com', strong))).toMatchObject({ ok: false, error: { code: 'no_user_password' } });
      expect(await subject.passwords.authenticate(passwordCredentials('dedupe@example.com', strong))).toMatchObject({ ok: false, error: { code: 'reset_password', status: 400 } });
      expect(await subject.passwords.authenticate(passwordCredentials('pat@example.com', strong))).toMatchObject(signedInAs('pat@example.com'));
    });

    it('resets by e-mail: the token sets a new password and signs in, once', async () => {
      await subject.seedUser('dedupe@example.com', { password: strong, requiresReset: true });
      const request = { email: 'dedupe@example.com', resetPasswordRedirectUrl: 'http://localhost:5173/login/password/reset', resetPasswordExpirationMinutes: 30 };
      expect(await subject.passwords.resetByEmailStart(request)).toEqual({ ok: true, value: undefined });
      const token = subject.resetTokenFor('dedupe@example.com');
      expect(await subject.passwords.resetByEmail(token, weak, 60)).toMatchObject({ ok: false, error: { providerType: 'weak_password' } });
      expect(await subject.passwords.resetByEmail(token, otherStrong, 60)).toMatchObject(signedInAs('dedupe@example.com'));
      expect(await subject.passwords.resetByEmail(token, strong, 60)).toMatchObject({
        ok: false,
        error: { providerType: 'unable_to_auth_password_reset_token', status: 401, retryable: false },
      });
      expect(await subject.passwords.authenticate(passwordCredentials('dedupe@example.com', otherStrong))).toMatchObject(signedInAs('dedupe@example.com'));
    });

    it('gives a passwordless user a first password through the reset e-mail', async () => {
      await subject.seedUser('linky@example.com', {});
      expect((await subject.passwords.resetByEmailStart({ email: 'linky@example.com', resetPasswordRedirectUrl: 'http://localhost:5173/login/password/reset' })).ok).toBe(true);
      expect(await subject.passwords.resetByEmail(subject.resetTokenFor('linky@example.com'), strong, 60)).toMatchObject(signedInAs('linky@example.com'));
      expect(await subject.passwords.searchUser('linky@example.com')).toEqual({ ok: true, value: 'password' });
    });

    it('answers a reset for an unknown address, and an unknown token, with errors', async () => {
      expect(await subject.passwords.resetByEmailStart({ email: 'nobody@example.com' })).toMatchObject({ ok: false, error: { code: 'email_not_found', status: 404 } });
      expect(await subject.passwords.resetByEmail('never-issued-token', strong, 60)).toMatchObject({ ok: false, error: { retryable: false } });
    });

    it('fails a call whose caller already gave up, without reaching the provider', async () => {
      const controller = new AbortController();
      controller.abort();
      expect(await subject.passwords.create(passwordCredentials('new.person@example.com', strong), { signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'timeout' } });
      expect(await subject.passwords.searchUser('new.person@example.com')).toEqual({ ok: true, value: 'new' });
    });
  });
}
