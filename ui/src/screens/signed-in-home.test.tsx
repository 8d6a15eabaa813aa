import type { SessionState } from '@vestibule/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthCoreProvider } from '../provider';
import { setup } from '../test-utils';
import { SignedInHomeView } from './signed-in-home';

// Issue 18: the signed-in home names the user by e-mail, phone, or — for a user who signed up
// with a wallet — the wallet address, shortened on screen with the full one read out and copied.

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const signedIn = (user: Partial<Extract<SessionState, { status: 'authenticated' }>['user']>): SessionState => ({
  status: 'authenticated',
  user: { userId: 'user-test-1', email: null, roles: [], untrustedMetadata: {}, ...user },
  session: { sessionId: 'session-test-1', expiresAt: '2099-01-01T00:00:00Z' },
});

async function renderHome(session: SessionState, onCopyAddress = vi.fn()) {
  const harness = setup(false);
  await act(async () => {
    render(
      <AuthCoreProvider core={harness.core}>
        <Suspense fallback={null}>
          <SignedInHomeView session={session} leaving={false} onLogOut={() => undefined} onRetry={() => undefined} onCopyAddress={onCopyAddress} />
        </Suspense>
      </AuthCoreProvider>,
    );
  });
  await waitFor(() => screen.getByRole('heading', { level: 1 }), { timeout: 5_000 });
  return onCopyAddress;
}

describe('the signed-in home names the user', () => {
  it('by the wallet address, shortened, the full address for screen readers and the copy button', async () => {
    const copy = await renderHome(signedIn({ cryptoWallet: { address: ADDRESS, chain: 'ethereum' } }));
    const sentence = screen.getByText(/Signed in as/);
    // What a sighted person reads, and what a screen reader reads (the short form is hidden from it).
    expect(sentence.textContent).toContain('0x5aAe…eAed');
    const hidden = sentence.querySelector('[aria-hidden="true"]');
    expect(hidden?.textContent).toBe('0x5aAe…eAed');
    expect(sentence.querySelector('.vb-visually-hidden')?.textContent).toBe(ADDRESS);
    await userEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(copy).toHaveBeenCalledWith(ADDRESS);
  });

  it('by e-mail or phone first, with no copy button, when the user has one besides a wallet', async () => {
    await renderHome(signedIn({ email: 'ada@example.com', cryptoWallet: { address: ADDRESS, chain: 'ethereum' } }));
    expect(screen.getByText(/Signed in as/).textContent).toBe('Signed in as ada@example.com');
    expect(screen.queryByRole('button', { name: 'Copy address' })).toBeNull();
  });

  it('shows a Solana address the same way', async () => {
    await renderHome(signedIn({ cryptoWallet: { address: 'BPFLoaderUpgradeab1e11111111111111111111111', chain: 'solana' } }));
    expect(screen.getByText(/Signed in as/).querySelector('[aria-hidden="true"]')?.textContent).toBe('BPFLoa…1111');
  });
});
