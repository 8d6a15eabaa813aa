import { expect } from '@playwright/test';
import { test as appTest } from './fixtures';
import { FIRST_E2E_PORT, startPreviewServer, VANILLA_EXAMPLE_PORT_OFFSET, VANILLA_EXAMPLE_TARGET, type PreviewServer } from './preview-server';

// The second front end on the core (examples/vanilla: plain TypeScript and DOM, no React) signs
// in against the sandbox with the real Stytch SDK, served from its own build (globalSetup builds
// it) by `vite preview` with the sandbox's middleware, as `pnpm start` serves the app. The app's
// fixtures apply (an empty sandbox per test, no CSP violations or page errors); only the server is
// the example's, on a port of its own per worker.
const test = appTest.extend<object, { previewServer: PreviewServer }>({
  previewServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use, workerInfo) => {
      const server = await startPreviewServer(FIRST_E2E_PORT + VANILLA_EXAMPLE_PORT_OFFSET + workerInfo.parallelIndex, VANILLA_EXAMPLE_TARGET);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

/**
 * Signing in crosses two full page loads (the return page, then home), each loading the SDK and
 * asking the provider: on a cold server beside another worker that has taken more than the
 * default 5 s.
 */
const SIGN_IN_TIMEOUT_MS = 15_000;

test('signs in with a magic link, then logs out', async ({ page, sandbox }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  const email = page.getByRole('textbox', { name: 'Email' });

  // The core's field error, next to the field (its description), not the form's.
  await email.fill('ada@');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(email).toHaveAccessibleDescription('Email format is invalid.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('ada@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  // A new address: passwords offers an account with a password, or a link.
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByRole('button', { name: 'Email me a login link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('An email was sent to ada@example.com')).toBeVisible();

  await page.goto(await sandbox.latestLinkTo('ada@example.com'));
  await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
  await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();
  // The link's token left the address bar.
  expect(page.url()).not.toContain('token');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  // Signed out for real: the home page sends the visitor back to /login.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('signs in with a password, then logs out', async ({ page, request }) => {
  const seeded = await request.post('/__sandbox/api/users', { data: { email: 'grace@example.com', password: 'Correct-Horse-Battery-9' } });
  expect(seeded.ok()).toBe(true);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();

  // A wrong password: the core's error is shown with the password field.
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not-the-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).not.toHaveAccessibleDescription('');

  await password.fill('Correct-Horse-Battery-9');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
  await expect(page.getByText('Signed in as grace@example.com')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
});
