import { describe, expect, it } from 'vitest';
import { authError, fail, ok, type Result } from '../../domain/errors/auth-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { PasswordSignIn, PasswordsPort } from '../../ports/passwords.port';
import { lengthVerdict, passwordSignIn } from '../../testing/password-answers';
import { takeSessionHandoff } from '../../domain/session/session-handoff';
import { memoryStorage } from '../../testing/memory-storage';
import { virtualTimeHost } from '../../testing/virtual-time-host';
import { CARRIED_EMAIL_STORAGE_KEY, takeCarriedEmail } from '../../domain/passwords/carried-email';
import { RESET_EMAIL_STORAGE_KEY } from '../../domain/passwords/reset-email-note';
import { openPasswordResetFlow } from './open-password-reset-flow';
import { passwordResetView } from './password-reset.view';

const signIn = passwordSignIn(1);

/** A reset page on hand-written ports and virtual time. */
function resetPage(options: { resetAnswers?: Array<Result<PasswordSignIn>>; ludsRule?: boolean; resetEmailNote?: string } = {}) {
  const checks: string[] = [];
  const resets: Array<{ token: string; password: string }> = [];
  const passwords: PasswordsPort = {
    searchUser: () => Promise.resolve(ok('password' as const)),
    strengthCheck: (password) => {
      checks.push(password);
      return Promise.resolve(ok(lengthVerdict(password)));
    },
    create: () => Promise.resolve(fail(authError('unexpected'))),
    authenticate: () => Promise.resolve(fail(authError('unexpected'))),
    resetByEmailStart: () => Promise.resolve(ok(undefined)),
    resetByEmail: (token, password) => {
      resets.push({ token, password });
      return Promise.resolve(options.resetAnswers?.shift() ?? ok(signIn));
    },
  };
  const sessionListeners = new Set<(session: PasswordSignIn['session'] | null) => void>();
  const storage = memoryStorage();
  if (options.resetEmailNote !== undefined) storage.set(RESET_EMAIL_STORAGE_KEY, options.resetEmailNote);
  const { host, navigations, advance, scheduler } = virtualTimeHost({
    storage,
    session: {
      check: () => Promise.resolve(ok(null)),
      adopt: () => Promise.resolve(ok(null)),
      subscribe: (listener) => (sessionListeners.add(listener), () => sessionListeners.delete(listener)),
      revoke: () => Promise.resolve(ok(undefined)),
    },
    projectSettings: {
      get: () => Promise.resolve(ok({ emailDomains: [], passwordConfig: options.ludsRule ? { ludsComplexity: 3, ludsMinimumCount: 10 } : null })),
    },
    passwords,
  });
  const flow = openPasswordResetFlow({ host }, 'reset', { token: 'reset-token-1', returnContext: { redirect: '/orders' as SafePath, source: 'web' } });
  const unsubscribe = flow.subscribe(() => undefined);
  /** The provider reports a sign-in made elsewhere (a request that had timed out here went through). */
  const signInElsewhere = () => sessionListeners.forEach((listener) => listener(signIn.session));
  /** The session handed to /login/callback/web, taken as that page takes it. */
  const handedOver = () => takeSessionHandoff(storage, scheduler.now());
  return { flow, checks, resets, navigations, advance, unsubscribe, signInElsewhere, handedOver, storage };
}

