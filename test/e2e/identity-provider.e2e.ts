import { expect, requestLoginLink, test, type Page } from './fixtures';

// Issue 19: Vestibule as the identity provider of a partner app, end to end: the sandbox's
// relying party (a partner app exchanging the code with PKCE and verifying the ID token), the
// consent and logout screens, and the sandbox's connected-app registry.

const RELYING_PARTY = '/__sandbox/relying-party/';
const EMAIL = 'ada@example.com';

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

  test('Deny sends the partner app access_denied; consent given once is not asked again, and the page goes on at once', async ({ page, sandbox }) => {
    await signIn(page, sandbox);
    await startFromRelyingParty(page);
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('alert')).toContainText('Vestibule answered access_denied');

    await startFromRelyingParty(page);
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByText(/^Signed in\. The ID token/)).toBeVisible();
    // Consent already given for these scopes: submitted with consent_granted false, straight back.
    await startFromRelyingParty(page);
    await expect(page.getByText(/^Signed in\. The ID token/)).toBeVisible();
    const consents = await (await page.request.get('/__sandbox/api/consents')).json();
    expect(consents).toHaveLength(1);
  });

  test('the title says sign-in for known scopes, access for a custom one; ungrantable scopes are listed apart', async ({ page, sandbox }) => {
    await signIn(page, sandbox);
    await startFromRelyingParty(page, '?scope=openid+email');
    await expect(page.getByRole('heading', { name: 'Sign in to Demo Shop Assistant with Vestibule' })).toBeVisible();
    await startFromRelyingParty(page, '?scope=openid+email+read:orders+write:orders');
    await expect(page.getByRole('heading', { name: 'Demo Shop Assistant wants to access your account' })).toBeVisible();
    await expect(page.getByText('You do not have permissions to grant Demo Shop Assistant access to some of the requested scopes')).toBeVisible();
    const cannot = page.getByRole('note');
    await expect(cannot.getByText("You cannot grant Demo Shop Assistant's request to:")).toBeVisible();
    await expect(cannot.getByRole('listitem')).toHaveCount(1);
  });

  test('each missing parameter, a repeated one and a javascript: redirect get a clear message, and nothing navigates', async ({ page }) => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ['/oauth/authorize?redirect_uri=https%3A%2F%2Fshop.example%2Fcb', 'Required parameter is missing: client_id. Please reach out to the application developer.'],
      ['/oauth/authorize?client_id=connected-app-test-demo', 'Required parameter is missing: redirect_uri. Please reach out to the application developer.'],
      ['/oauth/logout?client_id=connected-app-test-demo', 'Required parameter is missing: post_logout_redirect_uri. Please reach out to the application developer.'],
      ['/oauth/authorize?post_logout_redirect_uri=https%3A%2F%2Fshop.example%2Fbye', 'Required parameter is missing: client_id. Please reach out to the application developer.'],
      ['/oauth/authorize?client_id=a&client_id=b&redirect_uri=https%3A%2F%2Fshop.example%2Fcb', 'The parameter client_id is given more than once. Please reach out to the application developer.'],
      ['/oauth/authorize?client_id=a&redirect_uri=javascript%3Aalert(1)', 'The parameter redirect_uri is not a web address this page can return to. Please reach out to the application developer.'],
    ];
    for (const [url, message] of cases) {
      await page.goto(url);
      await expect(page.getByRole('alert')).toHaveText(message);
      expect(new URL(page.url()).pathname).toMatch(/^\/oauth\//);
    }
  });

  test('a redirect_uri the app did not register is an error, never followed', async ({ page, sandbox }) => {
    await signIn(page, sandbox);
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    const evil = 'https://evil.example/steal';
    await page.goto(`/oauth/authorize?client_id=connected-app-test-demo&redirect_uri=${encodeURIComponent(evil)}&code_challenge=${challenge}&code_challenge_method=S256&state=s1`);
    await expect(page.getByRole('heading', { name: 'Looks like there was an error!' })).toBeVisible();
    await expect(page.getByRole('alert')).not.toBeEmpty();
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
  });

  test("the page follows the redirect the provider returned, not the query's redirect_uri", async ({ page, sandbox, baseURL }) => {
    await signIn(page, sandbox);
    await startFromRelyingParty(page, '?scope=openid+email');
    await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
    const queryRedirect = new URL(page.url()).searchParams.get('redirect_uri');
    // The provider answers with another address than the query named (as a provider may).
    const providerSaid = `${baseURL}${RELYING_PARTY}?provider_said=1`;
    await page.route((url) => url.pathname.endsWith('/idp/oauth/authorize/submit'), async (route) => {
      const answer = await route.fetch();
      // The SDK's wire format: the answer's fields under `data`.
      const body = (await answer.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response: answer, json: { ...body, data: { ...body.data, redirect_uri: providerSaid } } });
    });
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(providerSaid);
    expect(queryRedirect).not.toBeNull();
    expect(page.url()).not.toContain(queryRedirect ?? 'none');
  });

  test('logout: No keeps the session, Yes ends it and returns to the app, and a logout needing no consent goes at once', async ({ page, sandbox, baseURL }) => {
    await signIn(page, sandbox);
    const bye = `${baseURL}${RELYING_PARTY}`;
    const logout = `/oauth/logout?client_id=connected-app-test-demo&post_logout_redirect_uri=${encodeURIComponent(bye)}&state=bye-1`;
    await page.goto(logout);
    await expect(page.getByRole('heading', { name: 'Log out?' })).toBeVisible();
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('heading', { name: 'You have not been logged out. You may close this page.' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();

    await page.goto(logout);
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText("You are back from Vestibule's logout (state bye-1).")).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);

    // The partner app's own logout link names the signed-in user (id_token_hint): no question.
    await signIn(page, sandbox);
    await startFromRelyingParty(page, '?scope=openid+email');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('link', { name: 'Log out of Vestibule' }).click();
    await expect(page.getByText(/^You are back from Vestibule's logout/)).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('consent with the keyboard alone', async ({ page, sandbox }) => {
    await signIn(page, sandbox);
    await startFromRelyingParty(page, '?scope=openid+email');
    const allow = page.getByRole('button', { name: 'Allow' });
    await expect(allow).toBeVisible();
    // From the heading (focused on arrival), Tab reaches Deny, then Allow.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Deny' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(allow).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Signed in\. The ID token/)).toBeVisible();
  });
});
