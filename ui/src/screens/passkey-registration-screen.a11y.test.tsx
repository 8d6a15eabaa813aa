import { PSEUDO_LOCALE } from '@vestibule/core';
import { expectNoAxeViolations } from '@vestibule/test/axe';
import { untranslatedText } from '@vestibule/test/i18n';
import { act, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { headingShown, type ScreenFixture } from '../a11y/screen-fixtures';
import { AuthCoreProvider } from '../provider';
import { setup } from '../test-utils';
import { SCREEN_FIXTURES } from './passkey-registration.fixtures';

// /account/passkeys' every state, as ui/src/a11y checks the other screens: axe-core (WCAG 2.1 A
// and AA, no colour contrast in jsdom) in English and in the pseudo-locale, and in the
// pseudo-locale no text that bypassed the catalogue besides the user's own passkey names.

const SUSPENDED = 'suspended';

async function renderSettled(fixture: ScreenFixture, locale: 'en' | typeof PSEUDO_LOCALE): Promise<HTMLElement> {
  // English is preloaded; the pseudo-locale loads every namespace on demand, as a page does.
  const harness = locale === 'en' ? setup(false) : setup(false, { coreOptions: { locale: PSEUDO_LOCALE, preloadedMessages: {} } });
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <AuthCoreProvider core={harness.core}>
        <Suspense fallback={<p data-testid={SUSPENDED} />}>
          {/* The page's frame: the screens sit in it as they do on the page. */}
          <div className="vb-widget">{fixture.element()}</div>
        </Suspense>
      </AuthCoreProvider>,
    );
  });
  if (!result) throw new Error('render did not run');
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
] as const)('/account/passkeys in %s meets WCAG 2.1 A and AA as axe-core checks it', (_language, locale) => {
  it.each(SCREEN_FIXTURES.map((fixture) => [fixture.name, fixture] as const))('%s', async (_name, fixture) => {
    const container = await renderSettled(fixture, locale);
    if (locale === PSEUDO_LOCALE) {
      expect(container.textContent).toMatch(/⟦/);
      expect(untranslatedText(container, fixture.untranslated ?? [])).toEqual([]);
    }
    await expectNoAxeViolations(container);
  }, 15_000);
});
