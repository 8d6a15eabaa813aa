import type { APIRequestContext } from '@playwright/test';
import { expect, test, untilInteractive, type Page } from './fixtures';

// Issue 7: the password family on the product's /login, end to end against the sandbox.

const STRONG = 'correct horse battery staple';

async function usePolicy(request: APIRequestContext, policy: Record<string, unknown>) {
  const response = await request.put('/__sandbox/api/project', { data: { password_policy: policy } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function seedUser(request: APIRequestContext, user: Record<string, unknown>) {
  const response = await request.post('/__sandbox/api/users', { data: user });
  expect(response.ok(), await response.text()).toBe(true);
}

async function continueWith(page: Page, email: string, path = '/login') {
  await page.goto(path);
  // These tests are about passwords: typing before hydration has tests of its own.
  await untilInteractive(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

const meter = (page: Page) => page.getByRole('meter', { name: 'Password strength' });

test.describe('passwords on /login', () => {
  test('a new account: the meter goes from weak to strong, Continue creates it, and the visitor lands signed in', async ({ page, request, pageProblems }) => {
    await usePolicy(request, { strength_policy: 'zxcvbn' });
    await continueWith(page, 'new.person@example.com', '/login?redirect=%2Fplayground&source=web');
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expect(page.getByText('Choose how you would like to create your account.')).toBeVisible();
    await expect(page.getByText('Finish creating your account by setting a password.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('new.person@example.com');
    await expect(page.getByRole('textbox', { name: 'Email' })).not.toBeEditable();

    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Continue', exact: true });
    await password.fill('qwerty');
    await expect(meter(page)).toHaveAttribute('aria-valuetext', 'Weak');
    await expect(meter(page)).toHaveAttribute('data-filled', '1');
    await expect(submit).toBeDisabled();

    await password.fill(STRONG);
    await expect(meter(page)).toHaveAttribute('aria-valuetext', 'Strong');
    await expect(meter(page)).toHaveAttribute('data-filled', '4');
    await expect(submit).toBeEnabled();

    // Show and hide: the toggle announces its state.
    const toggle = page.getByRole('button', { name: 'Show password' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');

    const documents: string[] = [];
    page.on('request', (sent) => void (sent.isNavigationRequest() && documents.push(sent.url())));
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByText('You have successfully logged in.')).toBeVisible();
    // After 2 s the session goes to /login/callback/web through this tab's storage, and on.
    await expect(page).toHaveURL(/\/playground$/);
    await expect(page.getByRole('heading', { name: 'Widget playground' })).toBeVisible();
    expect(page.url()).not.toContain('session_token');
    // No request for a page carried the token (a query string reaches server and CDN logs).
    expect(documents.map((url) => new URL(url).pathname)).toContain('/login/callback/web');
    expect(documents.filter((url) => url.includes('session_token'))).toEqual([]);
    await page.goto('/');
    await expect(page.getByText('Signed in as new.person@example.com')).toBeVisible();
    expect(pageProblems).toEqual([]);
  });

  test('log in with a password; a wrong one says so under the field and keeps what was typed', async ({ page, request }) => {
    await seedUser(request, { email: 'pat@example.com', password: STRONG });
    await continueWith(page, 'pat@example.com');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not my password');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(password).toHaveAccessibleDescription('The credentials you entered are not valid. Please try again.');
    await expect(password).toHaveValue('not my password');
    // Issue 16 §17: focus comes back to the field in error, not <body> (Continue was disabled while it checked).
    await expect(password).toBeFocused();

    await password.fill(STRONG);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByText('Signed in as pat@example.com')).toBeVisible();
  });

  test('forgot password: the e-mailed link opens Reset password, the new password signs in, the link is single use', async ({ page, request, sandbox, context }) => {
    await usePolicy(request, { strength_policy: 'zxcvbn' });
    await seedUser(request, { email: 'forgetful@example.com', password: STRONG });
    await continueWith(page, 'forgetful@example.com');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByText('A link to reset your password was sent to forgetful@example.com.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login without a password' })).toBeVisible();

    const link = new URL(await sandbox.latestLinkTo('forgetful@example.com'));
    expect(link.pathname).toBe('/login/password/reset');
    expect(link.searchParams.get('stytch_token_type')).toBe('reset_password');
    await page.goto(link.toString());
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(page.url()).not.toContain('token=');
    await expect(page.locator('stytch-reset-password-container')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a brand new horse battery');
    await expect(meter(page)).toHaveAttribute('aria-valuetext', 'Strong');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByText('Signed in as forgetful@example.com')).toBeVisible();

    // The link is used up.
    await context.clearCookies();
    await page.goto(link.toString());
    await page.getByLabel('New password', { exact: true }).fill('yet another horse battery');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('yet another horse battery');
  });

  // Issue 16 §12: the reset link names no address; the one the reset e-mail went to from this
  // browser is carried to /login, so 'Login without a password' is not an empty form.
  test("'Login without a password' on the reset page (opened in a new tab) goes to /login with the address in it", async ({ page, request, sandbox, context }) => {
    await seedUser(request, { email: 'forgetful@example.com', password: STRONG });
    await continueWith(page, 'forgetful@example.com', '/login?redirect=%2Fplayground');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByText('A link to reset your password was sent to forgetful@example.com.')).toBeVisible();
    const link = await sandbox.latestLinkTo('forgetful@example.com');
    // As from a mail client: a tab of its own.
    const tab = await context.newPage();
    await tab.goto(link);
    await expect(tab.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await tab.getByRole('button', { name: 'Login without a password' }).click();
    await expect(tab).toHaveURL(/\/login\?redirect=%2Fplayground$/);
    await expect(tab.getByRole('textbox', { name: 'Email' })).toHaveValue('forgetful@example.com');
    // Told once: a later /login in the tab starts empty.
    await tab.goto('/login');
    await expect(tab.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  test('a breached password is refused with the SPEC message', async ({ page, request }) => {
    await usePolicy(request, { strength_policy: 'zxcvbn' });
    await continueWith(page, 'breach@example.com');
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await expect(page.getByText('This password may have been used on a different site that experienced a security issue. Please choose another password.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
  });

  test('a user who must reset is sent a reset e-mail and sees the reset-required screen', async ({ page, request, sandbox }) => {
    await seedUser(request, { email: 'dedupe@example.com', password: STRONG, requires_reset: true });
    await continueWith(page, 'dedupe@example.com');
    await page.getByLabel('Password', { exact: true }).fill(STRONG);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Check your email to set a new password!' })).toBeVisible();
    const link = new URL(await sandbox.latestLinkTo('dedupe@example.com'));
    expect(link.pathname).toBe('/login/password/reset');
  });

  test('the LUDS project setting shows both checks, each ticking as it is met', async ({ page, request }) => {
    await usePolicy(request, { strength_policy: 'luds', luds_min_length: 10, luds_min_complexity: 3 });
    await continueWith(page, 'luds@example.com');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    const length = page.getByRole('listitem').filter({ hasText: 'Must be at least 10 characters long' });
    const complexity = page.getByRole('listitem').filter({ hasText: 'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol' });
    await expect(length).toContainText('Not yet:');
    await expect(complexity).toContainText('Not yet:');
    await password.fill('abcdefghijk');
    await expect(length).toContainText('Done:');
    await expect(complexity).toContainText('Not yet:');
    await password.fill('Abcdefghij1!');
    await expect(complexity).toContainText('Done:');
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
  });

  test('a passwordless user is sent a link at once, and can create a password instead', async ({ page, request, sandbox }) => {
    await usePolicy(request, { strength_policy: 'zxcvbn' });
    await seedUser(request, { email: 'linky@example.com' });
    await continueWith(page, 'linky@example.com');
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const loginLink = new URL(await sandbox.latestLinkTo('linky@example.com'));
    expect(loginLink.pathname).toBe('/login/callback');

    await page.getByRole('button', { name: 'Create a password instead' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email!' })).toBeVisible();
    await expect.poll(async () => new URL(await sandbox.latestLinkTo('linky@example.com')).pathname).toBe('/login/password/reset');
    await page.goto(await sandbox.latestLinkTo('linky@example.com'));
    await page.getByLabel('New password', { exact: true }).fill(STRONG);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Signed in as linky@example.com')).toBeVisible();
  });

  test('a passwordless user sent a code (passwords with e-mail codes) can create a password instead (issue 16 §7)', async ({ page, request, sandbox }) => {
    await seedUser(request, { email: 'codey@example.com' });
    await page.goto('/playground?products=passwords,otp&otpMethods=email');
    await untilInteractive(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('codey@example.com');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
    await page.getByRole('button', { name: 'Create a password instead' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email!' })).toBeVisible();
    await expect.poll(async () => new URL(await sandbox.latestLinkTo('codey@example.com')).pathname).toBe('/login/password/reset');
  });

  test("a 'login' token on the reset URL logs in like a magic link ('Logging in...')", async ({ page, sandbox }) => {
    await continueWith(page, 'tokens@example.com');
    await page.getByRole('button', { name: 'Email me a login link' }).click();
    const link = new URL(await sandbox.latestLinkTo('tokens@example.com'));
    const reset = new URL('/login/password/reset', link);
    reset.searchParams.set('stytch_token_type', 'login');
    reset.searchParams.set('token', link.searchParams.get('token') ?? '');
    await page.goto(reset.toString());
    await expect(page.getByText('Signed in as tokens@example.com')).toBeVisible();
  });

  test('the playground with passwords alone: Set a password, with no passwordless way offered', async ({ page }) => {
    await continueWith(page, 'solo@example.com', '/playground?products=passwords');
    await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
    await expect(page.getByText('Finish creating your account by setting a password.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Email me a login link' })).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByText('Must be at least 8 characters long')).toBeVisible();
  });
});
