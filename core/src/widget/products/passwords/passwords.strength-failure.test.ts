import { describe, expect, it } from 'vitest';
import { STRENGTH_CHECK_DEBOUNCE_MS } from '../../../flows/password-field/password-field.machine';
import type { PasswordCredentials, PasswordSignIn, UserType } from '../../../ports/passwords.port';
import { byName, until, untilCalled } from '../../../testing/failure-view';
import { lengthVerdict } from '../../../testing/password-answers';
import { drivenLoginWidget } from '../../../testing/login-widget-driver';
import { CALL_TIMEOUT_MS, PROVIDER_FAULTS, scriptedCall } from '../../../testing/provider-faults';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { PasswordsView } from './passwords.types';

// SPEC §5: Continue stays disabled until the provider called this password valid. A strength
// check that could not run (any fault) says so, offers 'Check again' (after the countdown, for a
// 429), and Continue only enables once a check that did run says valid (issue 16, item 6).

const NEW_USER = 'New.User@Example.com';
const WEAK = 'abc';
const STRONG = 'Correct horse battery 9';

const signIn: PasswordSignIn = {
  sessionToken: 'session-token-1',
  session: { user: { userId: 'user-1', email: NEW_USER, roles: [], untrustedMetadata: {} }, session: { sessionId: 's-1', expiresAt: '2030-01-01T00:00:00Z' } },
};

async function createScreen() {
  const unused = scriptedCall((_credentials: PasswordCredentials) => signIn);
  const passwords = {
    searchUser: scriptedCall((_email: string): UserType => 'new'),
    strengthCheck: scriptedCall((password: string, _email: string | null) => lengthVerdict(password)),
    create: scriptedCall((_credentials: PasswordCredentials) => signIn),
    authenticate: unused,
    resetByEmailStart: scriptedCall(() => undefined),
    resetByEmail: scriptedCall(() => signIn),
  };
  const test = virtualTimeHost({ passwords });
  const widget = drivenLoginWidget(test, { products: ['passwords'] });
  widget.typeEmail(NEW_USER);
  widget.submitEmail();
  await until(test, () => widget.screenOf('passwords'));
  const form = () => {
    const view = widget.screenOf<PasswordsView>('passwords');
    if (view.screen !== 'create') throw new Error(`expected Create an account, found ${String(view.screen)}`);
    return view;
  };
  const press = (event: { readonly type: string } & Record<string, unknown>) => widget.press('passwords', event);
  return { test, passwords, form, press };
}

describe.each(byName(PROVIDER_FAULTS))('passwords: the strength check fails (%s)', (_name, fault) => {
  it.each([WEAK, STRONG])("keeps Continue disabled for '%s', says the check could not run, and 'Check again' runs it", async (password) => {
    const { test, passwords, form, press } = await createScreen();
    passwords.strengthCheck.failNext(fault);
    press({ type: 'passwordChanged', value: password });
    await test.advance(STRENGTH_CHECK_DEBOUNCE_MS);
    await untilCalled(test, () => passwords.strengthCheck.calls.length, 1);
    await test.advance(fault.error === null ? CALL_TIMEOUT_MS : 0);

    expect(form()).toMatchObject({ canSubmit: false, password: { value: password, checking: false, checkError: { key: fault.message } } });
    // Pressed anyway (Enter in the field): nothing goes out.
    press({ type: 'submitClicked' });
    await test.advance(0);
    expect(passwords.create.calls).toHaveLength(0);

    if (fault.waitSeconds !== undefined) {
      // A 429 counts down like every other call; 'Check again' is held to the end of the wait.
      expect(form().password).toMatchObject({ canRetryCheck: false, checkRetryInSeconds: fault.waitSeconds });
      press({ type: 'strengthCheckRetried' });
      await test.advance(1_000);
      expect(passwords.strengthCheck.calls).toHaveLength(1);
      expect(form().password).toMatchObject({ canRetryCheck: false, checkRetryInSeconds: fault.waitSeconds - 1 });
      await test.advance((fault.waitSeconds - 1) * 1_000);
    }
    expect(form()).toMatchObject({ canSubmit: false, password: { canRetryCheck: true, checkRetryInSeconds: null, checkError: { key: fault.message } } });

    press({ type: 'strengthCheckRetried' });
    await untilCalled(test, () => passwords.strengthCheck.calls.length, 2);
    await test.advance(0);
    const valid = password === STRONG;
    expect(form()).toMatchObject({ canSubmit: valid, password: { checkError: null, canRetryCheck: false, checking: false } });
    if (valid) {
      press({ type: 'submitClicked' });
      await untilCalled(test, () => passwords.create.calls.length, 1);
    }
  });
});

describe('passwords: editing after a failed strength check', () => {
  it('checks the new value on the next edit (the message goes), and holds it during a 429 wait', async () => {
    const { test, passwords, form, press } = await createScreen();
    const [rateLimited] = PROVIDER_FAULTS.filter((fault) => fault.waitSeconds !== undefined);
    if (rateLimited === undefined) throw new Error('the fault list has a 429');
    passwords.strengthCheck.failNext(rateLimited);
    press({ type: 'passwordChanged', value: WEAK });
    await test.advance(STRENGTH_CHECK_DEBOUNCE_MS);
    await untilCalled(test, () => passwords.strengthCheck.calls.length, 1);

    // During the wait an edit sends nothing; the message and the countdown stay.
    press({ type: 'passwordChanged', value: STRONG });
    await test.advance(STRENGTH_CHECK_DEBOUNCE_MS);
    expect(passwords.strengthCheck.calls).toHaveLength(1);
    expect(form()).toMatchObject({ canSubmit: false, password: { checkError: { key: rateLimited.message }, checkRetryInSeconds: 3 } });

    await test.advance(3_000);
    press({ type: 'passwordChanged', value: `${STRONG}!` });
    await test.advance(STRENGTH_CHECK_DEBOUNCE_MS);
    await untilCalled(test, () => passwords.strengthCheck.calls.length, 2);
    await test.advance(0);
    expect(form()).toMatchObject({ canSubmit: true, password: { checkError: null, canRetryCheck: false } });
  });
});
