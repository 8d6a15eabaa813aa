import type { Browser, Page } from '@playwright/test';
import { expect, requestLoginLink, test } from './fixtures';

// Issue 16 §1: another site links to /login/callback/web?session_token=<its own account's token>.
// The token is real and reusable, so without a binding to the tab that signed in, any browser that
// follows the link would be signed in to the attacker's account (or switched to it silently).

/** Signs `email` in with a magic link on `page`, ending on the signed-in home page. */
async function signInWithLink(page: Page, email: string, latestLinkTo: (email: string) => Promise<string>): Promise<void> {
  await page.goto('/login');
  await requestLoginLink(page, email);
  await page.goto(await latestLinkTo(email), { waitUntil: 'commit' });
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

/** The attacker's own session token, from a browser of their own (as they would take it from theirs). */
async function attackersSessionToken(browser: Browser, baseURL: string, latestLinkTo: (email: string) => Promise<string>): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInWithLink(page, 'mallory@example.com', latestLinkTo);
  const token = (await context.cookies()).find((cookie) => cookie.name === 'stytch_session')?.value;
  await context.close();
  if (token === undefined) throw new Error('The attacker could not be signed in');
  return token;
}

const crossSiteLink = (token: string) => `/login/callback/web?session_token=${encodeURIComponent(token)}&redirect=%2F`;

test.describe('login CSRF through /login/callback/web', () => {
  test('a signed-out visitor who follows the link is not signed in to that account, and is told why', async ({ browser, baseURL, page, sandbox }) => {
    const token = await attackersSessionToken(browser, baseURL ?? '', sandbox.latestLinkTo);
    await page.goto(crossSiteLink(token));
    await expect(page.getByText('This sign-in did not start in this browser tab, so it was not used. Log in here instead.')).toBeVisible();
    expect(page.url()).not.toContain(token);
    await page.goto('/');
    await expect(page.getByText('Signed in as mallory@example.com')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login/);
  });

  test("a signed-in visitor who follows the link stays signed in as themselves", async ({ browser, baseURL, page, sandbox }) => {
    await signInWithLink(page, 'ada@example.com', sandbox.latestLinkTo);
    const token = await attackersSessionToken(browser, baseURL ?? '', sandbox.latestLinkTo);
    await page.goto(crossSiteLink(token));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();
  });
});
