import type { ProviderSession } from '@vestibule/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_PASSWORDS, type ContractSubject, type MakeSubject, passwordCredentials, sendRequest } from './contract-subject';

async function signIn(subject: ContractSubject, email: string): Promise<void> {
  await subject.magicLinks.send(sendRequest(email));
  const result = await subject.magicLinks.authenticate(subject.linkTokenFor(email), 60);
  if (!result.ok) throw new Error(`sign-in failed: ${result.error.code}`);
}

/** What every {@link SessionPort} implementation promises (SPEC §4 Session). */
export function describeSessionContract(name: string, makeSubject: MakeSubject): void {
  describe(`session contract: ${name}`, () => {
    let subject: ContractSubject;
    beforeEach(async () => {
      subject = await makeSubject();
    });
    afterEach(() => subject.dispose());

    it('checks a new visitor as signed out', async () => {
      expect(await subject.session.check()).toEqual({ ok: true, value: null });
    });

    it('reports the user after sign-in, and ends the session on revoke', async () => {
      await signIn(subject, 'ada@example.com');
      expect(await subject.session.check()).toMatchObject({ ok: true, value: { user: { email: 'ada@example.com' } } });
      expect(await subject.session.revoke()).toEqual({ ok: true, value: undefined });
      expect(await subject.session.check()).toEqual({ ok: true, value: null });
    });

    it('tells subscribers about sign-in and sign-out, never during subscribe', async () => {
      const reported: ProviderSession[] = [];
      const unsubscribe = subject.session.subscribe((session) => reported.push(session as ProviderSession));
      expect(reported).toEqual([]);
      await signIn(subject, 'ada@example.com');
      await vi.waitFor(() => expect(reported.at(-1)?.user.email).toBe('ada@example.com'));
      await subject.session.revoke();
      await vi.waitFor(() => expect(reported.at(-1)).toBeNull());
      unsubscribe();
    });

    it('stops telling a subscriber that unsubscribed', async () => {
      const listener = vi.fn();
      subject.session.subscribe(listener)();
      await signIn(subject, 'ada@example.com');
      expect((await subject.session.check()).ok).toBe(true);
      expect(listener).not.toHaveBeenCalled();
    });

    it('revokes without a session as a no-op success', async () => {
      expect(await subject.session.revoke()).toEqual({ ok: true, value: undefined });
    });

    it('adopts a session by the token a password sign-in handed over', async () => {
      await subject.seedUser('pat@example.com', { password: CONTRACT_PASSWORDS.strong });
      const signIn = await subject.passwords.authenticate(passwordCredentials('pat@example.com', CONTRACT_PASSWORDS.strong));
      if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.error.code}`);
      const adopted = await subject.session.adopt(signIn.value.sessionToken);
      expect(adopted).toMatchObject({ ok: true, value: { user: { email: 'pat@example.com' }, session: { sessionId: signIn.value.session.session.sessionId } } });
      expect(await subject.session.check()).toMatchObject({ ok: true, value: { user: { email: 'pat@example.com' } } });
    });

    it('adopting a token replaces the session held before, and tells subscribers', async () => {
      await subject.seedUser('pat@example.com', { password: CONTRACT_PASSWORDS.strong });
      await subject.seedUser('grace@example.com', { password: CONTRACT_PASSWORDS.otherStrong });
      const pat = await subject.passwords.authenticate(passwordCredentials('pat@example.com', CONTRACT_PASSWORDS.strong));
      if (!pat.ok) throw new Error(`sign-in failed: ${pat.error.code}`);
      await subject.passwords.authenticate(passwordCredentials('grace@example.com', CONTRACT_PASSWORDS.otherStrong));
      expect(await subject.session.check()).toMatchObject({ ok: true, value: { user: { email: 'grace@example.com' } } });
      const reported: ProviderSession[] = [];
      const unsubscribe = subject.session.subscribe((session) => reported.push(session as ProviderSession));
      expect(await subject.session.adopt(pat.value.sessionToken)).toMatchObject({ ok: true, value: { user: { email: 'pat@example.com' } } });
      await vi.waitFor(() => expect(reported.at(-1)?.user.email).toBe('pat@example.com'));
      expect(await subject.session.check()).toMatchObject({ ok: true, value: { user: { email: 'pat@example.com' } } });
      unsubscribe();
    });

    it('adopts a token the provider never issued as signed out', async () => {
      expect(await subject.session.adopt('never-issued-session-token')).toEqual({ ok: true, value: null });
      expect(await subject.session.check()).toEqual({ ok: true, value: null });
    });

    it('adopts the token of a revoked session as signed out', async () => {
      await subject.seedUser('pat@example.com', { password: CONTRACT_PASSWORDS.strong });
      const signIn = await subject.passwords.authenticate(passwordCredentials('pat@example.com', CONTRACT_PASSWORDS.strong));
      if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.error.code}`);
      expect((await subject.session.revoke()).ok).toBe(true);
      expect(await subject.session.adopt(signIn.value.sessionToken)).toEqual({ ok: true, value: null });
      expect(await subject.session.check()).toEqual({ ok: true, value: null });
    });
  });
}
