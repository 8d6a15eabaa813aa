import { PSEUDO_LOCALE } from '@vestibule/core';
import { expectNoAxeViolations } from '@vestibule/test/axe';
import { act, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthCoreProvider } from '../provider';
import { setup } from '../test-utils';
import { SCREEN_FIXTURES as PASSKEY_PAGE_FIXTURES } from '../screens/passkey-registration.fixtures';
import { SCREEN_FIXTURES as IDP_PAGE_FIXTURES } from '../screens/identity-provider.fixtures';
import { PRODUCT_FIXTURES } from './product-fixtures';
import { headingShown, MAIN_FIXTURES, PAGE_FIXTURES, WIDGET_FIXTURES, type ScreenFixture } from './screen-fixtures';

// Issue 15: axe-core on every screen, in jsdom, from view-model fixtures (ui/src/a11y/screen-fixtures.tsx
// and each product's <name>.fixtures.tsx),
// in English and in the pseudo-locale (a third longer, accented: names and labels come through the
// catalogue as they will in any language). Colour contrast needs a browser: see
// test/e2e/accessibility.e2e.ts. Keyboard and focus round trips stay in the e2e specs too.

const SUSPENDED = 'suspended';
const ALL_SCREEN_FIXTURES: readonly ScreenFixture[] = [...MAIN_FIXTURES, ...WIDGET_FIXTURES, ...PRODUCT_FIXTURES, ...PAGE_FIXTURES, ...PASSKEY_PAGE_FIXTURES, ...IDP_PAGE_FIXTURES];

async function renderSettled(fixture: ScreenFixture, locale: 'en' | typeof PSEUDO_LOCALE): Promise<HTMLElement> {
  // English is preloaded (as on /login); the pseudo-locale loads every namespace on demand.
  const harness = locale === 'en' ? setup(false) : setup(false, { coreOptions: { locale: PSEUDO_LOCALE, preloadedMessages: {} } });
  let result: RenderResult | undefined;
  // An awaited act: React requires it of trees that suspend on data.
  await act(async () => {
    result = render(
      <AuthCoreProvider core={harness.core}>
        <Suspense fallback={<p data-testid={SUSPENDED} />}>{fixture.element()}</Suspense>
      </AuthCoreProvider>,
    );
  });
  if (!result) throw new Error('render did not run');
  if (fixture.afterRender) act(() => fixture.afterRender?.(harness.core));
  // Lazily loaded screens and strings take longer than a second under a loaded machine. The
  // product screens wait in the widget's own Suspense boundary, so the fixture says what shows.
  await waitFor(
    () => {
      expect(screen.queryByTestId(SUSPENDED)).toBeNull();
      (fixture.settled ?? headingShown)();
    },
    { timeout: 5000 },
  );
  return result.container;
}

describe.each([
  ['English', 'en'],
  [`the pseudo-locale (${PSEUDO_LOCALE})`, PSEUDO_LOCALE],
] as const)('every screen in %s meets WCAG 2.1 A and AA as axe-core checks it (no colour contrast in jsdom)', (_language, locale) => {
  it.each(ALL_SCREEN_FIXTURES.map((fixture) => [fixture.name, fixture] as const))('%s', async (_name, fixture) => {
    const container = await renderSettled(fixture, locale);
    // What is checked is the screen in this language, not a fallback.
    expect(container.textContent).toMatch(locale === 'en' ? /[A-Za-z]{3}/ : /⟦/);
    await expectNoAxeViolations(container);
  }, 15_000);
});

describe('the jsdom axe check itself', () => {
  it('fails on a field without a label, saying which rule and which element', async () => {
    const { container } = render(<input id="code" type="text" />);
    await expect(expectNoAxeViolations(container)).rejects.toThrow(/label \(critical\): Form elements must have labels[\s\S]*at #code/);
  });

  it("fails on a control whose name leaves out its visible text (the rule jsdom's missing canvas would otherwise skip)", async () => {
    const { container } = render(<button aria-label="Dismiss">Close</button>);
    await expect(expectNoAxeViolations(container)).rejects.toThrow(/label-content-name-mismatch/);
  });
});
