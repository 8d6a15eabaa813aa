import { continueWithGoogleAs, expect, seedUser, test } from './fixtures';

// Issue 8: Back from the provider page when the browser restores /login from its back-forward
// cache (the same document comes back, with what was typed; `pageshow` says it was persisted).
//
// Playwright starts Chromium with the back-forward cache off, and /login's `Cache-Control:
// no-store` keeps Chromium from storing the page anyway (CDP reports MainResourceHasCacheControlNoStore).
// Both are lifted here to reach the restore path, as a browser or host that keeps /login would.
// (In its own file: launch options force a new browser, which Playwright allows only per file.)

test.use({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
    },
    { scope: 'worker' },
  ],
});

test("Back from the provider page restores /login: 'not completed', the typed address kept, the button works", async ({ page, request, pageProblems }) => {
  await seedUser(request, { email: 'ada@example.com' });
  await page.route(/\/login(\?[^/]*)?$/, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['cache-control'];
    await route.fulfill({ response, headers });
  });
  await page.goto('/login?redirect=%2Fplayground');
  const field = page.getByRole('textbox', { name: 'Email' });
  await field.fill('typed@example.com');
  await page.evaluate(() => Object.assign(window, { vbSameDocument: true }));
  // On a slow network: a chunk still on its way when the page leaves never arrives in the restored
  // page (Chromium leaves it pending), so Main's words for 'not completed' must be here first.
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox OAuth provider — Google' })).toBeVisible({ timeout: 10_000 });
  await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // A restored page fires no load event: wait for the commit only.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/login\?redirect=%2Fplayground$/);
  expect(await page.evaluate(() => 'vbSameDocument' in window), 'the same document, restored from the back-forward cache').toBe(true);
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(page.getByRole('region', { name: 'Sign up or log in' }).getByRole('alert')).toHaveText(
    'Signing in with Google was not completed. You can try again.',
  );
  await expect(field).toHaveValue('typed@example.com');
  await expect(google).toBeEnabled();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  await continueWithGoogleAs(page, 'ada@example.com');
  await expect(page).toHaveURL(/\/playground$/);
  expect(pageProblems).toEqual([]);
});
