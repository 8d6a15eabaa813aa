import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthCoreProvider } from '../provider';
import { setup } from '../test-utils';
import { IdentityProviderView } from './identity-provider-screen';

// What only the rendered screen shows: the client's name inside a sentence, as the text it is.

describe('the identity-provider screens', () => {
  it("say whose app the visitor is taken back to, the client's name as text", async () => {
    const harness = setup(false);
    await act(async () => {
      render(
        <AuthCoreProvider core={harness.core}>
          <Suspense fallback={null}>
            <IdentityProviderView view={{ screen: 'busy', message: 'idp.redirecting', clientName: { text: 'Shop <b>Assistant</b>' } }} send={() => undefined} onSignIn={() => undefined} />
          </Suspense>
        </AuthCoreProvider>,
      );
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Taking you back to Shop <b>Assistant</b>…'), { timeout: 5_000 });
    expect(document.querySelector('b')).toBeNull();
  });
});
