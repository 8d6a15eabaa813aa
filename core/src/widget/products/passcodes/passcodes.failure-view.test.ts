import { describe, it } from 'vitest';
import type { PasscodeSignIn, SendPasscodeRequest } from '../../../ports/passcodes.port';
import { byName, expectFailureView, until, untilCalled, type FailureExpectations, type FailureRow, type FailureView } from '../../../testing/failure-view';
import { drivenLoginWidget, type DrivenLoginWidget } from '../../../testing/login-widget-driver';
import { PROVIDER_FAULTS, scriptedCall, type ProviderFault } from '../../../testing/provider-faults';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import type { PasscodesView } from './passcodes.types';

// The e-mail passcode's calls under every fault, on virtual time: the message, what was typed
// kept (the address on Main, the code on Passcode entry), no spinner, and a retry that works —
// for a 429 only once the countdown is over, with the code input and 'Resend' both held. The
// browser's fault matrix keeps one row per fault kind; these are the rest of its facts.

const ADDRESS = 'Otp.User@Example.com';
const CODE = '123456';
const HALF_TYPED = '123';

const signIn: PasscodeSignIn = {
  sessionToken: 'session-token-otp',
  session: { user: { userId: 'user-otp', email: ADDRESS, roles: [], untrustedMetadata: {} }, session: { sessionId: 's-otp', expiresAt: '2030-01-01T00:00:00Z' } },
};

/** E-mail codes only: the passcodes product takes Main's e-mail form. */
function setUp() {
  let sent = 0;
  const send = scriptedCall((_request: SendPasscodeRequest) => ({ methodId: `email-method-${++sent}` }));
  const verify = scriptedCall((_code: string, _methodId: string, _sessionMinutes: number) => signIn);
  const test = virtualTimeHost({ passcodes: { send, verify } });
  const widget = drivenLoginWidget(test, { products: ['otp'], otpOptions: { methods: ['email'] } });
  return { test, widget, send, verify };
}

type Page = ReturnType<typeof setUp>;

interface PasscodeCall {
  readonly name: string;
  readonly expected: FailureExpectations;
  /** Brings the visitor to the call, scripts `fault` for it, makes it, and says how to read and retry. */
  failWith(page: Page, fault: ProviderFault): Promise<FailureRow>;
}

/** Main's Continue with the address: the code goes out and Passcode entry opens. */
async function passcodeEntry({ test, widget }: Page): Promise<void> {
  widget.typeEmail(ADDRESS);
  widget.submitEmail();
  await until(test, () => entryView(widget));
}

function entryView(widget: DrivenLoginWidget): Extract<PasscodesView, { readonly screen: 'entry' }> {
  const view = widget.screenOf<PasscodesView>('passcodes');
  if (view.screen !== 'entry') throw new Error('expected Passcode entry');
  return view;
}

/**
 * Passcode entry after a failure: the message under the code, the code as typed, and the two ways
 * on — typing (the input) and 'Resend' — both usable, or both held by a `Retry-After`.
 */
function entryFailure(widget: DrivenLoginWidget): FailureView {
  const view = entryView(widget);
  return {
    message: view.error,
    kept: view.code,
    busy: view.verifying || view.resend === 'sending',
    retryEnabled: !view.inputDisabled && view.canResend,
    retryInSeconds: view.retryInSeconds,
  };
}

const CALLS: readonly PasscodeCall[] = [
  {
    name: "e-mail code send (Main's Continue)",
    expected: { kept: ADDRESS },
    failWith: ({ widget, send }, fault) => widget.failEmailSubmit(ADDRESS, send, fault),
  },
  {
    // The sixth digit verifies; typed (or pasted) again, the same code is checked again.
    name: 'verify (the sixth digit typed)',
    expected: { kept: CODE },
    async failWith(page, fault) {
      const { test, widget, verify } = page;
      await passcodeEntry(page);
      verify.failNext(fault);
      const typeCode = () => widget.press('passcodes', { type: 'codeChanged', value: CODE });
      typeCode();
      await untilCalled(test, () => verify.calls.length, 1);
      return { read: () => entryFailure(widget), retry: typeCode, calls: () => verify.calls.length };
    },
  },
  {
    name: "resend ('Resend' on Passcode entry)",
    expected: { kept: HALF_TYPED },
    async failWith(page, fault) {
      const { test, widget, send } = page;
      await passcodeEntry(page);
      widget.press('passcodes', { type: 'codeChanged', value: HALF_TYPED });
      send.failNext(fault);
      const resend = () => widget.press('passcodes', { type: 'resendClicked' });
      resend();
      await untilCalled(test, () => send.calls.length, 2);
      return { read: () => entryFailure(widget), retry: resend, calls: () => send.calls.length };
    },
  },
];

describe.each(byName(CALLS))('passcodes: %s', (_call, call) => {
  it.each(byName(PROVIDER_FAULTS))('%s: the message, the input kept, no spinner, a retry that works', async (_fault, fault) => {
    const page = setUp();
    const row = await call.failWith(page, fault);
    await expectFailureView(page.test, fault, row, call.expected);
  });
});
