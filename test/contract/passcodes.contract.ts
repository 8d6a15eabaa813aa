import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractSubject, MakeSubject } from './contract-subject';

const PHONE = '+447700900123';
/** The sandbox's fixture number that unsubscribed from SMS (test/src/sandbox/otps.ts). */
const UNSUBSCRIBED = '+15005550006';
const wrong = (code: string): string => (code === '000000' ? '111111' : '000000');

/**
 * What every {@link PasscodesPort} implementation promises (SPEC §7 otps, §8): a send answers the
 * method to verify against, the provider checks the destination, codes are six digits, single use
 * and replaced by a new send, wrong ones are counted and lock the method after five, and a right
 * one signs in.
 */
export function describePasscodesContract(name: string, makeSubject: MakeSubject): void {
  describe(`passcodes contract: ${name}`, () => {
    let subject: ContractSubject;
    beforeEach(async () => {
      subject = await makeSubject();
    });
    afterEach(() => subject.dispose());

    async function send(channel: 'email' | 'sms' | 'whatsapp', destination: string): Promise<string> {
      const result = await subject.passcodes.send({ channel, destination, expirationMinutes: 5 });
      if (!result.ok) throw new Error(`send to ${destination} failed: ${result.error.code}`);
      expect(result.value.methodId).toEqual(expect.any(String));
      return result.value.methodId;
    }

    it('e-mails a code that signs in once', async () => {
      const methodId = await send('email', 'ada@example.com');
      const code = subject.passcodeFor('ada@example.com');
      expect(code).toMatch(/^\d{6}$/);
      expect(await subject.passcodes.verify(code, methodId, 60)).toMatchObject({
        ok: true,
        value: { session: { user: { email: 'ada@example.com' }, session: { sessionId: expect.any(String) } }, sessionToken: expect.any(String) },
      });
      expect(await subject.session.check()).toMatchObject({ ok: true, value: { user: { email: 'ada@example.com' } } });
      expect(await subject.passcodes.verify(code, methodId, 60)).toMatchObject({ ok: false, error: { code: 'otp_code_not_found', status: 404, retryable: false } });
    });

    it('texts a code by SMS and WhatsApp to one method per number, and it signs in a user without an e-mail', async () => {
      const smsMethod = await send('sms', PHONE);
      expect(await subject.passcodes.verify(subject.passcodeFor(PHONE), smsMethod, 60)).toMatchObject({ ok: true, value: { session: { user: { email: null } } } });
      const whatsappMethod = await send('whatsapp', PHONE);
      expect(whatsappMethod).toBe(smsMethod);
      expect((await subject.passcodes.verify(subject.passcodeFor(PHONE), whatsappMethod, 60)).ok).toBe(true);
    });

    it('replaces the previous code on a new send', async () => {
      const methodId = await send('email', 'ada@example.com');
      const first = subject.passcodeFor('ada@example.com');
      await send('email', 'ada@example.com');
      const second = subject.passcodeFor('ada@example.com');
      if (first !== second) expect(await subject.passcodes.verify(first, methodId, 60)).toMatchObject({ ok: false, error: { code: 'otp_code_not_found' } });
      expect((await subject.passcodes.verify(second, methodId, 60)).ok).toBe(true);
    });

    it('leaves destination checks to the provider', async () => {
      expect(await subject.passcodes.send({ channel: 'email', destination: 'not-an-address' })).toMatchObject({ ok: false, error: { code: 'invalid_email', status: 400 } });
      expect(await subject.passcodes.send({ channel: 'sms', destination: '07700 900123' })).toMatchObject({ ok: false, error: { code: 'invalid_phone_number', status: 400 } });
      expect(await subject.passcodes.send({ channel: 'whatsapp', destination: '+2891234567' })).toMatchObject({ ok: false, error: { code: 'invalid_phone_number_country_code' } });
      expect(await subject.passcodes.send({ channel: 'sms', destination: UNSUBSCRIBED })).toMatchObject({ ok: false, error: { code: 'unsubscribed_phone_number' } });
      expect((await subject.passcodes.send({ channel: 'whatsapp', destination: UNSUBSCRIBED })).ok).toBe(true);
      expect(await subject.passcodes.send({ channel: 'email', destination: 'ada@example.com', expirationMinutes: 11 })).toMatchObject({ ok: false, error: { providerType: 'invalid_expiration', status: 400 } });
    });

    it('refuses a malformed code, counts wrong ones and locks the method after five, the right code included', async () => {
      const methodId = await send('email', 'ada@example.com');
      const code = subject.passcodeFor('ada@example.com');
      expect(await subject.passcodes.verify('12345', methodId, 60)).toMatchObject({ ok: false, error: { code: 'invalid_code', status: 400 } });
      for (let i = 0; i < 5; i++) expect(await subject.passcodes.verify(wrong(code), methodId, 60)).toMatchObject({ ok: false, error: { code: 'otp_code_not_found' } });
      expect(await subject.passcodes.verify(code, methodId, 60)).toMatchObject({ ok: false, error: { code: 'user_lock_limit_reached', status: 429 } });
    });

    it('refuses an expired code with unable_to_auth_otp_code, and a new send works', async () => {
      const methodId = await send('email', 'ada@example.com');
      subject.expirePasscodes(methodId);
      expect(await subject.passcodes.verify(subject.passcodeFor('ada@example.com'), methodId, 60)).toMatchObject({
        ok: false,
        error: { providerType: 'unable_to_auth_otp_code', status: 401, retryable: false },
      });
      await send('email', 'ada@example.com');
      expect((await subject.passcodes.verify(subject.passcodeFor('ada@example.com'), methodId, 60)).ok).toBe(true);
    });

    it('fails a call whose caller already gave up, without reaching the provider', async () => {
      const controller = new AbortController();
      controller.abort();
      expect(await subject.passcodes.send({ channel: 'email', destination: 'ada@example.com' }, { signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'timeout' } });
      expect(() => subject.passcodeFor('ada@example.com')).toThrow();
    });
  });
}
