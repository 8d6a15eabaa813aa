import type { PasskeyRegistration, PasskeysPort, Result } from '@vestibule/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortSubject } from './contract-subject';
import type { PasskeysBrowserControl } from './virtual-webauthn-browser';

/**
 * What a passkeys contract runs against: the port, the provider's side (who is signed in) and the
 * visitor's browser (which authenticator answers, and how the next sheet goes).
 */
interface PasskeysSubject extends PortSubject<PasskeysPort> {
  /** Signs `email` in at the provider, a user it creates on first use (not through the port under test). */
  signIn(email: string): Promise<void>;
  /** Signs out at the provider. */
  signOut(): Promise<void>;
  readonly browser: PasskeysBrowserControl;
}

export type MakePasskeysSubject = () => PasskeysSubject | Promise<PasskeysSubject>;

const ADA = 'ada@example.com';
const BOB = 'bob@example.com';
const SIGN_IN = { sessionDurationMinutes: 60, conditionalMediation: false } as const;
const AUTOFILL = { sessionDurationMinutes: 60, conditionalMediation: true } as const;
/** The provider's longest name (the sandbox's `WEBAUTHN_NAME_MAX_LENGTH`). */
const NAME_MAX = 200;

function valueOf<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new Error(`${what} failed: ${result.error.code} ${result.error.serverMessage ?? ''}`);
  return result.value;
}

/**
 * What every {@link PasskeysPort} implementation promises (SPEC §7 webauthn, §8): a signed-in user
 * registers passkeys (one per authenticator), lists, renames and removes them; anyone signs in with
 * one, by button or by autofill; a removed one is not found; the browser's refusals and empty
 * answers are told apart; names are the user's text, kept as given.
 */
