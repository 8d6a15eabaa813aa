import { expect, requestLoginLink, test, type Page } from './fixtures';

// Issue 19: Vestibule as the identity provider of a partner app, end to end: the sandbox's
// relying party (a partner app exchanging the code with PKCE and verifying the ID token), the
// consent and logout screens, and the sandbox's connected-app registry.

const RELYING_PARTY = '/__sandbox/relying-party/';
const EMAIL = 'ada@example.com';
const CALLBACK = (origin: string) => `${origin}/__sandbox/relying-party/callback`;

async function signIn(page: Page, sandbox: { latestLinkTo(email: string): Promise<string> }, email = EMAIL) {
  await page.goto('/login');
  await requestLoginLink(page, email);
  await page.goto(await sandbox.latestLinkTo(email), { waitUntil: 'commit' });
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

/** From the partner app's page to the consent screen (or wherever the provider leads). */
async function startFromRelyingParty(page: Page, query = '') {
  await page.goto(`${RELYING_PARTY}${query}`);
  await page.getByRole('link', { name: 'Sign in with Vestibule' }).click();
}

test.describe('the identity-provider pages', () => {
  test('a signed-out visitor signs in, comes back to the same request, and Allow signs the partner app in', async ({ page, sandbox }) => {
    await startFromRelyingParty(page);
    await expect(page.getByRole('heading', { name: 'No active session detected. Please log in to continue.' })).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Foauth%2Fauthorize/);
    await requestLoginLink(page, EMAIL);
    await page.goto(await sandbox.latestLinkTo(EMAIL), { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Demo Shop Assistant wants to access your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByText("Signed in. The ID token's signature, issuer, audience, expiry and nonce were verified.")).toBeVisible();
    await expect(page.getByRole('row', { name: /email/ }).first()).toContainText(EMAIL);
  });
});
