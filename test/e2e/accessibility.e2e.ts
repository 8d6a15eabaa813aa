import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { continueWithGoogleAs, expect, requestLoginLink, seedUser, test } from './fixtures';

/** WCAG 2.1 A and AA rules, as axe-core checks them. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  test('login, its field error, the password creation screen and the e-mail confirmation', async ({ page, request }) => {
    // The zxcvbn policy, so the strength meter is on screen (the sandbox's default is LUDS).
    expect((await request.put('/__sandbox/api/project', { data: { password_policy: { strength_policy: 'zxcvbn' } } })).ok()).toBe(true);
    await page.goto('/login');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Email format is invalid.')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'Password' }).fill('correct horse battery staple');
    await expect(page.getByRole('meter', { name: 'Password strength' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Email me a login link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the callback error, the signed-in home and the playground', async ({ page, sandbox }) => {
    await page.goto('/login/callback?stytch_token_type=magic_links&token=unknown');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/login');
    await requestLoginLink(page, 'ada@example.com');
    await page.goto(await sandbox.latestLinkTo('ada@example.com'));
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto('/playground?products=emailMagicLinks,otp&otpMethods=email&theme=dark');
    await expect(page.getByText('Error: Cannot use both EML and Email OTP')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("OAuth: /login's Google button and 'not completed', the return page's error, the playground's providers with 'Last used'", async ({ page, request }) => {
    await seedUser(request, { email: 'ada@example.com' });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Back from the provider without finishing: the message under the button.
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox OAuth provider — Google' })).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Signing in with Google was not completed. You can try again.')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Cancelled at the provider: the return page's error.
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Logging in with your provider failed. Please try again.')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Signed in with Google once: 'Last used' on the first of several providers.
    await page.getByRole('link', { name: 'Back to login' }).click();
    await continueWithGoogleAs(page, 'ada@example.com');
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();
    for (const theme of ['light', 'dark']) {
      await page.goto(`/playground?products=oauth,emailMagicLinks&oauthProviders=github,microsoft,apple,google&theme=${theme}`);
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveAccessibleDescription('Last used');
      expect(await violations(page)).toEqual([]);
    }
  });
});