describe('Reset password page (SPEC §2, §4, §5) on virtual time', () => {
  it('asks the provider about a password 500 ms after the last keystroke, once', async () => {
    const page = resetPage();
    await page.advance(0);
    for (const value of ['c', 'co', 'cor', 'correct horse']) {
      page.flow.send({ type: 'passwordChanged', value });
      await page.advance(200);
    }
    expect(page.checks).toEqual([]);
    await page.advance(299);
    expect(page.checks).toEqual([]);
    await page.advance(1);
    expect(page.checks).toEqual(['correct horse']);
    expect(passwordResetView(page.flow.getSnapshot())).toMatchObject({ screen: 'form', canSubmit: true });
  });

  it('sets the password, shows success for 2 s, then hands the session to /login/callback/web', async () => {
    const page = resetPage();
    await page.advance(0);
    page.flow.send({ type: 'passwordChanged', value: 'correct horse battery' });
    await page.advance(500);
    page.flow.send({ type: 'submitClicked' });
    await page.advance(0);
    expect(page.resets).toEqual([{ token: 'reset-token-1', password: 'correct horse battery' }]);
    expect(passwordResetView(page.flow.getSnapshot())).toEqual({ screen: 'succeeded' });
    await page.advance(1999);
    expect(page.navigations).toEqual([]);
    await page.advance(1);
    // The session goes through this tab's storage, never the address; the spent reset token and the
    // session are in no state.
    expect(page.navigations).toEqual([{ path: '/login/callback/web?redirect=%2Forders&source=web', replace: true }]);
    expect(JSON.stringify(page.flow.getSnapshot())).not.toMatch(/session-token-1|reset-token-1/);
    expect(page.handedOver()).toBe('session-token-1');
  });

  it('keeps the password and shows why when the reset fails, and allows another try', async () => {
    const page = resetPage({ resetAnswers: [fail(authError('provider_error', { serverMessage: 'The reset link has expired.' }))] });
    await page.advance(0);
    page.flow.send({ type: 'passwordChanged', value: 'correct horse battery' });
    await page.advance(500);
    page.flow.send({ type: 'submitClicked' });
    await page.advance(0);
    expect(passwordResetView(page.flow.getSnapshot())).toMatchObject({
      screen: 'form',
      canSubmit: true,
      error: { text: 'The reset link has expired.' },
      password: { value: 'correct horse battery' },
    });
    page.flow.send({ type: 'submitClicked' });
    await page.advance(0);
    expect(page.resets).toHaveLength(2);
  });

  it('holds Continue through a 429 with Retry-After, counting the seconds down, then takes another try', async () => {
    const page = resetPage({ resetAnswers: [fail(authError('too_many_requests', { retryAfterMs: 2_500 }))] });
    await page.advance(0);
    page.flow.send({ type: 'passwordChanged', value: 'correct horse battery' });
    await page.advance(500);
    page.flow.send({ type: 'submitClicked' });
    await page.advance(0);
    expect(passwordResetView(page.flow.getSnapshot())).toMatchObject({ canSubmit: false, retryInSeconds: 3, error: { key: 'error.too_many_requests' } });
    page.flow.send({ type: 'submitClicked' });
    await page.advance(1_000);
    expect(page.resets).toHaveLength(1);
    expect(passwordResetView(page.flow.getSnapshot())).toMatchObject({ retryInSeconds: 2 });
    await page.advance(1_000);
    expect(passwordResetView(page.flow.getSnapshot())).toMatchObject({ retryInSeconds: 1 });
    await page.advance(1_000);
    expect(passwordResetView(page.flow.getSnapshot())).toMatchObject({ canSubmit: true, retryInSeconds: null, error: null });
    page.flow.send({ type: 'submitClicked' });
    await page.advance(0);
    expect(page.resets).toHaveLength(2);
  });

  it('goes on to the destination when a reset that failed here turns out to have signed the visitor in', async () => {
    const page = resetPage({ resetAnswers: [fail(authError('timeout'))] });
    await page.advance(0);
    page.flow.send({ type: 'passwordChanged', value: 'correct horse battery' });
    await page.advance(500);
    page.flow.send({ type: 'submitClicked' });
    await page.advance(0);
    expect(passwordResetView(page.flow.getSnapshot())).toMatchObject({ screen: 'form', error: { key: 'error.timeout' } });
    expect(page.navigations).toEqual([]);
    page.signInElsewhere();
    await page.advance(0);
    expect(page.navigations).toEqual([{ path: '/orders', replace: true }]);
  });

  it("reads the project's LUDS rule so the checks tick as the visitor types", async () => {
    const page = resetPage({ ludsRule: true });
    await page.advance(0);
    page.flow.send({ type: 'passwordChanged', value: 'Abc1' });
    const view = passwordResetView(page.flow.getSnapshot());
    expect(view).toMatchObject({ screen: 'form', password: { meter: { policy: 'luds', luds: { minimumCount: 10, lengthMet: false, complexity: 3, complexityMet: true } } } });
  });

  it("'Login without a password' goes to /login with the return context", async () => {
    const page = resetPage();
    await page.advance(0);
    page.flow.send({ type: 'passwordlessClicked' });
    await page.advance(0);
    expect(page.navigations).toEqual([{ path: '/login?redirect=%2Forders&source=web', replace: false }]);
    expect(page.storage.get(CARRIED_EMAIL_STORAGE_KEY)).toBeNull();
  });

  // Issue 16 §12: the address the reset e-mail went to (noted when this device sent it) goes too.
  it("'Login without a password' carries the address the reset e-mail went to, read once by /login", async () => {
    const page = resetPage({ resetEmailNote: `${Date.UTC(2100, 0, 1)}\nforgetful+reset@example.com` });
    await page.advance(0);
    page.flow.send({ type: 'passwordlessClicked' });
    await page.advance(0);
    expect(page.navigations).toEqual([{ path: '/login?redirect=%2Forders&source=web', replace: false }]);
    expect(takeCarriedEmail(page.storage)).toBe('forgetful+reset@example.com');
    expect(takeCarriedEmail(page.storage)).toBeNull();
  });

  it.each([
    ['an expired note', '-1\nold@example.com'],
    ['a malformed note', 'not a time\nx@example.com'],
    ['a note without an address', `${Date.UTC(2100, 0, 1)}\n`],
  ])("'Login without a password' carries nothing from %s", async (_name, note) => {
    const page = resetPage({ resetEmailNote: note });
    await page.advance(0);
    page.flow.send({ type: 'passwordlessClicked' });
    await page.advance(0);
    expect(page.navigations).toHaveLength(1);
    expect(page.storage.get(CARRIED_EMAIL_STORAGE_KEY)).toBeNull();
  });
});
