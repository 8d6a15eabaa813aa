import { describe, expect, it } from 'vitest';
import { authError, fail } from '../../domain/errors/auth-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { PasswordSignIn, PasswordStrength } from '../../ports/passwords.port';
import { byName, expectFailureView, untilCalled, type FailureExpectations, type FailureRow } from '../../testing/failure-view';
import { PROVIDER_FAULTS, scriptedCall, type ProviderFault } from '../../testing/provider-faults';
import { virtualTimeHost } from '../../testing/virtual-time-host';
import { STRENGTH_CHECK_DEBOUNCE_MS } from '../password-field/password-field.machine';
import { openPasswordResetFlow } from './open-password-reset-flow';
import { passwordResetView } from './password-reset.view';

// The reset page's calls (/login/password/reset with a reset link's token) under every fault, on
// virtual time: the message, the new password kept, no spinner, and Continue back (after the wait,
// for a 429) to try again with the same link. The browser's fault matrix keeps one row per fault kind.

const TOKEN = 'reset-token-123';
const NEW_PASSWORD = 'A brand new horse battery 7';

const signIn: PasswordSignIn = {
  sessionToken: 'session-token-1',
  session: { user: { userId: 'user-1', email: 'reset@example.com', roles: [], untrustedMetadata: {} }, session: { sessionId: 's-1', expiresAt: '2030-01-01T00:00:00Z' } },
};
const valid: PasswordStrength = { score: 4, validPassword: true, breachedPassword: false, strengthPolicy: 'zxcvbn', warning: '', suggestions: [], ludsRequirements: null };

function setUp() {
  const strengthCheck = scriptedCall((_password: string, _email: string | null) => valid);
  const resetByEmail = scriptedCall((_token: string, _password: string, _sessionMinutes: number) => signIn);
  const unused = () => Promise.resolve(fail(authError('unexpected')));
  const test = virtualTimeHost({ passwords: { searchUser: unused, create: unused, authenticate: unused, resetByEmailStart: unused, strengthCheck, resetByEmail } });
  const flow = openPasswordResetFlow(test, 'reset', { token: TOKEN, returnContext: { redirect: '/orders' as SafePath, source: null } });
  flow.subscribe(() => undefined);
  const form = () => {
    const view = passwordResetView(flow.getSnapshot());
    if (view.screen !== 'form') throw new Error(`expected the reset form, found ${view.screen}`);
    return view;
  };
  const type = (value: string) => flow.send({ type: 'passwordChanged', value });
  const submit = () => flow.send({ type: 'submitClicked' });
  const checkAgain = () => flow.send({ type: 'strengthCheckRetried' });
  return { test, form, type, submit, checkAgain, strengthCheck, resetByEmail };
}

type Page = ReturnType<typeof setUp>;

interface ResetCall {
  readonly name: string;
  readonly expected: FailureExpectations;
  failWith(page: Page, fault: ProviderFault): Promise<FailureRow>;
}

const CALLS: readonly ResetCall[] = [
  {
    name: 'reset (Continue with the new password)',
    expected: { kept: NEW_PASSWORD },
    async failWith({ test, form, type, submit, resetByEmail }, fault) {
      type(NEW_PASSWORD);
      await test.advance(STRENGTH_CHECK_DEBOUNCE_MS);
      resetByEmail.failNext(fault);
      submit();
      await untilCalled(test, () => resetByEmail.calls.length, 1);
      return {
        read: () => {
          const view = form();
          return { message: view.error, kept: view.password.value, busy: view.submitting, retryEnabled: view.canSubmit, retryInSeconds: view.retryInSeconds };
        },
        retry: submit,
        calls: () => resetByEmail.calls.length,
      };
    },
  },
  {
    // SPEC §5: Continue waits for a check that ran; 'Check again' is the retry (after the
    // countdown, for a 429), then Continue resets with the same link.
    name: 'strength check (typing the new password)',
    expected: { kept: NEW_PASSWORD },
    async failWith({ test, form, type, checkAgain, strengthCheck }, fault) {
      strengthCheck.failNext(fault);
      type(NEW_PASSWORD);
      await test.advance(STRENGTH_CHECK_DEBOUNCE_MS);
      await untilCalled(test, () => strengthCheck.calls.length, 1);
      return {
        read: () => {
          const view = form();
          expect(view.canSubmit, 'Continue stays disabled until a check says valid').toBe(false);
          const { password } = view;
          return { message: password.checkError, kept: password.value, busy: password.checking || view.submitting, retryEnabled: password.canRetryCheck, retryInSeconds: password.checkRetryInSeconds };
        },
        retry: checkAgain,
        calls: () => strengthCheck.calls.length,
      };
    },
  },
];

describe.each(byName(CALLS))('password reset page: %s', (_call, call) => {
  it.each(byName(PROVIDER_FAULTS))('%s: the message, the password kept, no spinner, a retry with the same link', async (_fault, fault) => {
    const page = setUp();
    await page.test.advance(0);
    const row = await call.failWith(page, fault);
    await expectFailureView(page.test, fault, row, call.expected);
    if (page.resetByEmail.calls.length === 0) {
      // The check ran again and said valid: only now does Continue reset.
      await page.test.advance(0);
      expect(page.form().canSubmit).toBe(true);
      page.submit();
      await untilCalled(page.test, () => page.resetByEmail.calls.length, 1);
    }
    expect(page.resetByEmail.calls.at(-1)?.slice(0, 2)).toEqual([TOKEN, NEW_PASSWORD]);
  });
});
