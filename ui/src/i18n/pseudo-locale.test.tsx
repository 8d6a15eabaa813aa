import { authError, PSEUDO_LOCALE, type SafePath, type SessionState, ALL_PRODUCTS } from '@vestibule/core';
import { sessionFor } from '@vestibule/test/fakes';
import { untranslatedText } from '@vestibule/test/i18n';
import { act, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastRegion } from '../components/toast-region';
import { AuthCoreProvider } from '../provider';
import { SignInCallbackView } from '../screens/sign-in-callback-screen';
import { SignedInHomeView } from '../screens/signed-in-home';
import { setup } from '../test-utils';
import { LoginWidget } from '../widget/login-widget';
import { PasswordResetView } from '../screens/password-reset-screen';
import { PRODUCT_FIXTURES } from '../a11y/product-fixtures';
import { SCREEN_FIXTURES as PASSKEY_PAGE_FIXTURES } from '../screens/passkey-registration.fixtures';
import { SCREEN_FIXTURES as IDP_PAGE_FIXTURES } from '../screens/identity-provider.fixtures';
import { FIXTURE_EMAIL, FIXTURE_PHONE, headingShown, LUDS, WIDGET_FIXTURES } from '../a11y/screen-fixtures';


// Issue 6 §5: every screen rendered in the pseudo-locale, loaded through the real on-demand path
// (no preloaded English). Any text that bypassed the catalogue shows up as plain ASCII letters.

const EMAIL = 'ada@example.com';
const ALLOWED = [EMAIL];
const returnContext = { redirect: null, source: null } as const;
const LOGIN = '/login' as SafePath;
const ignore = () => undefined;

function pseudoHarness() {
  // `preloadedMessages: {}` drops the English the other UI tests preload: strings load on demand.
  return setup(false, { coreOptions: { locale: PSEUDO_LOCALE, preloadedMessages: {} } });
}

/** Renders inside an awaited `act`, as React requires of trees that suspend on data. */
async function renderSuspending(ui: ReactElement): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(ui);
  });
  if (!result) throw new Error('render did not run');
  return result;
}

async function renderPseudo(ui: ReactElement, ready: () => unknown) {
  const harness = pseudoHarness();
  const result = await renderSuspending(
    <AuthCoreProvider core={harness.core}>
      <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
    </AuthCoreProvider>,
  );
  await waitFor(() => expect(ready()).toBeTruthy(), { timeout: 5000 });
  return { ...result, harness };
}

function expectAllTranslated(container: Element) {
  expect(container.textContent?.trim()).not.toBe('');
  expect(untranslatedText(container, ALLOWED)).toEqual([]);
}

const unavailable = (retryInSeconds: number | null): SessionState => ({ status: 'unavailable', error: authError('network_unreachable'), retryInSeconds });

