import type { APIRequestContext } from '@playwright/test';
import { continueWithGoogleAs, expect, seedUser, test, untilInteractive, type Page } from './fixtures';

// Issue 16 item 22: the sandbox's own pages on a phone. The inbox must not scroll sideways, its
// "Show text" must survive the inbox's 5-second reload, and the page standing in for Google must
// stay short with many sandbox users, offering a search for the rest.

const PHONES = [
  { width: 375, height: 740 },
  { width: 320, height: 640 },
] as const;

/** A real token-bearing link as long as the ones that pushed the inbox sideways: one unbroken word. */
const LONG_REDIRECT = `%2F${'orders-and-more-orders'.repeat(12)}`;
const LONG_ADDRESS = `${'a-rather-long-local-part-'.repeat(2)}0123456789@an-unusually-long-domain-name-for-mail.example.com`;
const PROVIDER_PAGE = 'Sandbox OAuth provider — Google';
const RELOAD_SECONDS = 5;

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The sandbox sends `email` a magic link, as the SDK asks it to. */
async function sendMagicLink(request: APIRequestContext, baseURL: string, email: string): Promise<void> {
  const callback = `${baseURL}/login/callback?redirect=${LONG_REDIRECT}&source=web`;
  const sent = await request.post('/__sandbox/stytch/sdk/v1/magic_links/email/login_or_create', {
    headers: { Authorization: `Basic ${Buffer.from('public-token-test-e2e:public-token-test-e2e').toString('base64')}` },
    data: { email, login_magic_link_url: callback, signup_magic_link_url: callback },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

/** 100 sandbox users, user-001 added first and user-100 last. */
async function seedHundredUsers(request: APIRequestContext): Promise<void> {
  for (let n = 1; n <= 100; n += 1) await seedUser(request, { email: `user-${String(n).padStart(3, '0')}@example.com` });
}

test.describe('the sandbox inbox on a phone', () => {
  for (const viewport of PHONES) {
    test(`a long message fits ${viewport.width} px, with its text shown too`, async ({ page, request, baseURL }) => {
      await sendMagicLink(request, baseURL ?? '', LONG_ADDRESS);
      await page.setViewportSize(viewport);
      await page.goto('/__sandbox/');
      await expect(page.getByRole('heading', { name: 'Messages (1)' })).toBeVisible();
      await expect(page.getByRole('link', { name: /stytch_token_type=magic_links&token=/ })).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);

      await page.getByText('Show text').click();
      await expect(page.getByText(/Use this link to finish signing up/)).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);
    });
  }

  test('a shown text stays open when the inbox reloads itself', async ({ page, request, baseURL }) => {
    await sendMagicLink(request, baseURL ?? '', 'ada@example.com');
    await page.setViewportSize(PHONES[0]);
    await page.goto('/__sandbox/');
    await page.getByText('Show text').click();
    const text = page.getByText(/Use this link to finish signing up/);
    await expect(text).toBeVisible();

    // The reload is the page's own refresh (no script, so page.clock cannot hurry it): waited for.
    // A message sent meanwhile shows the reload kept going, rather than stopping to keep the text.
    await sendMagicLink(request, baseURL ?? '', 'grace@example.com');
    await page.waitForEvent('load', { timeout: (RELOAD_SECONDS + 5) * 1000 });
    await expect(page.getByRole('heading', { name: 'Messages (2)' })).toBeVisible();
    await expect(text).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hide text' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Show text' })).toHaveCount(1);
    expect(await scrollsSideways(page)).toBe(false);
  });
});

test.describe('the page standing in for Google, with 100 sandbox users', () => {
  for (const viewport of PHONES) {
    test(`offers the newest few and fits ${viewport.width} px`, async ({ page, request }) => {
      await seedHundredUsers(request);
      await seedUser(request, { email: LONG_ADDRESS });
      await page.setViewportSize(viewport);
      await page.goto('/login');
      await untilInteractive(page);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await expect(page.getByRole('heading', { name: PROVIDER_PAGE })).toBeVisible();

      await expect(page.getByRole('button', { name: `Continue as ${LONG_ADDRESS}` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue as user-100@example.com' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue as user-001@example.com' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Continue as / })).toHaveCount(5);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2000);
    });
  }

  test('a search finds a user who is not among the newest, who then signs in', async ({ page, request }) => {
    await seedHundredUsers(request);
    await page.setViewportSize(PHONES[0]);
    await page.goto('/login');
    await untilInteractive(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: PROVIDER_PAGE })).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search accounts by email' });
    await search.fill('USER-007');
    await search.press('Enter');
    await expect(page.getByRole('heading', { name: PROVIDER_PAGE })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Continue as / })).toHaveCount(1);
    await expect(page.getByText('1 account matches “USER-007”.')).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: 'Continue as user-007@example.com' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/__sandbox/') && !url.pathname.startsWith('/login/callback'));
    await page.goto('/');
    await expect(page.getByText('Signed in as user-007@example.com')).toBeVisible();
  });

  test('a search that finds nobody says so, and the helpers still pick a listed account', async ({ page, request }) => {
    await seedUser(request, { email: 'ada@example.com' });
    await page.goto('/login');
    await untilInteractive(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const search = page.getByRole('searchbox', { name: 'Search accounts by email' });
    await search.fill('<b>nobody</b>');
    await search.press('Enter');
    await expect(page.getByText('No account matches “<b>nobody</b>”.')).toBeVisible();
    await expect(search).toHaveValue('<b>nobody</b>');
    await page.getByRole('link', { name: 'Show the newest accounts' }).click();
    await expect(page.getByRole('button', { name: 'Continue as ada@example.com' })).toBeVisible();

    // The shared helper, as every other OAuth test uses it, from a fresh start.
    await page.goto('/login');
    await untilInteractive(page);
    await continueWithGoogleAs(page, 'ada@example.com');
    await page.waitForURL((url) => !url.pathname.startsWith('/__sandbox/') && !url.pathname.startsWith('/login/callback'));
    await page.goto('/');
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();
  });
});
