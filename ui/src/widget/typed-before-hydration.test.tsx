import { ALL_PRODUCTS, createAuthCore, type SafePath } from '@vestibule/core';
import { ENGLISH_CATALOGUES } from '@vestibule/core/english-catalogues';
import { createFakePorts } from '@vestibule/test/fakes';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthCoreProvider } from '../provider';
import { LoginWidget } from './login-widget';

// A visitor types into the pre-rendered /login while React attaches (hydration yields between
// chunks, and the page's own read of the field came just before): what they typed must be what
// Continue sends, never an empty address.

describe('an address typed while the page hydrates', () => {
  it('is taken over by the widget, and Continue sends it', async () => {
    const ports = createFakePorts();
    const core = createAuthCore(ports, { origin: 'http://localhost:5173', preloadedMessages: { en: ENGLISH_CATALOGUES } });
    const page = (
      <AuthCoreProvider core={core}>
        <LoginWidget products={ALL_PRODUCTS} flowKey="hydration" config={{ products: ['emailMagicLinks'] }} returnContext={{ redirect: '/orders' as SafePath, source: 'web' }} />
      </AuthCoreProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // Typed into the server's markup after the page read the field, before React attached.
    const field = container.querySelector('input[type=email]') as HTMLInputElement;
    field.value = 'ada@example.com';

    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: () => undefined });
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(ports.magicLinks.sentRequests.map((request) => request.email)).toEqual(['ada@example.com']));
    container.remove();
  });
});
