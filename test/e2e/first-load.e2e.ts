import type { Locator } from '@playwright/test';
import { expect, requestLoginLink, test, type Page } from './fixtures';

/** What the steps below press and read, in English. */
const ENGLISH = { continueButton: 'Continue', emailLink: 'Email me a login link', sentTo: 'An email was sent to' };
/**
 * Browser languages /login is hydrated for: the pre-render's own (`en`) and Playwright's default
 * (`en-US`, as most English browsers), whose text is the same.
 */
const HYDRATED = [
  { locale: 'en', ...ENGLISH },
  { locale: 'en-US', ...ENGLISH },
];
/** A language /login is rendered afresh for, with the names it then shows. */
const RENDERED_AFRESH = { locale: 'fr-FR', continueButton: 'Continuer', emailLink: 'M’envoyer un lien de connexion', sentTo: 'Un e-mail a été envoyé à' };

/** The pre-rendered element `locator` finds, remembered in the page: hydration keeps it, a fresh render replaces it. */
const rememberElement = (locator: Locator) => locator.evaluate((element) => void ((window as { preRendered?: Element }).preRendered = element));
const isRememberedElement = (locator: Locator) => locator.evaluate((element) => element === (window as { preRendered?: Element }).preRendered);

test.describe('first load of /login', () => {
  test('the sign-in form is in the HTML itself, before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
    await context.close();
  });

  for (const { locale } of HYDRATED) {
    test.describe(`in a browser preferring ${locale}`, () => {
      test.use({ locale });

      test('hydrates the pre-rendered markup without a mismatch and becomes interactive', async ({ page }) => {
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        const releaseScript = await holdAppScript(page);
        await page.goto('/login?redirect=%2Forders&source=web', { waitUntil: 'commit' });
        const field = page.getByRole('textbox', { name: 'Email' });
        await rememberElement(field);
        releaseScript();
        await expect.poll(() => page.evaluate(() => performance.getEntriesByName('vestibule:interactive').length)).toBe(1);
        expect(await isRememberedElement(field)).toBe(true);
        await field.fill('nope');
        await page.getByRole('button', { name: 'Continue', exact: true }).click();
        await expect(page.getByText('Email format is invalid.')).toBeVisible();
        expect(errors).toEqual([]);
      });
    });
  }

  test('loads only the first screen up front: provider code and the SDK come after', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const response = await page.goto('/login');
    const html = (await response?.text()) ?? '';
    const initialScripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+)"/g)].map((match) => match[1]);
    expect(initialScripts.length).toBeGreaterThan(0);
    // Neither the composition root (inversify) nor the Stytch SDK is part of the first load.
    expect(initialScripts.filter((path) => /\/(container|index\.headless)-/.test(path ?? ''))).toEqual([]);

    // Once the page is idle the provider code follows, and only then the first provider call.
    await expect.poll(() => requests.some((path) => path.startsWith('/__sandbox/stytch/'))).toBe(true);
    const firstProviderCall = requests.findIndex((path) => path.startsWith('/__sandbox/stytch/'));
    const entryIndex = requests.indexOf(initialScripts[0] ?? '');
    const containerIndex = requests.findIndex((path) => /\/assets\/container-[^/]+\.js$/.test(path));
    expect(entryIndex).toBeGreaterThanOrEqual(0);
    expect(containerIndex).toBeGreaterThan(entryIndex);
    expect(firstProviderCall).toBeGreaterThan(containerIndex);
  });
});

/** Holds the app's script back, as a slow connection would, while the visitor types; returns its release. */
async function holdAppScript(page: Page): Promise<() => void> {
  let releaseScript: () => void = () => undefined;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  return () => releaseScript();
}

