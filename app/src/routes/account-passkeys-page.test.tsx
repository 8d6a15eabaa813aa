import { createAuthCore, destinationOf, ok, type PasskeysPort } from '@vestibule/core';
import { ENGLISH_CATALOGUES } from '@vestibule/core/english-catalogues';
import { createFakePorts, sessionFor } from '@vestibule/test/fakes';
import { AuthCoreProvider } from '@vestibule/ui';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveRoute } from '../router';
import AccountPasskeysPage from './account-passkeys-page';
import HomePage from './home-page';

// /account/passkeys as the app composes it: its route, the way back after signing in, and the
// signed-in home's link to it. The screens themselves are tested in ui/src/screens.

afterEach(cleanup);

const ORIGIN = 'http://localhost:5173';
const noCalls = () => Promise.reject(new Error('not called on this page'));
/** Written here: the page must not call the provider before the user acts. */
const untouchedPasskeys: PasskeysPort = { authenticate: noCalls, register: noCalls, list: () => Promise.resolve(ok([])), rename: noCalls, remove: noCalls };

async function renderPage(page: 'passkeys' | 'home', signedIn: boolean) {
  const ports = createFakePorts(signedIn ? { session: sessionFor('ada@example.com') } : {});
  const core = createAuthCore({ ...ports, passkeys: untouchedPasskeys }, { origin: ORIGIN, preloadedMessages: { en: ENGLISH_CATALOGUES } });
  await act(async () => {
    render(
      <AuthCoreProvider core={core}>
        <Suspense fallback={null}>{page === 'passkeys' ? <AccountPasskeysPage /> : <HomePage />}</Suspense>
      </AuthCoreProvider>,
    );
  });
  return { ports, core };
}

describe('/account/passkeys in the app', () => {
  it('is a route of its own, with or without a trailing slash', () => {
    const history = { replaceState: () => undefined };
    expect(resolveRoute({ pathname: '/account/passkeys', search: '', hash: '' }, history)).toEqual({ page: 'accountPasskeys' });
    expect(resolveRoute({ pathname: '/account/passkeys/', search: '?x=1', hash: '' }, history)).toEqual({ page: 'accountPasskeys' });
  });

  it('signed out, links to the sign-in with a redirect back here that the sign-in accepts', async () => {
    const { core, ports } = await renderPage('passkeys', false);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Cannot use PasskeyRegistration component without active user authenticated.');
    const link = screen.getByRole('link', { name: 'Log in to manage your Passkeys' });
    const href = link.getAttribute('href') ?? '';
    expect(href).toBe('/login?redirect=%2Faccount%2Fpasskeys');
    // What /login and the callback read from it: the validated redirect, so sign-in ends here.
    const returnContext = core.readReturnContext(new URL(href, ORIGIN).search);
    expect(returnContext).toEqual({ redirect: '/account/passkeys', source: null });
    expect(destinationOf(returnContext)).toBe('/account/passkeys');
    await userEvent.setup().click(link);
    expect(ports.navigation.paths).toEqual([href]);
  });

  it('signed in, opens on the start screen without calling the provider', async () => {
    await renderPage('passkeys', true);
    await screen.findByRole('heading', { name: 'Set up a new Passkey' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create a Passkey' }).disabled).toBe(false);
  });

  it("is linked from the signed-in home, through the navigation port", async () => {
    const { ports } = await renderPage('home', true);
    const link = await screen.findByRole('link', { name: 'Manage your Passkeys' });
    expect(link.getAttribute('href')).toBe('/account/passkeys');
    await userEvent.setup().click(link);
    expect(ports.navigation.paths).toEqual(['/account/passkeys']);
  });
});
