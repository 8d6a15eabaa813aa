import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { FIRST_E2E_PORT, startPreviewServer, type PreviewServer } from './preview-server';

interface SandboxMessage {
  to: string;
  subject: string;
  link?: string;
}

/**
 * Each worker serves the build on a port of its own, so it has a sandbox of its own. Every test
 * starts from an empty sandbox, and fails if the page reports a Content-Security-Policy
 * violation, an uncaught error or a missing file of its own: each is something a user would hit
 * silently.
 */
export const test = base.extend<{ sandbox: { latestLinkTo(email: string): Promise<string> }; pageProblems: string[] }, { previewServer: PreviewServer }>({
  previewServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use, workerInfo) => {
      // parallelIndex, not workerIndex: the worker that replaces a failed one takes its slot's
      // index, and so its port (freed by then: the old worker's teardown has stopped its server).
      const server = await startPreviewServer(FIRST_E2E_PORT + workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    // Startup waits up to a minute for a server on a busy machine; the default would be a test's 30 s.
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ previewServer }, use) => {
    await use(previewServer.origin);
  },
  pageProblems: [
    async ({ page }, use) => {
    const problems: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('CSP violation')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // A missing file of the app's own (a script, the icon) is a bug; the sandbox's 4xx answers are not.
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.status() === 404 && !url.pathname.startsWith('/__sandbox/')) problems.push(`404: ${url.pathname}`);
    });
    await use(problems);
    expect(problems, 'CSP violations and uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
  // Automatic: a test that never reads the sandbox still starts from an empty one (users,
  // faults and project settings from an earlier test would change what it sees).
  sandbox: [
    async ({ request }, use) => {
    // JSON: the control API refuses other bodies, so a cross-site form cannot drive it.
    const reset = await request.post('/__sandbox/api/reset', { data: {} });
    expect(reset.ok()).toBe(true);
    await use({
      latestLinkTo: async (email) => {
        let messages: SandboxMessage[] = [];
        await expect
          .poll(async () => {
            const response = await request.get(`/__sandbox/api/messages?to=${encodeURIComponent(email)}`);
            messages = (await response.json()) as SandboxMessage[];
            return messages.length;
          })
          .toBeGreaterThan(0);
        const link = messages[0]?.link;
        if (!link) throw new Error(`The newest message to ${email} has no link`);
        return link;
      },
    });
    },
    { auto: true },
  ],
});

/**
 * Waits until the pre-rendered page has hydrated (the app's `data-interactive` on `<html>`). A
 * Continue pressed before that is held by the page and sent once it is interactive (tested in
 * first-load.e2e.ts); a test that means to drive the widget itself waits, so each step it takes
 * meets the widget and not the pre-rendered form.
 */
export async function untilInteractive(page: Page): Promise<void> {
  // The attribute, not the performance mark: page.clock fakes `performance` too.
  await expect(page.locator('html[data-interactive]')).toHaveCount(1);
}

/**
 * The magic-link way through the product's /login (which offers passwords too): Continue looks
 * the address up; a new address then takes 'Email me a login link' on the create-account chooser,
 * an address without a password is sent the link at once. Ends on 'Check your email'.
 */
export async function requestLoginLink(page: Page, email: string): Promise<void> {
  await untilInteractive(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const chooser = page.getByRole('button', { name: 'Email me a login link' });
  const sent = page.getByRole('heading', { name: 'Check your email' });
  await expect(chooser.or(sent)).toBeVisible();
  if (await chooser.isVisible()) await chooser.click();
  await expect(sent).toBeVisible();
}

/** A sandbox user, through the control API (`email` plus any of its optional fields). */
export async function seedUser(request: APIRequestContext, user: { email: string } & Record<string, unknown>): Promise<void> {
  const response = await request.post('/__sandbox/api/users', { data: user });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * The Google redirect flow from a page showing 'Continue with Google': on to the sandbox's page
 * standing in for Google, where `email` (a sandbox user) is picked. The browser then goes back to
 * /login/callback by itself.
 */
export async function continueWithGoogleAs(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox OAuth provider — Google' })).toBeVisible();
  await page.getByRole('button', { name: `Continue as ${email}` }).click();
}

export { expect, type Page };
