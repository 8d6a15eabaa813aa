import { SANDBOX_STATUS_SCRIPT_PATH } from '@vestibule/test/sandbox';
import { expect, test } from './fixtures';

// Issue 21, page behaviour (SPEC §1, §9): the status-page script and the local development redirects.

test.describe('the status-page script', () => {
  test('is injected about 1 second after load, and the stand-in runs under the strict CSP', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html[data-status-page="operational"]')).toHaveCount(1);
    const { start, loaded } = await page.evaluate((path) => ({
      start: performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === path)?.startTime ?? -1,
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    }), SANDBOX_STATUS_SCRIPT_PATH);
    // Timers may run late on a busy machine, never early.
    expect(start - loaded).toBeGreaterThanOrEqual(990);
    expect(start - loaded).toBeLessThan(3_000);
    await expect(page.locator(`script[src="${SANDBOX_STATUS_SCRIPT_PATH}"]`)).toHaveCount(1);
  });

  test('is not injected when the page is inside a frame', async ({ page, baseURL }) => {
    // The app's pages forbid every frame (frame-ancestors 'none'), and that stays. For this test
    // only, the browser gets /login with frame-ancestors 'self' and a same-origin page framing it,
    // both made here (Playwright routes), so production headers never relax.
    const host = `${baseURL}/__sandbox/e2e-frame-host`;
    await page.route(host, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>host</title><iframe src="/login" title="framed"></iframe>' }));
    await page.route(`${baseURL}/login`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers(), 'content-security-policy': (response.headers()['content-security-policy'] ?? '').replace("frame-ancestors 'none'", "frame-ancestors 'self'") };
      await route.fulfill({ response, headers });
    });
    await page.goto(host);
    const framed = page.frameLocator('iframe[title="framed"]');
    await expect(framed.locator('html[data-interactive]')).toHaveCount(1);
    const frame = page.frames().find((candidate) => candidate.url().endsWith('/login'));
    expect(frame).toBeDefined();
    await frame?.waitForFunction(() => document.readyState === 'complete');
    // Well past the second: nothing was requested or added in the frame.
    await page.waitForTimeout(2_000);
    await expect(framed.locator('html[data-status-page]')).toHaveCount(0);
    expect(await frame?.evaluate((path) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === path), SANDBOX_STATUS_SCRIPT_PATH)).toBe(false);
    await expect(framed.locator('script[src*="status-page"]')).toHaveCount(0);
  });
});

test.describe('local development redirects', () => {
  test('127.0.0.1 goes to localhost with the same port, path, query and hash', async ({ page, baseURL }) => {
    const ip = (baseURL ?? '').replace('//localhost:', '//127.0.0.1:');
    await page.goto(`${ip}/login?redirect=%2Fplayground&source=e2e#top`);
    await expect(page).toHaveURL(`${baseURL}/login?redirect=%2Fplayground&source=e2e#top`);
    await expect(page.locator('html[data-interactive]')).toHaveCount(1);
  });

  test('a link with credentials keeps them for the page on localhost, which takes them out of the address', async ({ page, baseURL }) => {
    const ip = (baseURL ?? '').replace('//localhost:', '//127.0.0.1:');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${ip}/login/callback?token=not-a-real-token&stytch_token_type=magic_links`);
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/login/callback`));
    await expect(page).not.toHaveURL(/token=/);
    // The page on localhost got the link whole (and so could use it).
    expect(requests).toContain(`${baseURL}/login/callback?token=not-a-real-token&stytch_token_type=magic_links`);
  });
});
