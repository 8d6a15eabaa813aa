import { expect, requestLoginLink, seedUser, test, untilInteractive, type Page } from './fixtures';

// Issue 16 §19: on a phone (320–375 px) nothing scrolls sideways, on any screen a visitor can
// reach. Each test walks one path through the widget and checks the page's width at each screen.

const STRONG = 'correct horse battery staple';
/** 60 characters without a break: an address no line of text can wrap at a space. */
const LONG_ADDRESS = `${'a'.repeat(48)}@example.com`;
const ALL_METHODS = '/playground?products=otp&otpMethods=sms,whatsapp,email';
const EMAIL_ONLY = '/playground?products=otp&otpMethods=email';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

/**
 * The page is no wider than the viewport. Soft, so one run names every screen that overflows;
 * the message carries both widths.
 */
async function expectNoSideScroll(page: Page, screen: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect.soft(scrollWidth, `${screen}: the page is ${scrollWidth}px wide in a ${clientWidth}px viewport`).toBeLessThanOrEqual(clientWidth);
}

async function continueWith(page: Page, email: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await untilInteractive(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await continueButton(page).click();
}

for (const width of [320, 375]) {
  test.describe(`at ${width}px wide`, () => {
    test.use({ viewport: { width, height: 640 } });

    test('Main, Check your email with a long address, the signed-in home page, the callback error', async ({ page, sandbox, context }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
      await expectNoSideScroll(page, 'Main (/login)');

      await requestLoginLink(page, LONG_ADDRESS);
      await expect(page.getByText(`An email was sent to ${LONG_ADDRESS}`)).toBeVisible();
      await expectNoSideScroll(page, 'Check your email');

      const link = await sandbox.latestLinkTo(LONG_ADDRESS);
      await page.goto(link, { waitUntil: 'commit' });
      await expect(page.getByText(`Signed in as ${LONG_ADDRESS}`)).toBeVisible();
      await expectNoSideScroll(page, 'the signed-in home page');

      // The same link again, signed out: used up, so the callback's error page.
      await context.clearCookies();
      await page.goto(link);
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
      await expectNoSideScroll(page, 'the callback error page');
    });

    test('Main with a 10,000-character address typed: the refusal shows and the page stays narrow', async ({ page }) => {
      const huge = `${'a'.repeat(9_988)}@example.com`;
      await continueWith(page, huge);
      await expect(page.getByText('Email format is invalid.')).toBeVisible();
      await expectNoSideScroll(page, 'Main with a 10,000-character address');
    });

    test('the phone row: tabs, country and number fit', async ({ page }) => {
      await page.goto(ALL_METHODS);
      await expect(page.getByRole('combobox', { name: 'Country' })).toBeVisible();
      await expectNoSideScroll(page, 'Main with the phone row (Text)');
      await page.getByRole('tab', { name: 'WhatsApp' }).click();
      await expectNoSideScroll(page, 'Main with the phone row (WhatsApp)');
      await page.getByRole('tab', { name: 'Email' }).click();
      await expectNoSideScroll(page, 'Main on the Email tab');
    });

    test('Passcode entry for a long address', async ({ page }) => {
      await continueWith(page, LONG_ADDRESS, EMAIL_ONLY);
      await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
      await expectNoSideScroll(page, 'Passcode entry');
    });

    test('passwords: Create an account, and Set a password on the playground', async ({ page }) => {
      await continueWith(page, LONG_ADDRESS);
      await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill('qwerty');
      await expectNoSideScroll(page, 'Create an account');

      await continueWith(page, LONG_ADDRESS, '/playground?products=passwords');
      await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
      await expectNoSideScroll(page, 'Set a password (playground, passwords only)');
    });

    test('passwords: Log In, Forgot password? and the reset page for a long address', async ({ page, request, sandbox }) => {
      await seedUser(request, { email: LONG_ADDRESS, password: STRONG });
      await continueWith(page, LONG_ADDRESS);
      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill('not my password');
      await continueButton(page).click();
      await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/not valid/);
      await expectNoSideScroll(page, 'Log In');

      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
      await expectNoSideScroll(page, 'Forgot password?');

      await page.goto(await sandbox.latestLinkTo(LONG_ADDRESS));
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await page.getByLabel('New password', { exact: true }).fill('qwerty');
      await expectNoSideScroll(page, 'the reset page');
    });
  });
}
