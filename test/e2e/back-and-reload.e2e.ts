import type { APIRequestContext } from '@playwright/test';
import { expect, requestLoginLink, seedUser, test, untilInteractive, type Page } from './fixtures';

// Issue 16 §13: each widget screen is a history entry Back returns from, and a reload brings the
// screen and the address back from this tab's session storage — never a password.

const STRONG = 'correct horse battery staple';
const EMAIL_CODES = '/playground?products=otp&otpMethods=email';

const mainHeading = (page: Page) => page.getByRole('heading', { name: 'Sign up or log in' });
const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email' });

async function messagesTo(request: APIRequestContext, to: string): Promise<Array<{ code?: string }>> {
  const response = await request.get(`/__sandbox/api/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Array<{ code?: string }>;
}

/** Everything in this tab's session storage, as one string. */
const sessionStorageText = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key) ?? ''}`).join('\n'));

test.describe('Back and reload on the widget’s screens', () => {
  test('Back from "Check your email" returns to Main with the address, and Back again leaves the page', async ({ page, pageProblems }) => {
    // A page before /login, so "leaving" has somewhere to go.
    await page.goto('/__sandbox/');
    await page.goto('/login');
    await requestLoginLink(page, 'back@example.com');

    await page.goBack();
    await expect(mainHeading(page)).toBeVisible();
    await expect(emailField(page)).toHaveValue('back@example.com');
    await expect(page).toHaveURL(/\/login$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/__sandbox\/$/);
    expect(pageProblems).toEqual([]);
  });

  test('the screen’s back arrow takes its entry with it: Back afterwards leaves, it never reopens the screen', async ({ page }) => {
    await page.goto('/__sandbox/');
    await page.goto('/login');
    await requestLoginLink(page, 'arrow@example.com');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(emailField(page)).toHaveValue('arrow@example.com');

    await page.goBack();
    await expect(page).toHaveURL(/\/__sandbox\/$/);
  });

  test('a reload of "Check your email" shows it again with the address, without sending another e-mail', async ({ page, request }) => {
    await seedUser(request, { email: 'reload-link@example.com' });
    await page.goto('/login');
    await requestLoginLink(page, 'reload-link@example.com');
    await expect.poll(async () => (await messagesTo(request, 'reload-link@example.com')).length).toBe(1);

    await page.reload();

    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText('An email was sent to reload-link@example.com')).toBeVisible();
    // Its way back to passwords is still there, and Back still leads to Main.
    await expect(page.getByRole('button', { name: 'Create a password instead' })).toBeVisible();
    expect(await messagesTo(request, 'reload-link@example.com')).toHaveLength(1);
    await page.goBack();
    await expect(emailField(page)).toHaveValue('reload-link@example.com');
  });

  test('a reload of Log In keeps the address and empties the password, which never reaches storage', async ({ page, request }) => {
    await seedUser(request, { email: 'reload-pw@example.com', password: STRONG });
    await page.goto('/login');
    await untilInteractive(page);
    await emailField(page).fill('reload-pw@example.com');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(STRONG);
    expect(await sessionStorageText(page)).not.toContain(STRONG);

    await page.reload();

    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(emailField(page)).toHaveValue('reload-pw@example.com');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    expect(await sessionStorageText(page)).not.toContain(STRONG);
    // It still signs in.
    await page.getByLabel('Password', { exact: true }).fill(STRONG);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Signed in as reload-pw@example.com')).toBeVisible();
  });

  test('a reload of Passcode entry shows it again for the same code, which then signs in; Back leads to Main', async ({ page, request }) => {
    await page.goto(EMAIL_CODES);
    await untilInteractive(page);
    await emailField(page).fill('reload-code@example.com');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
    await expect.poll(async () => (await messagesTo(request, 'reload-code@example.com')).length).toBe(1);

    await page.reload();

    await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
    await expect(page.getByText('A 6-digit passcode was sent to you at reload-code@example.com.')).toBeVisible();
    expect(await messagesTo(request, 'reload-code@example.com')).toHaveLength(1);

    await page.goBack();
    await expect(mainHeading(page)).toBeVisible();
    await expect(emailField(page)).toHaveValue('reload-code@example.com');
    await page.goForward();
    // Forward is not a way back into a screen that was left: Main stays.
    await expect(mainHeading(page)).toBeVisible();
  });

  test('a reload after a hostile script wrote the stored screen shows Main, with nothing run from it', async ({ page, pageProblems }) => {
    await page.goto('/login');
    await requestLoginLink(page, 'hostile@example.com');
    await page.evaluate(() => {
      const key = 'vestibule.widgetScreen';
      const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      sessionStorage.setItem(key, JSON.stringify({ ...stored, screen: { screen: 'confirmation', email: '<img src=x onerror="window.__pwned=1">', returnTo: null } }));
    });
    await page.reload();
    await expect(mainHeading(page)).toBeVisible();
    await expect(emailField(page)).toBeEditable();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(pageProblems).toEqual([]);
  });
});
