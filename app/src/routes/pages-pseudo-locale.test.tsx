import { BUNDLED_LOCALES, createAuthCore, OAUTH_PROVIDERS, OTP_METHODS, PRODUCTS, PSEUDO_LOCALE } from '@vestibule/core';
import { createFakePorts } from '@vestibule/test/fakes';
import { untranslatedText } from '@vestibule/test/i18n';
import { AuthCoreProvider } from '@vestibule/ui';
import { act, render, screen, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import NotFoundPage from './not-found-page';
import PlaygroundPage from './playground-page';

// Issue 6 §5: the app's own pages hold no English outside the catalogue either.

afterEach(cleanup);

async function renderInPseudoLocale(ui: ReactElement): Promise<RenderResult> {
  const core = createAuthCore(createFakePorts(), { origin: 'http://localhost:5173', locale: PSEUDO_LOCALE });
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
    const { container } = await renderInPseudoLocale(<PlaygroundPage search="?products=emailMagicLinks,otp&colour=red&locale=en-XA" />);
    await screen.findByRole('heading', { name: /^⟦Ŵíðĝéţ/ });
    await screen.findByRole('textbox');
    // Identifiers a developer picks (products, methods, providers, themes, locales) and the
    // shareable link are data; everything else must come from the catalogue.
    const link = container.querySelector('a')?.getAttribute('href') ?? '';
    const data = [...PRODUCTS, ...OTP_METHODS, ...OAUTH_PROVIDERS, ...BUNDLED_LOCALES, 'light', 'dark', 'colour', 'red', '/playground', link.slice('/playground'.length)];
    expect(untranslatedText(container, data.sort((a, b) => b.length - a.length))).toEqual([]);
  });
});
