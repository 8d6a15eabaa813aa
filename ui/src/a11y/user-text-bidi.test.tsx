import type { MagicLinkView, PasscodesView, PasswordsView, SessionState } from '@vestibule/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthCoreProvider } from '../provider';
import { SignedInHomeView } from '../screens/signed-in-home';
import { IdentityProviderView } from '../screens/identity-provider-screen';
import { setup } from '../test-utils';
import { FIXTURE_MAIL_SHORTCUTS, headingShown, product } from './screen-fixtures';

// Issue 16 §2: bidi controls in an address or number the visitor did not type here (the
// provider's, a link's) made it display as another one. Every screen that shows one renders the
// hostile value itself; what shows has no bidi control left and reads in logical order, with a
// mark where each control was, still isolated from the sentence in a <bdi>.

const ANY_BIDI_CONTROL = /\p{Bidi_Control}/u;
const HOSTILE_EMAIL = 'support\u202emoc.elpmaxe@gmail.com';
const HOSTILE_EMAIL_SHOWN = 'support[U+202E]moc.elpmaxe@gmail.com';
const HOSTILE_PHONE = '+1201\u202e0123555';
const HOSTILE_PHONE_SHOWN = '+1201[U+202E]0123555';
// Isolates: a right-to-left isolate around the domain, closed by a pop.
const ISOLATED_EMAIL = 'ada@\u2067elpmaxe.moc\u2069';
const ISOLATED_EMAIL_SHOWN = 'ada@[U+2067]elpmaxe.moc[U+2069]';
const ignore = () => undefined;

type ResetSentView = Extract<PasswordsView, { readonly screen: 'resetSent' }>;
const resetSent = (reason: ResetSentView['reason'], email: string): ReactElement =>
  product('passwords', { screen: 'resetSent', reason, email, mailShortcuts: FIXTURE_MAIL_SHORTCUTS, resending: false, error: null, retryInSeconds: null, passwordless: 'link' } satisfies ResetSentView);

const magicLinkSent = (email: string): ReactElement =>
  product('magicLink', { screen: 'confirmation', email, mailShortcuts: FIXTURE_MAIL_SHORTCUTS, resending: false, error: null, retryInSeconds: null, resendInSeconds: null, returnLabel: null } satisfies MagicLinkView);

type EntryView = Extract<PasscodesView, { readonly screen: 'entry' }>;
const passcodeEntry = (channel: EntryView['channel'], destination: string): ReactElement =>
  product('passcodes', { screen: 'entry', channel, destination, code: '', verifying: false, inputDisabled: false, error: null, expiry: { status: 'counting', timeLeft: '2:00' }, resend: 'initial', canResend: false, retryInSeconds: null, backArrow: true, returnLabel: null } satisfies EntryView);

const home = (user: { email: string | null; phoneNumber?: string; userId?: string }): ReactElement => {
  const session: SessionState = {
    status: 'authenticated',
    user: { userId: user.userId ?? 'user-test-1', email: user.email, ...(user.phoneNumber === undefined ? {} : { phoneNumber: user.phoneNumber }), roles: [], untrustedMetadata: {} },
    session: { sessionId: 'session-test-1', expiresAt: '2099-01-01T00:00:00Z' },
  };
  return <SignedInHomeView session={session} leaving={false} onLogOut={ignore} onRetry={ignore} />;
};

const consent = (clientName: string, scopeText: string): ReactElement => (
  <IdentityProviderView
    view={{
      screen: 'consent',
      title: 'idp.accessTitleCustom',
      projectName: 'Vestibule',
      clientName: { text: clientName },
      clientDescription: null,
      scopes: { grantable: [{ scope: 'read:orders', description: { text: scopeText } }], ungrantable: [], custom: true },
      submitting: null,
    }}
    send={ignore}
    onSignIn={ignore}
  />
);

const CASES: readonly (readonly [screen: string, element: () => ReactElement, shown: string])[] = [
  ["'Forgot password?' (reset e-mail sent)", () => resetSent('forgot', HOSTILE_EMAIL), HOSTILE_EMAIL_SHOWN],
  ['Breached password (reset e-mail sent)', () => resetSent('breached', HOSTILE_EMAIL), HOSTILE_EMAIL_SHOWN],
  ['Set a new password (reset e-mail sent)', () => resetSent('setNew', ISOLATED_EMAIL), ISOLATED_EMAIL_SHOWN],
  ['Reset required (reset e-mail sent)', () => resetSent('dedupe', HOSTILE_EMAIL), HOSTILE_EMAIL_SHOWN],
  ['E-mail confirmation (magic link sent)', () => magicLinkSent(HOSTILE_EMAIL), HOSTILE_EMAIL_SHOWN],
  ['Passcode entry, sent by text', () => passcodeEntry('sms', HOSTILE_PHONE), HOSTILE_PHONE_SHOWN],
  ['Passcode entry, sent by WhatsApp, isolates', () => passcodeEntry('whatsapp', '+1\u2067201\u20690123555'), '+1[U+2067]201[U+2069]0123555'],
  ['Passcode entry, sent by e-mail', () => passcodeEntry('email', HOSTILE_EMAIL), HOSTILE_EMAIL_SHOWN],
  ['Signed-in home, by e-mail', () => home({ email: HOSTILE_EMAIL }), HOSTILE_EMAIL_SHOWN],
  ['Signed-in home, isolates in the e-mail', () => home({ email: ISOLATED_EMAIL }), ISOLATED_EMAIL_SHOWN],
  ['Signed-in home, by phone', () => home({ email: null, phoneNumber: HOSTILE_PHONE }), HOSTILE_PHONE_SHOWN],
  ['Signed-in home, neither (the user id)', () => home({ email: null, userId: 'user-\u202etset' }), 'user-[U+202E]tset'],
  ["Consent, a client's name", () => consent('Shop\u202etnatsissA', 'See your orders'), 'Shop[U+202E]tnatsissA'],
  ['Consent, a scope described by the project', () => consent('Shop', 'See \u202esredro ruoy'), 'See [U+202E]sredro ruoy'],
];

describe('bidi controls in addresses and numbers are shown as marks, in logical order (issue 16 §2)', () => {
  it.each(CASES)('%s', async (_screen, element, shown) => {
    const harness = setup(false);
    let container: HTMLElement | undefined;
    await act(async () => {
      container = render(
        <AuthCoreProvider core={harness.core}>
          <Suspense fallback={null}>{element()}</Suspense>
        </AuthCoreProvider>,
      ).container;
    });
    await waitFor(() => {
      headingShown();
      expect(container?.textContent).toContain(shown);
    }, { timeout: 5000 });
    expect(container?.textContent).not.toMatch(ANY_BIDI_CONTROL);
    // Still isolated from the sentence around it, wherever it is shown.
    for (const element of screen.getAllByText(shown)) expect(element.closest('bdi')).not.toBeNull();
  }, 15_000);
});