export function describePasskeysContract(name: string, makeSubject: MakePasskeysSubject): void {
  describe(`passkeys contract: ${name}`, () => {
    let subject: PasskeysSubject;
    let port: PasskeysPort;
    beforeEach(async () => {
      subject = await makeSubject();
      port = subject.port;
    });
    afterEach(() => subject.dispose());

    const register = async (): Promise<PasskeyRegistration> => valueOf(await port.register({ sessionDurationMinutes: 60 }), 'register');
    const list = async (): Promise<readonly PasskeyRegistration[]> => valueOf(await port.list(), 'list');

    it('registers, lists, renames, signs in by button, removes, and then the passkey is not found', async () => {
      await subject.signIn(ADA);
      const created = await register();
      expect(created).toEqual({ id: expect.stringMatching(/.+/), name: expect.stringMatching(/.+/) });
      expect(await list()).toEqual([created]);
      expect(await port.rename(created.id, 'Work laptop')).toEqual({ ok: true, value: undefined });
      expect(await list()).toEqual([{ id: created.id, name: 'Work laptop' }]);

      await subject.signOut();
      expect(await port.authenticate(SIGN_IN)).toMatchObject({ ok: true, value: { user: { email: ADA }, session: { sessionId: expect.any(String) } } });
      // The passkey's session is a session: the list is the user's.
      expect(await list()).toEqual([{ id: created.id, name: 'Work laptop' }]);
      expect(await port.remove(created.id)).toEqual({ ok: true, value: undefined });
      expect(await list()).toEqual([]);

      // The authenticator still offers it (a password manager keeps it), the provider knows it no more.
      await subject.signOut();
      expect(await port.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'webauthn_registration_not_found', retryable: false } });
    });

    it('signs in through autofill once the visitor picks the passkey in the e-mail field', async () => {
      await subject.signIn(ADA);
      await register();
      await subject.signOut();
      const pending = port.authenticate(AUTOFILL);
      await subject.browser.pickAutofill();
      expect(await pending).toMatchObject({ ok: true, value: { user: { email: ADA } } });
    });

    it("stops a waiting autofill when its signal aborts, the browser's request too", async () => {
      const controller = new AbortController();
      const pending = port.authenticate(AUTOFILL, { signal: controller.signal });
      await vi.waitFor(() => expect(subject.browser.autofillWaiting).toBe(1), { interval: 5 });
      controller.abort();
      expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout', retryable: true } });
      expect(subject.browser.autofillWaiting).toBe(0);
    });

    it('fails a conditional sign-in at once where the browser offers no autofill', async () => {
      subject.browser.offerAutofill(false);
      expect(await port.authenticate(AUTOFILL)).toMatchObject({ ok: false, error: { code: 'unexpected', retryable: false } });
    });

    it('refuses to register the same authenticator twice, and registers another one', async () => {
      await subject.signIn(ADA);
      const first = await register();
      expect(await port.register({ sessionDurationMinutes: 60 })).toMatchObject({ ok: false, error: { code: 'duplicate_webauthn_registration', retryable: false } });
      expect(await list()).toEqual([first]);
      subject.browser.useAuthenticator('phone');
      const second = await register();
      expect(second.id).not.toBe(first.id);
      expect(await list()).toEqual([first, second]);
    });

    it('answers passkey_cancelled when the visitor closes the sheet, registering or signing in', async () => {
      await subject.signIn(ADA);
      subject.browser.declineNext();
      expect(await port.register({ sessionDurationMinutes: 60 })).toMatchObject({ ok: false, error: { code: 'passkey_cancelled', retryable: false } });
      expect(await list()).toEqual([]);
      await register();
      await subject.signOut();
      subject.browser.declineNext();
      expect(await port.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'passkey_cancelled' } });
      // An authenticator with no passkey for this site leaves the visitor only "cancel".
      subject.browser.useAuthenticator('empty key');
      expect(await port.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'passkey_cancelled' } });
    });

    it('answers invalid_response when the browser answers no credential', async () => {
      await subject.signIn(ADA);
      subject.browser.answerEmptyNext();
      expect(await port.register({ sessionDurationMinutes: 60 })).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
      await register();
      await subject.signOut();
      subject.browser.answerEmptyNext();
      expect(await port.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    });

    it('keeps names as the user typed them: markup, a right-to-left override, the longest accepted', async () => {
      await subject.signIn(ADA);
      const { id } = await register();
      for (const typed of ['<img src=x onerror="alert(1)">&amp;', '\u202Egnp.exe', `  ${'é'.repeat(NAME_MAX - 2)}`]) {
        expect(await port.rename(id, typed)).toEqual({ ok: true, value: undefined });
        expect(await list()).toEqual([{ id, name: typed }]);
      }
      expect(await port.rename(id, 'x'.repeat(NAME_MAX + 1))).toMatchObject({ ok: false, error: { code: 'provider_error', providerType: 'invalid_argument', status: 400 } });
    });

    it("refuses an empty or blank name with the provider's message, keeping the name", async () => {
      await subject.signIn(ADA);
      const created = await register();
      for (const blank of ['', '   ']) {
        expect(await port.rename(created.id, blank)).toMatchObject({
          ok: false,
          error: { code: 'provider_error', providerType: 'empty_webauthn_registration_name', status: 400, retryable: false, serverMessage: 'The WebAuthn registration name must not be empty.' },
        });
      }
      expect(await list()).toEqual([created]);
    });

    it('needs a session to register, list, rename and remove', async () => {
      await subject.signIn(ADA);
      const { id } = await register();
      await subject.signOut();
      const unauthenticated = { ok: false, error: { code: 'user_unauthenticated', status: 401, retryable: false } };
      expect(await port.register({ sessionDurationMinutes: 60 })).toMatchObject(unauthenticated);
      // users/me answers as for a dead token (the sandbox's, research §9.4).
      expect(await port.list()).toMatchObject({ ok: false, error: { code: 'unauthorized_credentials', status: 401 } });
      expect(await port.rename(id, 'Mine now')).toMatchObject(unauthenticated);
      expect(await port.remove(id)).toMatchObject(unauthenticated);
    });

    it("answers not found for an unknown passkey and for another user's, without telling them apart", async () => {
      await subject.signIn(ADA);
      const adas = await register();
      await subject.signOut();
      await subject.signIn(BOB);
      const notFound = { ok: false, error: { code: 'webauthn_registration_not_found', status: 404 } };
      for (const id of [adas.id, 'webauthn-registration-test-00000000-0000-4000-8000-000000000000']) {
        expect(await port.rename(id, 'Mine now')).toMatchObject(notFound);
        expect(await port.remove(id)).toMatchObject(notFound);
      }
      // Signed in as Bob, Ada's passkey does not prove Bob.
      expect(await port.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'webauthn_registration_not_found' } });
      expect(await list()).toEqual([]);
      await subject.signOut();
      await subject.signIn(ADA);
      expect(await list()).toEqual([adas]);
    });
  });
}
