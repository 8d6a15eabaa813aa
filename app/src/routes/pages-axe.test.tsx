import { createAuthCore, PSEUDO_LOCALE } from '@vestibule/core';
import { createFakePorts, sessionFor } from '@vestibule/test/fakes';
import { expectNoAxeViolations } from '@vestibule/test/axe';
import { AuthCoreProvider } from '@vestibule/ui';
import { act, cleanup, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import AccountPasskeysPage from './account-passkeys-page';
import CallbackPage from './callback-page';
import HomePage from './home-page';
import NotFoundPage from './not-found-page';
import PasswordResetPage from './password-reset-page';
import PlaygroundPage from './playground-page';

// Issue 15: axe-core on the app's own pages in jsdom, in the page frame (`<main>`), in English and
// in the pseudo-locale. The screens inside them are checked state by state in
// ui/src/a11y/screens-axe.test.tsx; here, what the pages add: the frame, the not-found page, the
// playground's controls, and the reset screen mounted by its custom element. Colour contrast and
// the document itself (title, `lang`) are the browser's: test/e2e/accessibility.e2e.ts.

afterEach(cleanup);

const EMAIL = 'ada@example.com';

interface PageFixture {
  readonly name: string;
  readonly page: () => ReactElement;
  /** Throws until the page has settled. */
  readonly settled: () => void;
  readonly signedIn?: boolean;
}

const headingShown = () => void screen.getByRole('heading', { level: 1 });

const PAGES: readonly PageFixture[] = [
  { name: 'the not-found page', page: () => <NotFoundPage />, settled: headingShown },
  {
    name: 'the playground with the passcode tabs and a configuration warning',
    page: () => <PlaygroundPage search="?products=emailMagicLinks,otp&otpMethods=sms,email&theme=dark" />,
    settled: () => {
      screen.getByRole('tablist');
      screen.getByRole('alert');
    },
  },
  {
    name: "the playground with OAuth providers and a product that is not built yet",
    page: () => <PlaygroundPage search="?products=oauth,emailMagicLinks,passkeys&oauthProviders=github,google" />,
    settled: () => void screen.getByRole('textbox'),
  },
  { name: 'the callback page for a link without a token', page: () => <CallbackPage token={null} tokenType="magic_links" search="" />, settled: () => void screen.getByRole('alert') },
  { name: 'the signed-in home page', page: () => <HomePage />, settled: () => void screen.getByRole('button'), signedIn: true },
  // Its states one by one: ui/src/screens/passkey-registration-screen.a11y.test.tsx.
  { name: 'the passkeys page, signed in', page: () => <AccountPasskeysPage />, settled: () => void screen.getAllByRole('button'), signedIn: true },
  { name: 'the passkeys page, signed out', page: () => <AccountPasskeysPage />, settled: () => void screen.getByRole('link') },
];

async function renderPage(fixture: PageFixture, locale: 'en' | typeof PSEUDO_LOCALE): Promise<HTMLElement> {
  const ports = createFakePorts(fixture.signedIn ? { session: sessionFor(EMAIL) } : {});
  const core = createAuthCore(ports, { origin: 'http://localhost:5173', locale });
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <AuthCoreProvider core={core}>
        <Suspense fallback={null}>{fixture.page()}</Suspense>
      </AuthCoreProvider>,
    );
  });
  if (!result) throw new Error('render did not run');
  await waitFor(fixture.settled, { timeout: 5000 });
  return result.container;
}

describe.each([
  ['English', 'en'],
  [`the pseudo-locale (${PSEUDO_LOCALE})`, PSEUDO_LOCALE],
] as const)('the pages in %s meet WCAG 2.1 A and AA as axe-core checks it (no colour contrast in jsdom)', (_language, locale) => {
  it.each(PAGES.map((fixture) => [fixture.name, fixture] as const))('%s', async (_name, fixture) => {
    const container = await renderPage(fixture, locale);
    expect(container.querySelector('main')).not.toBeNull();
    // What is checked is the page in this language, not a fallback.
    expect(container.textContent).toMatch(locale === 'en' ? /[A-Za-z]{3}/ : /⟦/);
    await expectNoAxeViolations(container);
  }, 15_000);
});

// Once, in English: the element is defined once per document, on the first page's core, as in the
// app (one core per page load); its screen's states are checked in both languages in the ui package.
it('the reset page, its screen mounted by the custom element, meets WCAG 2.1 A and AA without a token', async () => {
  const container = await renderPage(
    { name: 'the reset page', page: () => <PasswordResetPage token={null} tokenType="reset_password" search="" />, settled: () => void screen.getByRole('alert') },
    'en',
  );
  expect(container.querySelector('stytch-reset-password-container h1')).not.toBeNull();
  await expectNoAxeViolations(container);
}, 15_000);