describe(`every screen in the pseudo-locale (${PSEUDO_LOCALE})`, () => {
  it('Main, its validation message, the e-mail confirmation and its errors (the real widget)', async () => {
    const harness = pseudoHarness();
    const { container } = await renderSuspending(
      <AuthCoreProvider core={harness.core}>
        <Suspense fallback={null}>
          <LoginWidget products={ALL_PRODUCTS} flowKey="login" config={{ products: ['emailMagicLinks'] }} returnContext={returnContext} />
        </Suspense>
      </AuthCoreProvider>,
    );
    // The catalogue loader is its own chunk now: under a loaded machine the first strings take longer than 1 s.
    const field = await screen.findByRole('textbox', {}, { timeout: 5000 });
    expectAllTranslated(container);

    const user = userEvent.setup();
    await user.type(field, 'ada@example{Enter}');
    await screen.findByText(/^⟦Éɱáíĺ ƒóŕɱáţ/);
    expect(untranslatedText(container, [...ALLOWED, 'ada@example'])).toEqual([]);

    await user.clear(field);
    await user.type(field, `${EMAIL}{Enter}`);
    await screen.findByRole('heading', { name: /^⟦Çĥéçķ/ });
    expectAllTranslated(container);

    harness.ports.magicLinks.sends.failNext(authError('too_many_requests', { retryAfterMs: 5_000 }));
    await user.click(screen.getByRole('button', { name: /^⟦Ŕéšéñð/ }));
    await screen.findByRole('alert');
    expectAllTranslated(container);
  });

  it("Main's passcode tabs and phone form (the real widget)", async () => {
    const harness = pseudoHarness();
    const { container } = await renderSuspending(
      <AuthCoreProvider core={harness.core}>
        <Suspense fallback={null}>
          <LoginWidget products={ALL_PRODUCTS} flowKey="otp" config={{ products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } }} returnContext={returnContext} />
        </Suspense>
      </AuthCoreProvider>,
    );
    await screen.findByRole('tablist', {}, { timeout: 5000 });
    // Country names come from the browser (Intl.DisplayNames), in the page's language; the closed
    // select's compact 'US +1' is an ISO code, the same in every language.
    expect(untranslatedText(container, [...ALLOWED, 'United States', 'France', 'United Kingdom', 'US', 'GB', '+1', '+33', '+44'])).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^⟦/ }));
    await screen.findByRole('alert');
    expect(untranslatedText(container, [...ALLOWED, 'United States', 'France', 'United Kingdom', 'US', 'GB', '+1', '+33', '+44'])).toEqual([]);
  });

  it('a configuration error on Main', async () => {
    const harness = pseudoHarness();
    const { container } = await renderSuspending(
      <AuthCoreProvider core={harness.core}>
        <Suspense fallback={null}>
          <LoginWidget products={ALL_PRODUCTS} flowKey="config" config={{ products: ['passkeys'] }} returnContext={returnContext} />
        </Suspense>
      </AuthCoreProvider>,
    );
    await screen.findByText(/Ƥáššķéýš|Þáššķéýš/);
    expectAllTranslated(container);
  });

  it.each<[string, ReactElement]>([
    ['the callback while logging in', <SignInCallbackView key="b" view={{ screen: 'busy' }} send={ignore} loginHref={LOGIN} onBackToLogin={ignore} />],
    ['the callback after a failure, with a retry', <SignInCallbackView key="f" view={{ screen: 'failed', message: { key: 'error.network_unreachable' }, retry: { inSeconds: 3 } }} send={ignore} loginHref={LOGIN} onBackToLogin={ignore} />],
    ['the callback for a used link', <SignInCallbackView key="u" view={{ screen: 'failed', message: { key: 'error.unable_to_auth_magic_link' }, retry: null }} send={ignore} loginHref={LOGIN} onBackToLogin={ignore} />],
    ['home while loading', <SignedInHomeView key="l" session={{ status: 'unknown' }} leaving={false} onLogOut={ignore} onRetry={ignore} />],
    ['home when the session cannot be checked', <SignedInHomeView key="n" session={unavailable(null)} leaving={false} onLogOut={ignore} onRetry={ignore} />],
    ['home with a Retry-After countdown', <SignedInHomeView key="r" session={unavailable(2)} leaving={false} onLogOut={ignore} onRetry={ignore} />],
    ['home signed in', <SignedInHomeView key="h" session={signedIn()} leaving={false} onLogOut={ignore} onRetry={ignore} />],
    ['home while logging out', <SignedInHomeView key="o" session={signedIn()} leaving={true} onLogOut={ignore} onRetry={ignore} />],
    ['the reset form', <PasswordResetView key="rf" view={{ screen: 'form', password: LUDS, submitting: false, canSubmit: false, error: null, retryInSeconds: null }} send={ignore} />],
    ['the reset form without a token', <PasswordResetView key="rm" view={{ screen: 'missingToken', message: { key: 'error.missing_token' } }} send={ignore} />],
  ])('%s', async (_name, ui) => {
    const { container } = await renderPseudo(ui, () => !screen.queryByText('loading') && document.body.textContent?.includes('⟦'));
    expectAllTranslated(container);
  });

  // Each product's screens from its own fixtures (ui/src/widget/products/<name>/<name>.fixtures.tsx),
  // through the widget as it renders them, with their strings loaded on demand.
  it.each([...WIDGET_FIXTURES, ...PRODUCT_FIXTURES, ...PASSKEY_PAGE_FIXTURES, ...IDP_PAGE_FIXTURES].map((fixture) => [fixture.name, fixture] as const))('%s', async (_name, fixture) => {
    const { container } = await renderPseudo(fixture.element(), () => {
      (fixture.settled ?? headingShown)();
      return !screen.queryByText('loading') && document.body.textContent?.includes('⟦');
    });
    expect(container.textContent?.trim()).not.toBe('');
    expect(untranslatedText(container, [FIXTURE_EMAIL, FIXTURE_PHONE, ...(fixture.untranslated ?? [])])).toEqual([]);
  }, 15_000);

  it('a toast and its dismiss button', async () => {
    const harness = pseudoHarness();
    const { container } = await renderSuspending(
      <AuthCoreProvider core={harness.core}>
        <Suspense fallback={null}>
          <ToastRegion />
        </Suspense>
      </AuthCoreProvider>,
    );
    act(() => void harness.core.host.toasts.show('success', { key: 'toast.emailResent' }));
    await screen.findByText(/^⟦Éɱáíĺ/);
    expectAllTranslated(container);
  });

  it('the detector itself finds text that bypassed the catalogue', () => {
    const element = document.createElement('div');
    element.innerHTML = '<p>⟦Çóñţíñúé ~~~⟧</p><button aria-label="Close">×</button><p>Sent to ada@example.com</p>';
    expect(untranslatedText(element, ALLOWED)).toEqual(['text: Sent to ada@example.com', 'button[aria-label]: Close']);
  });
});

function signedIn(): SessionState {
  const { user, session } = sessionFor(EMAIL);
  return { status: 'authenticated', user, session };
}

describe('a widget in its own language', () => {
  it('renders a French widget on an English page, loading its strings on demand, and marks its language', async () => {
    const harness = setup(false);
    const { container } = await renderSuspending(
      <AuthCoreProvider core={harness.core}>
        <p>{harness.core.i18n.t('login.title')}</p>
        <LoginWidget products={ALL_PRODUCTS} flowKey="fr" config={{ products: ['emailMagicLinks'] }} returnContext={returnContext} locale="fr-CA" />
      </AuthCoreProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Inscrivez-vous ou connectez-vous' })).toBeInTheDocument();
    expect(screen.getByText('Sign up or log in')).toBeInTheDocument();
    expect(container.querySelector('[lang="fr-CA"]')).toContainElement(screen.getByRole('textbox', { name: 'E-mail' }));

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example{Enter}');
    expect(await screen.findByText('Le format de l’adresse e-mail n’est pas valide.')).toBeInTheDocument();
  });
});
