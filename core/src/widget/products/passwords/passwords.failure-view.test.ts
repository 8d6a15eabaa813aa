import { describe, expect, it } from 'vitest';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import { STRENGTH_CHECK_DEBOUNCE_MS } from '../../../flows/password-field/password-field.machine';
import type { SendMagicLinkRequest } from '../../../ports/magic-links.port';
import type { PasswordCredentials, PasswordSignIn, ResetByEmailStartRequest, UserType } from '../../../ports/passwords.port';
import { byName, expectFailureView, until, untilCalled, type FailureExpectations, type FailureRow, type FailureView } from '../../../testing/failure-view';
import { drivenLoginWidget, type DrivenLoginWidget } from '../../../testing/login-widget-driver';
import { lengthVerdict } from '../../../testing/password-answers';
import { PROVIDER_FAULTS, scriptedCall, type ProviderFault } from '../../../testing/provider-faults';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { PasswordsView } from './passwords.types';

// Every provider call of the password screens under every fault, on virtual time: the message,
// what was typed kept (the address on Main, the password on its screen), no spinner, and a retry
// that works (after the wait, for a 429). The browser's fault matrix keeps one row per fault
// kind; these are the rest of its facts.

const NEW_USER = 'New.User@Example.com';
const PASSWORD_USER = 'Grace.Hopper@Example.com';
const PASSWORDLESS_USER = 'Link.Only@Example.com';
const STRONG = 'Correct horse battery 9';
const HALF_REMEMBERED = 'half remembered';

const USER_TYPES: Readonly<Record<string, UserType>> = { [PASSWORD_USER]: 'password', [PASSWORDLESS_USER]: 'passwordless' };

const signIn: PasswordSignIn = {
  sessionToken: 'session-token-1',
  session: { user: { userId: 'user-1', email: NEW_USER, roles: [], untrustedMetadata: {} }, session: { sessionId: 's-1', expiresAt: '2030-01-01T00:00:00Z' } },
};

/** /login's products (OAuth aside): passwords take Main's form, links are the passwordless way. */
function setUp() {
  const passwords = {
    searchUser: scriptedCall((email: string) => USER_TYPES[email] ?? 'new'),
    strengthCheck: scriptedCall((password: string, _email: string | null) => lengthVerdict(password)),
    create: scriptedCall((_credentials: PasswordCredentials) => signIn),
    authenticate: scriptedCall((_credentials: PasswordCredentials) => signIn),
    resetByEmailStart: scriptedCall((_request: ResetByEmailStartRequest) => undefined),
    resetByEmail: scriptedCall((_token: string, _password: string, _minutes: number) => signIn),
  };
  const sendLink = scriptedCall((_request: SendMagicLinkRequest) => undefined);
  const test = virtualTimeHost({ passwords, magicLinks: { send: sendLink, authenticate: () => Promise.resolve({ ok: true, value: null }) } });
  const widget = drivenLoginWidget(test, { products: ['emailMagicLinks', 'passwords'] });
  return { test, widget, passwords, sendLink };
}

type Page = ReturnType<typeof setUp>;
type FormView = Extract<PasswordsView, { readonly screen: 'create' | 'login' }>;

interface PasswordCall {
  readonly name: string;
  readonly expected: FailureExpectations;
  /** Brings the visitor to the call, scripts `fault` for it, makes it, and says how to read and retry. */
  failWith(page: Page, fault: ProviderFault): Promise<FailureRow>;
}

/** Main's Continue with `email`, then the password screen the lookup leads to. */
async function passwordScreen({ test, widget }: Page, email: string): Promise<void> {
  widget.typeEmail(email);
  widget.submitEmail();
  await until(test, () => widget.screenOf('passwords'));
}

function formView(widget: DrivenLoginWidget): FormView {
  const view = widget.screenOf<PasswordsView>('passwords');
  if (view.screen !== 'create' && view.screen !== 'login') throw new Error(`expected a password form, found ${String(view.screen)}`);
  return view;
}

/** A password form after a failed submit: its message, the password, the Continue button. */
function submitFailure(widget: DrivenLoginWidget): FailureView {
  const view = formView(widget);
  return { message: view.error, kept: view.password.value, busy: view.submitting, retryEnabled: view.canSubmit, retryInSeconds: view.retryInSeconds };
}

/**
 * The e-mail confirmation after a link to a passwordless user: read by what the visitor sees (the
 * address, the message, 'Resend email'), whichever product holds the screen.
 */
function linkConfirmationFailure(widget: DrivenLoginWidget): FailureView {
  const { view } = widget.productScreen();
  const confirmation = view as Partial<{ email: string; error: MessageRef | null; resending: boolean; retryInSeconds: number | null }>;
  if (confirmation.email === undefined || confirmation.resending === undefined || confirmation.retryInSeconds === undefined) {
    throw new Error(`expected the e-mail confirmation, found the ${String(view.screen)} screen`);
  }
  return {
    message: confirmation.error ?? null,
    kept: confirmation.email,
    busy: confirmation.resending,
    retryEnabled: !confirmation.resending && confirmation.retryInSeconds === null,
    retryInSeconds: confirmation.retryInSeconds,
  };
}

