import { ALL_PRODUCTS, authError, createAuthCore, fail, ok, providerError, type AuthCorePorts, type Result, type SafePath, type WidgetConfig } from '@vestibule/core';
import { ENGLISH_CATALOGUES } from '@vestibule/core/english-catalogues';
import { createFakePorts } from '@vestibule/test/fakes';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthCoreProvider } from '../../../provider';
import { reactModes } from '../../../test-utils';
import { LoginWidget } from '../../login-widget';
import { preloadLoginWidget } from '../../slot-views';

// The passkey button on Main as a visitor meets it, with the passkeys ports written here (the
// shared fake is another slice's): first on Main, pressed by keyboard, its endings, and the e-mail
// field's autofill stopping before the button's request.

type PasskeysPort = NonNullable<AuthCorePorts['passkeys']>;
type Session = Awaited<ReturnType<PasskeysPort['authenticate']>> extends Result<infer S> ? S : never;

const CONFIG: WidgetConfig = { products: ['oauth', 'emailMagicLinks', 'passkeys'], oauthOptions: { providers: [{ type: 'google' }] } };
const SESSION: Session = { user: { userId: 'user-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} }, session: { sessionId: 'session-1', expiresAt: '2030-01-01T00:00:00.000Z' } };

/** Passkeys ports the test drives: the button answers `answers` in turn; autofill waits until aborted. */
function passkeyPorts(options: { readonly autofill: boolean; readonly answers?: Array<Result<Session>> }) {
  const log: string[] = [];
  const requests: Array<{ readonly conditionalMediation: boolean; readonly sessionDurationMinutes: number }> = [];
  const answers = [...(options.answers ?? [])];
  const passkeys: PasskeysPort = {
    authenticate: (request, callOptions) => {
      requests.push(request);
      if (!request.conditionalMediation) {
        log.push('button request');
        return Promise.resolve(answers.shift() ?? ok(SESSION));
      }
      log.push('autofill request');
      return new Promise((resolve) =>
        callOptions?.signal?.addEventListener('abort', () => {
          log.push('autofill aborted');
          resolve(fail(authError('timeout')));
        }),
      );
    },
    register: () => Promise.resolve(fail(authError('unexpected'))),
    list: () => Promise.resolve(ok([])),
    rename: () => Promise.resolve(fail(authError('unexpected'))),
    remove: () => Promise.resolve(fail(authError('unexpected'))),
  };
  const passkeySupport: NonNullable<AuthCorePorts['passkeySupport']> = {
    browserSupportsAutofill: () => Promise.resolve(options.autofill),
    platformAuthenticatorAvailable: () => Promise.resolve(true),
  };
  return { passkeys, passkeySupport, log, requests };
}

beforeAll(() => preloadLoginWidget({ products: ALL_PRODUCTS, config: CONFIG }));

describe.each(reactModes)('the passkey button on Main (%s)', (_mode, strict) => {
  function start(ports: ReturnType<typeof passkeyPorts>) {
    const core = createAuthCore({ ...createFakePorts(), passkeys: ports.passkeys, passkeySupport: ports.passkeySupport }, { origin: 'http://localhost:5173', preloadedMessages: { en: ENGLISH_CATALOGUES } });
    const widget = (
      <AuthCoreProvider core={core}>
        <LoginWidget products={ALL_PRODUCTS} flowKey={`passkeys-${Math.random()}`} config={CONFIG} returnContext={{ redirect: '/orders' as SafePath, source: 'web' }} />
      </AuthCoreProvider>
    );
    render(strict ? <StrictMode>{widget}</StrictMode> : widget);
  }

  it("comes first on Main, named 'Login with a Passkey', above Google and the e-mail field (which offers passkeys in its autofill)", async () => {
    start(passkeyPorts({ autofill: false }));
    const passkey = await screen.findByRole('button', { name: 'Login with a Passkey' });
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(passkey.compareDocumentPosition(google) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(google.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(email).toHaveAttribute('autocomplete', 'username webauthn');
  });

  it("is pressed from the keyboard, asks for the browser's sheet, and ends on 'Success!'", async () => {
    const ports = passkeyPorts({ autofill: false });
    start(ports);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Login with a Passkey' });
    // The first control on Main, after the heading: Tab reaches it first.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Login with a Passkey' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText('You have successfully logged in.')).toBeInTheDocument();
    expect(ports.requests).toEqual([{ sessionDurationMinutes: 60, conditionalMediation: false }]);
  });

  it("stops the e-mail field's pending autofill before the button's request", async () => {
    const ports = passkeyPorts({ autofill: true });
    start(ports);
    await waitFor(() => expect(ports.log).toEqual(['autofill request']));
    expect(ports.requests[0]).toEqual({ sessionDurationMinutes: 60, conditionalMediation: true });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    await waitFor(() => expect(ports.log).toEqual(['autofill request', 'autofill aborted', 'button request']));
  });

  it('leaves a visitor who closed the sheet on Main with no message, and the button ready', async () => {
    start(passkeyPorts({ autofill: false, answers: [fail(authError('passkey_cancelled'))] }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@exa');
    await user.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login with a Passkey' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@exa');
  });

  it("says SPEC §8's passkey error by the button, the provider's message in a toast, and works again", async () => {
    const ports = passkeyPorts({ autofill: false, answers: [fail(providerError('invalid_webauthn_assertion', { status: 400, serverMessage: 'The assertion could not be verified.' }))] });
    start(ports);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    const button = screen.getByRole('button', { name: 'Login with a Passkey' });
    await waitFor(() => expect(button).toHaveAccessibleDescription('Unknown error occurred during passkey authentication. Please try again.'));
    expect(await screen.findByText('The assertion could not be verified.')).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(ports.requests).toHaveLength(2);
  });
});
