import type { ProviderSession } from '@vestibule/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ContractSubject, type MakeSubject, sendRequest } from './contract-subject';

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
      const unsubscribe = subject.session.subscribe((session) => reported.push(session));
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
  });
}
