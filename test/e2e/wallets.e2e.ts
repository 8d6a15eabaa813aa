import { expect, test } from './fixtures';

// The wallets product's smoke test (written by `pnpm new:flow wallets`): its button on Main in the
// playground, and its first screen, which says the product is not wired yet.

test('the playground with wallets shows its button on Main, which opens its first screen', async ({ page }) => {
  await page.goto('/playground?products=emailMagicLinks,crypto');
  const button = page.getByRole('button', { name: 'Continue with a crypto wallet' });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.getByRole('heading', { name: 'Sign in with a crypto wallet' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('not wired yet');
});