for (const names of [...HYDRATED, RENDERED_AFRESH]) {
  const { locale } = names;
  const hydrated = names !== RENDERED_AFRESH;
  test.describe(`typing before the page has ${hydrated ? 'hydrated' : 'rendered'} (browser preferring ${locale})`, () => {
    test.use({ locale });

    test('keeps what was typed and submits it', async ({ page, sandbox }) => {
      const releaseScript = await holdAppScript(page);
      await page.goto('/login', { waitUntil: 'commit' });
      // By type, not by name: a page rendered afresh names it in its own language.
      const field = page.locator('input[type=email]');
      await field.fill('early@example.com');
      releaseScript();
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('vestibule:interactive').length)).toBe(1);
      await expect(field).toHaveValue('early@example.com');
      await page.getByRole('button', { name: names.continueButton, exact: true }).click();
      await page.getByRole('button', { name: names.emailLink }).click();
      await expect(page.getByText(`${names.sentTo} early@example.com`)).toBeVisible();
      await sandbox.latestLinkTo('early@example.com');
    });

    test('Continue pressed before then: the page stays, the address is kept, and it is sent once the page is ready', async ({ page, sandbox }) => {
      const releaseScript = await holdAppScript(page);
      // Form posts (a navigation); the provider calls are posts too, but not navigations.
      const posts: string[] = [];
      page.on('request', (request) => void (request.method() === 'POST' && request.isNavigationRequest() && posts.push(request.url())));
      await page.goto('/login?redirect=%2Fplayground', { waitUntil: 'commit' });
      const field = page.locator('input[type=email]');
      await field.fill('early@example.com');
      await field.press('Enter');
      // Held by the page's inline guard: no post that would reload an empty page.
      await expect(page.locator('html')).toHaveAttribute('data-early-submit', '0');
      expect(posts).toEqual([]);
      await expect(field).toHaveValue('early@example.com');
      releaseScript();
      await page.getByRole('button', { name: names.emailLink }).click();
      await expect(page.getByText(`${names.sentTo} early@example.com`)).toBeVisible();
      await sandbox.latestLinkTo('early@example.com');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fplayground$/);
      expect(posts).toEqual([]);
      await expect(page.locator('html')).not.toHaveAttribute('data-early-submit');
    });

    test('Continue with Google pressed before then: the press is held and carried out once the page is ready', async ({ page }) => {
      const releaseScript = await holdAppScript(page);
      await page.goto('/login', { waitUntil: 'commit' });
      // The pre-rendered (English) button: without the app it would do nothing at all.
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-early-click', /^\d+$/);
      await expect(page).toHaveURL(/\/login$/);
      releaseScript();
      // Once interactive, the press goes on: the round trip starts and the provider's page opens.
      await expect(page.getByRole('heading', { name: 'Sandbox OAuth provider — Google' })).toBeVisible();
    });

    if (hydrated) {
      test('what is typed while the page loads stays in the same field, focused, and is what goes out', async ({ page, sandbox }) => {
        const releaseScript = await holdAppScript(page);
        await page.goto('/login', { waitUntil: 'commit' });
        const field = page.locator('input[type=email]');
        await field.click();
        await field.pressSequentially('typed-while');
        await expect(page.locator('html')).not.toHaveAttribute('data-interactive');
        await rememberElement(field);
        releaseScript();
        // Typing on while the script arrives and hydrates: some keys land before, some after.
        await field.pressSequentially('-loading@example.com', { delay: 60 });
        await expect(page.locator('html')).toHaveAttribute('data-interactive', '');
        await expect(field).toHaveValue('typed-while-loading@example.com');
        await expect(field).toBeFocused();
        // The same field, not a new one: so the caret stayed where it was too (an e-mail field
        // does not expose it; the keys typed on landed at the end).
        expect(await isRememberedElement(field)).toBe(true);
        await field.press('Enter');
        await page.getByRole('button', { name: names.emailLink }).click();
        await expect(page.getByText(`${names.sentTo} typed-while-loading@example.com`)).toBeVisible();
        await sandbox.latestLinkTo('typed-while-loading@example.com');
      });
    }
  });
}

test.describe('a visitor who is already signed in (issue 16 §15)', () => {
  test('never gets an editable form on /login: it waits for the check, then moves on', async ({ page, sandbox }) => {
    await page.goto('/login');
    await requestLoginLink(page, 'ada@example.com');
    await page.goto(await sandbox.latestLinkTo('ada@example.com'), { waitUntil: 'commit' });
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();

    const releaseScript = await holdAppScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    // The pre-rendered form is there for signed-out visitors; with a session cookie it is not offered.
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeHidden();
    releaseScript();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();
  });

  test('a signed-out visitor with a stale session cookie gets the form once the check says so', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'stytch_session', value: 'stale-session-token-0123456789', url: baseURL ?? '' }]);
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
  });
});
