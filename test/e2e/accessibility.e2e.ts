import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, untilInteractive } from './fixtures';

// Issue 15: axe-core runs on every screen state in jsdom (ui/src/a11y/screens-axe.test.tsx,
// app/src/routes/pages-axe.test.tsx), where it cannot compute colours. This is the one browser
// run: WCAG 2.1 A and AA with colour contrast, on the document itself (its title and `lang`, which
// every route shares), on the real /login and on a product screen reached through it, and on the
// dark theme's palette. Keyboard and focus round trips stay in the specs of their features.

/** WCAG 2.1 A and AA rules, as axe-core checks them (colour contrast included: a real browser paints). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(', ')}`);
}

test("axe-core with colour contrast: /login with 'Last used', password creation with the meter, and the dark theme", async ({ page, request }) => {
  // 'Last used' without an OAuth round trip: the device remembers Google (the badge has colours of its own).
  await page.addInitScript(() => localStorage.setItem('vestibule.lastUsedOAuth', 'google'));
  // The zxcvbn policy, so the four-segment meter and its label are on screen (the sandbox's default is LUDS).
  expect((await request.put('/__sandbox/api/project', { data: { password_policy: { strength_policy: 'zxcvbn' } } })).ok()).toBe(true);

  await page.goto('/login');
  await untilInteractive(page);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveAccessibleDescription('Last used');
  expect(await violations(page)).toEqual([]);

  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('qwerty');
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Weak');
  expect(await violations(page)).toEqual([]);

  // The dark theme is another palette, only the playground shows it: OAuth with 'Last used', the
  // passcode tabs with the phone form, and a configuration error banner.
  await page.goto('/playground?products=oauth,emailMagicLinks,otp&otpMethods=sms,email&oauthProviders=github,google&theme=dark');
  await expect(page.getByText('Error: Cannot use both EML and Email OTP')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveAccessibleDescription('Last used');
  expect(await violations(page)).toEqual([]);
});
