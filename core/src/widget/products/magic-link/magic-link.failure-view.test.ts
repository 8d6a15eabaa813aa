import { describe, it } from 'vitest';
import type { WidgetConfig } from '../../../domain/config/widget-config';
import { authError, fail } from '../../../domain/errors/auth-error';
import type { SendMagicLinkRequest } from '../../../ports/magic-links.port';
import type { PasswordStrength } from '../../../ports/passwords.port';
import { byName, expectFailureView, until, untilCalled, type FailureExpectations, type FailureRow } from '../../../testing/failure-view';
import { drivenLoginWidget, type DrivenLoginWidget } from '../../../testing/login-widget-driver';
import { PROVIDER_FAULTS, scriptedCall, type ProviderFault } from '../../../testing/provider-faults';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { MagicLinkView } from './magic-link.types';

// Every magic-link send under every fault, on virtual time: the message, the address kept as
// typed, no spinner, and a retry that sends again (after the wait, for a 429). The browser's
// fault matrix keeps one row per fault kind; these are the rest of its facts.

const ADDRESS = 'Ada.Lovelace@Example.com';

function setUp(config: WidgetConfig) {
  const send = scriptedCall((_request: SendMagicLinkRequest) => undefined);
  const searchUser = scriptedCall((_email: string) => 'new' as const);
  const strong: PasswordStrength = { score: 4, validPassword: true, breachedPassword: false, strengthPolicy: 'zxcvbn', warning: '', suggestions: [], ludsRequirements: null };
  const unused = () => Promise.resolve(fail(authError('unexpected')));
  const test = virtualTimeHost({
    magicLinks: { send, authenticate: unused },
    passwords: { searchUser, strengthCheck: scriptedCall(() => strong), create: unused, authenticate: unused, resetByEmailStart: unused, resetByEmail: unused },
  });
  return { test, widget: drivenLoginWidget(test, config), send, searchUser };
}

type Page = ReturnType<typeof setUp>;

interface SendCall {
  readonly name: string;
  readonly config: WidgetConfig;
  readonly expected: FailureExpectations;
  /** Brings the visitor to the send, scripts `fault` for it, sends, and says how to read and retry. */
  failWith(page: Page, fault: ProviderFault): Promise<FailureRow>;
}

const confirmationFailure = (widget: DrivenLoginWidget) => {
  const view = widget.screenOf<MagicLinkView>('magicLink');
  return {
    message: view.error,
    kept: view.email,
    busy: view.resending,
    retryEnabled: !view.resending && view.retryInSeconds === null,
    retryInSeconds: view.retryInSeconds,
  };
};

const CALLS: readonly SendCall[] = [
  {
    name: "send from Main's e-mail form",
    config: { products: ['emailMagicLinks'] },
    expected: { kept: ADDRESS },
    failWith: ({ widget, send }, fault) => widget.failEmailSubmit(ADDRESS, send, fault),
  },
  {
    // The browser matrix's path: a new address, then 'Email me a login link' on Create an account.
    // Back on Main, Continue is the way to try again (it leads to that choice once more).
    name: "send from 'Email me a login link' (Create an account)",
    config: { products: ['emailMagicLinks', 'passwords'] },
    expected: { kept: ADDRESS },
    async failWith({ test, widget, send, searchUser }, fault) {
      widget.typeEmail(ADDRESS);
      widget.submitEmail();
      await until(test, () => widget.screenOf('passwords'));
      send.failNext(fault);
      widget.press('passwords', { type: 'passwordlessClicked' });
      await untilCalled(test, () => send.calls.length, 1);
      return { read: widget.emailFormFailure, retry: widget.submitEmail, calls: () => searchUser.calls.length };
    },
  },
  {
    name: "resend from the e-mail confirmation ('Resend email')",
    config: { products: ['emailMagicLinks'] },
    expected: { kept: ADDRESS },
    async failWith({ test, widget, send }, fault) {
      widget.typeEmail(ADDRESS);
      widget.submitEmail();
      await until(test, () => widget.screenOf('magicLink'));
      send.failNext(fault);
      const resend = () => widget.press('magicLink', { type: 'resendClicked' });
      resend();
      await untilCalled(test, () => send.calls.length, 2);
      return { read: () => confirmationFailure(widget), retry: resend, calls: () => send.calls.length };
    },
  },
];

describe.each(byName(CALLS))('magic link: %s', (_call, call) => {
  it.each(byName(PROVIDER_FAULTS))('%s: the message, the address kept, no spinner, a retry that works', async (_fault, fault) => {
    const page = setUp(call.config);
    const row = await call.failWith(page, fault);
    await expectFailureView(page.test, fault, row, call.expected);
  });
});
