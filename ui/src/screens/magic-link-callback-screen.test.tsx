import { authError } from '@vestibule/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reactModes, setup } from '../test-utils';
import { MagicLinkCallbackScreen } from './magic-link-callback-screen';
import { SignedInHome } from './signed-in-home';

describe.each(reactModes)('magic-link callback (%s)', (_mode, strict) => {
  const input = (token: string | null) => ({ token, tokenType: 'magic_links', returnContext: { redirect: '/orders', source: null } });

  it("shows 'Logging in...' then goes to the validated redirect, authenticating once", async () => {
    const { auth, navigation, renderUi } = setup(strict);
    renderUi(<MagicLinkCallbackScreen flowKey="cb" input={input('tok-1')} loginHref="/login" />);
    expect(screen.getByRole('status')).toHaveTextContent('Logging in...');
    await waitFor(() => expect(navigation.paths).toEqual(['/orders']));
    expect(auth.authenticatedTokens).toEqual(['tok-1']);
  });

  it('shows the SPEC message for a used link with a way back to login', async () => {
    const { auth, navigation, renderUi } = setup(strict);
    auth.failNextAuthenticate(authError('unable_to_auth_magic_link', { serverMessage: 'raw' }));
    renderUi(<MagicLinkCallbackScreen flowKey="cb" input={input('used')} loginHref="/login?redirect=%2Forders" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used or has expired. Please try again.');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login?redirect=%2Forders');
    expect(navigation.paths).toEqual([]);
  });

  it('explains a link without a token', async () => {
    const { renderUi } = setup(strict);
    renderUi(<MagicLinkCallbackScreen flowKey="cb" input={input(null)} loginHref="/login" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
  });
});

describe.each(reactModes)('signed-in home (%s)', (_mode, strict) => {
  it("shows the user's e-mail and logs out to /login", async () => {
    const { auth, navigation, renderUi } = setup(strict);
    auth.setSession({
      user: { userId: 'user-test-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} },
      session: { sessionId: 's', expiresAt: '2099-01-01T00:00:00Z' },
    });
    renderUi(<SignedInHome />);
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigation.paths).toEqual(['/login']));
    expect(auth.revokeCount).toBe(1);
  });
});
