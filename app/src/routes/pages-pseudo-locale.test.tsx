import { BUNDLED_LOCALES, createAuthCore, OAUTH_PROVIDERS, OTP_METHODS, PRODUCTS, PSEUDO_LOCALE } from '@vestibule/core';
import { createFakePorts, sessionFor } from '@vestibule/test/fakes';
import { untranslatedText } from '@vestibule/test/i18n';
import { AuthCoreProvider } from '@vestibule/ui';
import { act, render, screen, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import AccountPasskeysPage from './account-passkeys-page';
import NotFoundPage from './not-found-page';
import PlaygroundPage from './playground-page';

// Issue 6 §5: the app's own pages hold no English outside the catalogue either.

afterEach(cleanup);

async function renderInPseudoLocale(ui: ReactElement, ports = createFakePorts()): Promise<RenderResult> {
  const core = createAuthCore(ports, { origin: 'http://localhost:5173', locale: PSEUDO_LOCALE });
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <AuthCoreProvider core={core}>
        <Suspense fallback={null}>{ui}</Suspense>
      </AuthCoreProvider>,
    );
  });
  if (!result) throw new Error('render did not run');
  return result;
}

describe(`pages in the pseudo-locale (${PSEUDO_LOCALE})`, () => {
  it('the not-found page', async () => {
    const { container } = await renderInPseudoLocale(<NotFoundPage />);
    await screen.findByRole('heading', { name: /^⟦Þáĝé/ });
    expect(untranslatedText(container)).toEqual([]);
  });

  it('the playground: its controls and its notices (product ids and the link are data, not text)', async () => {
    const { container } = await renderInPseudoLocale(<PlaygroundPage search="?products=emailMagicLinks,otp&colour=red&theme=neon&locale=en-XA" />);
    await screen.findByRole('heading', { name: /^⟦Ŵíðĝéţ/ });
    await screen.findByRole('textbox');
    // Identifiers a developer picks (products, methods, providers, themes, locales, the name of a
    // parameter with an unknown value) and the shareable link are data; everything else must come
    // from the catalogue. The unknown `colour=red` is only counted, so it is not data here.
    const link = container.querySelector('a')?.getAttribute('href') ?? '';
    const data = [...PRODUCTS, ...OTP_METHODS, ...OAUTH_PROVIDERS, ...BUNDLED_LOCALES, 'light', 'dark', 'theme', '/playground', link.slice('/playground'.length)];
    expect(untranslatedText(container, data.sort((a, b) => b.length - a.length))).toEqual([]);
  });

  it('the playground with no product: its notice in place of the widget', async () => {
    const { container } = await renderInPseudoLocale(<PlaygroundPage search="?products=" />);
    await screen.findByRole('heading', { name: /^⟦Ŵíðĝéţ/ });
    expect(screen.queryByRole('textbox')).toBeNull();
    const link = container.querySelector('a')?.getAttribute('href') ?? '';
    const data = [...PRODUCTS, ...OTP_METHODS, ...OAUTH_PROVIDERS, ...BUNDLED_LOCALES, 'light', 'dark', '/playground', link.slice('/playground'.length)];
    expect(untranslatedText(container, data.sort((a, b) => b.length - a.length))).toEqual([]);
    expect(screen.getAllByRole('status').map((notice) => notice.textContent)).toEqual([expect.stringMatching(/^⟦Çĥóóšé/)]);
  });

  it('the passkeys page, signed in and signed out', async () => {
    const signedIn = await renderInPseudoLocale(<AccountPasskeysPage />, createFakePorts({ session: sessionFor('ada@example.com') }));
    await screen.findByRole('heading', { name: /^⟦Šéţ/ });
    expect(untranslatedText(signedIn.container, ['ada@example.com'])).toEqual([]);
    cleanup();
    const signedOut = await renderInPseudoLocale(<AccountPasskeysPage />);
    await screen.findByRole('link', { name: /^⟦/ });
    expect(untranslatedText(signedOut.container)).toEqual([]);
  });
});