const CALLS: readonly PasswordCall[] = [
  {
    name: "user lookup (Main's Continue)",
    expected: { kept: NEW_USER },
    failWith: ({ widget, passwords }, fault) => widget.failEmailSubmit(NEW_USER, passwords.searchUser, fault),
  },
  {
    // SPEC §5: Continue waits for a check that ran; 'Check again' is the retry (after the
    // countdown, for a 429), and Continue stays disabled throughout.
    name: 'strength check (Create an account)',
    expected: { kept: STRONG },
    async failWith(page, fault) {
      const { test, widget, passwords } = page;
      await passwordScreen(page, NEW_USER);
      passwords.strengthCheck.failNext(fault);
      widget.press('passwords', { type: 'passwordChanged', value: STRONG });
      await test.advance(STRENGTH_CHECK_DEBOUNCE_MS);
      await untilCalled(test, () => passwords.strengthCheck.calls.length, 1);
      return {
        read: () => {
          const view = formView(widget);
          expect(view.canSubmit, 'Continue stays disabled until a check says valid').toBe(false);
          const { password } = view;
          return { message: password.checkError, kept: password.value, busy: password.checking || view.submitting, retryEnabled: password.canRetryCheck, retryInSeconds: password.checkRetryInSeconds };
        },
        retry: () => widget.press('passwords', { type: 'strengthCheckRetried' }),
        calls: () => passwords.strengthCheck.calls.length,
      };
    },
  },
  {
    name: 'create (Create an account)',
    expected: { kept: STRONG },
    async failWith(page, fault) {
      const { test, widget, passwords } = page;
      await passwordScreen(page, NEW_USER);
      widget.press('passwords', { type: 'passwordChanged', value: STRONG });
      await test.advance(STRENGTH_CHECK_DEBOUNCE_MS);
      passwords.create.failNext(fault);
      const submit = () => widget.press('passwords', { type: 'submitClicked' });
      submit();
      await untilCalled(test, () => passwords.create.calls.length, 1);
      return { read: () => submitFailure(widget), retry: submit, calls: () => passwords.create.calls.length };
    },
  },
  {
    name: 'authenticate (Log in)',
    expected: { kept: STRONG },
    async failWith(page, fault) {
      const { test, widget, passwords } = page;
      await passwordScreen(page, PASSWORD_USER);
      widget.press('passwords', { type: 'passwordChanged', value: STRONG });
      passwords.authenticate.failNext(fault);
      const submit = () => widget.press('passwords', { type: 'submitClicked' });
      submit();
      await untilCalled(test, () => passwords.authenticate.calls.length, 1);
      return { read: () => submitFailure(widget), retry: submit, calls: () => passwords.authenticate.calls.length };
    },
  },
  {
    name: "reset e-mail start ('Forgot Password?' on Log in)",
    expected: { kept: HALF_REMEMBERED },
    async failWith(page, fault) {
      const { test, widget, passwords } = page;
      await passwordScreen(page, PASSWORD_USER);
      widget.press('passwords', { type: 'passwordChanged', value: HALF_REMEMBERED });
      passwords.resetByEmailStart.failNext(fault);
      const forgot = () => widget.press('passwords', { type: 'forgotClicked' });
      forgot();
      await untilCalled(test, () => passwords.resetByEmailStart.calls.length, 1);
      return {
        read: () => {
          const view = formView(widget);
          // The 'Forgot Password?' button, as its screen enables it.
          const forgotEnabled = !view.resetting && !view.submitting && view.retryInSeconds === null;
          return { message: view.error, kept: view.password.value, busy: view.resetting || view.submitting, retryEnabled: forgotEnabled, retryInSeconds: view.retryInSeconds };
        },
        retry: forgot,
        calls: () => passwords.resetByEmailStart.calls.length,
      };
    },
  },
  {
    // A passwordless user is sent a link straight from Main's Continue; a failure lands on Main.
    name: "login link to a passwordless user (Main's Continue)",
    expected: { kept: PASSWORDLESS_USER },
    failWith: ({ widget, sendLink }, fault) => widget.failEmailSubmit(PASSWORDLESS_USER, sendLink, fault),
  },
  {
    name: "login link resent to a passwordless user ('Resend email')",
    expected: { kept: PASSWORDLESS_USER },
    async failWith({ test, widget, sendLink }, fault) {
      widget.typeEmail(PASSWORDLESS_USER);
      widget.submitEmail();
      await until(test, () => linkConfirmationFailure(widget));
      sendLink.failNext(fault);
      // 'Resend email' on whichever product holds the confirmation.
      const resend = () => widget.press(widget.productScreen().product, { type: 'resendClicked' });
      resend();
      await untilCalled(test, () => sendLink.calls.length, 2);
      return { read: () => linkConfirmationFailure(widget), retry: resend, calls: () => sendLink.calls.length };
    },
  },
];

describe.each(byName(CALLS))('passwords: %s', (_call, call) => {
  it.each(byName(PROVIDER_FAULTS))('%s: the message, the input kept, no spinner, a retry that works', async (_fault, fault) => {
    const page = setUp();
    const row = await call.failWith(page, fault);
    await expectFailureView(page.test, fault, row, call.expected);
  });
});
