import type { Request, Route } from '@playwright/test';
import { expect, seedUser, test, untilInteractive, type Page } from './fixtures';

// Issue 16 §14, slow networks: on /login (Google, magic links, passwords) the code Continue needs
// is fetched while the page is idle, a press made before it arrived waits for it and is then
// sent, and code that cannot be fetched says the connection is the problem. Chunks are held or
// failed with Playwright routes; time past the old 15 s timeout passes on Playwright's clock.

const SCRIPT = /\/assets\/[^/]+\.js$/;
/** An address the sandbox knows without a password: Continue sends the login link at once. */
const PASSWORDLESS = 'lin@example.com';
/** An address with a password: Continue opens the password screen. */
const WITH_PASSWORD = 'pat@example.com';

const field = (page: Page) => page.getByRole('textbox', { name: 'Email' });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const checkYourEmail = (page: Page) => page.getByRole('heading', { name: 'Check your email' });

/** Follows the page's script requests: which were asked for, and whether any is still on its way. */
function trackScripts(page: Page) {
  const asked: string[] = [];
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const settle = (request: Request) => {
    pending.delete(request);
    lastActivity = Date.now();
  };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!SCRIPT.test(pathname)) return;
    asked.push(pathname);
    pending.add(request);
    lastActivity = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    asked,
    /** No script on its way, and none asked for or answered in the last 500 ms. */
    quiet: () => pending.size === 0 && Date.now() - lastActivity > 500,
  };
}

/** Holds back every request matching `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('slow networks (issue 16 §14)', () => {
  test('once the page is idle, what the first Continue needs has been fetched: the press fetches no more code', async ({ page, request }) => {
    await seedUser(request, { email: PASSWORDLESS });
    const scripts = trackScripts(page);
    await page.goto('/login');
    await untilInteractive(page);
    // Nothing touched yet: the idle page fetches the e-mail form's products, their screens and
    // strings, and the code behind their first provider calls.
    await expect
      .poll(() => ['passwords.module-', 'magic-link.module-', 'passwords.screens-', 'magic-link.screens-', 'passwords.adapters-'].every((name) => scripts.asked.some((path) => path.includes(name))))
      .toBe(true);
    await expect.poll(scripts.quiet).toBe(true);
    const before = scripts.asked.length;

    await field(page).fill(PASSWORDLESS);
    await continueButton(page).click();
    await expect(checkYourEmail(page)).toBeVisible();
    expect(scripts.asked.slice(before)).toEqual([]);
  });

  test("Continue pressed while the product's code is held back waits for it, past the old 15 s timeout, and is sent once it arrives", async ({ page, request, sandbox }) => {
    await seedUser(request, { email: PASSWORDLESS });
    await page.clock.install();
    const release = await holdBack(page, /\/assets\/((passwords|magic-link)\.(module|screens)|product-router)-[^/]+\.js$/);
    await page.goto('/login');
    await untilInteractive(page);
    await field(page).fill(PASSWORDLESS);
    await continueButton(page).click();
    // Main shows the press on its way, with the address as typed.
    await expect(page.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-busy', 'true');
    await page.clock.fastForward(20_000);
    await expect(field(page)).toHaveValue(PASSWORDLESS);
    await expect(page.getByRole('alert')).toHaveCount(0);

    release();
    await expect(checkYourEmail(page)).toBeVisible();
    await sandbox.latestLinkTo(PASSWORDLESS);
  });

  // What cannot be fetched: the product's module, its screens (before: an uncaught error and an
  // empty page), or their strings (before: the screen in message keys).
  for (const [what, pattern] of [
    ['module', /\/assets\/passwords\.module-[^/]+\.js$/],
    ['screens', /\/assets\/passwords\.screens-[^/]+\.js$/],
    ['strings', /\/assets\/passwords-[^/]+\.js$/],
  ] as const) {
    test(`the passwords ${what} failing to load: the form says to check the connection, keeps the address, and Continue works once it loads`, async ({ page, request }) => {
      await seedUser(request, { email: WITH_PASSWORD, password: 'correct horse battery staple' });
      let offline = true;
      await page.route(pattern, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
      await page.goto('/login');
      await untilInteractive(page);
      await field(page).fill(WITH_PASSWORD);
      await continueButton(page).click();
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(/Check your connection and try again\./);
      await expect(alert).not.toHaveText(/taking too long|on our side/);
      await expect(field(page)).toHaveValue(WITH_PASSWORD);
      await expect(field(page)).not.toHaveAttribute('aria-invalid');

      offline = false;
      await continueButton(page).click();
      await expect(page.getByRole('heading', { name: 'Log In', exact: true })).toBeVisible();
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    });
  }
});
