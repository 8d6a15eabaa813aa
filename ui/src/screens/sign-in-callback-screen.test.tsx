import { PENDING_LINK_STORAGE_KEY, authError, type SafePath } from '@vestibule/core';
import { sessionFor } from '@vestibule/test/fakes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reactModes, setup, type Harness } from '../test-utils';
import { SignInCallbackScreen } from './sign-in-callback-screen';
import { SignedInHome } from './signed-in-home';

const LOGIN = '/login?redirect=%2Forders' as SafePath;
const input = (token: string | null) => ({ token, tokenType: 'magic_links', returnContext: { redirect: '/orders' as SafePath, source: null } });

/** A link sent through the fake provider, so authenticate accepts it once. */
async function sentLink(harness: Harness, email = 'ada@example.com'): Promise<string> {
  await harness.ports.magicLinks.send({ email, loginRedirectUrl: 'x', signupRedirectUrl: 'x', loginExpirationMinutes: 30, signupExpirationMinutes: 30 });
  return harness.ports.magicLinks.latestToken(email) ?? '';
}

describe.each(reactModes)('magic-link callback (%s)', (_mode, strict) => {
  const open = (harness: Harness, token: string | null) =>
    harness.renderUi(<SignInCallbackScreen flowKey="cb" input={input(token)} loginHref={LOGIN} loginTarget={LOGIN} />);

  it("shows 'Logging in...' then replaces the page with the validated redirect, authenticating once", async () => {
    const harness = setup(strict);
    const token = await sentLink(harness);
    open(harness, token);
    expect(screen.getByRole('status')).toHaveTextContent('Logging in...');
    await waitFor(() => expect(harness.ports.navigation.navigations).toEqual([{ kind: 'replace', path: '/orders' }]));
    expect(harness.ports.magicLinks.authenticatedTokens).toEqual([token]);
    expect(harness.ports.storage.get(PENDING_LINK_STORAGE_KEY)).toBeNull();
  });

  it('shows the SPEC message for a used link with a way back to login', async () => {
    const harness = setup(strict);
    harness.ports.magicLinks.authentications.failNext(authError('unable_to_auth_magic_link', { serverMessage: 'raw' }));
    open(harness, 'used-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used or has expired. Please try again.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const back = screen.getByRole('link', { name: 'Back to login' });
    expect(back).toHaveAttribute('href', '/login?redirect=%2Forders');
    await userEvent.setup().click(back);
    expect(harness.ports.navigation.navigations).toEqual([{ kind: 'navigate', path: '/login?redirect=%2Forders' }]);
  });

  it('goes on to the redirect when a used link is opened by someone already signed in', async () => {
    const harness = setup(strict, { session: sessionFor('ada@example.com') });
    harness.ports.magicLinks.authentications.failNext(authError('unable_to_auth_magic_link'));
    open(harness, 'used-token');
    await waitFor(() => expect(harness.ports.navigation.navigations).toEqual([{ kind: 'replace', path: '/orders' }]));
    expect(screen.queryByText('We could not log you in')).toBeNull();
  });

  it('offers a retry with the same link after a network failure, and the retry signs in', async () => {
    const harness = setup(strict);
    const token = await sentLink(harness);
    harness.ports.magicLinks.authentications.failNext(authError('network_unreachable'));
    open(harness, token);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server.');
    expect(harness.ports.storage.get(PENDING_LINK_STORAGE_KEY)).toBe(token); // a reload can retry too
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(harness.ports.navigation.navigations).toEqual([{ kind: 'replace', path: '/orders' }]));
    expect(harness.ports.magicLinks.authenticatedTokens).toEqual([token, token]);
  });

  it('recalls the link after a reload took it out of the address bar', async () => {
    const harness = setup(strict);
    const token = await sentLink(harness);
    harness.ports.storage.set(PENDING_LINK_STORAGE_KEY, token);
    open(harness, null);
    await waitFor(() => expect(harness.ports.navigation.navigations).toEqual([{ kind: 'replace', path: '/orders' }]));
  });

  it('explains a link without a token', async () => {
    const harness = setup(strict);
    open(harness, null);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
  });
});

describe.each(reactModes)('signed-in home (%s)', (_mode, strict) => {
  it("shows the user's e-mail and logs out to /login", async () => {
    const { ports, renderUi } = setup(strict, { session: sessionFor('ada@example.com') });
    renderUi(<SignedInHome />);
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(ports.navigation.navigations).toEqual([{ kind: 'replace', path: '/login' }]));
    expect(ports.session.revokeCount).toBe(1);
  });

  it('tells the visitor when the session cannot be checked, and retries', async () => {
    const { renderUi } = setup(strict, {
      session: sessionFor('ada@example.com'),
      beforeStart: (ports) => ports.session.checks.failNext(authError('server_error')),
    });
    renderUi(<SignedInHome />);
    expect(await screen.findByRole('heading', { name: 'We could not check your sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  });
});
