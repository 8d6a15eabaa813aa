import { expect, test } from './fixtures';

// Issue 6 §5: a second language loaded end to end, chosen by the browser or per widget.

test.describe('a visitor whose browser prefers French', () => {
  test.use({ locale: 'fr-FR' });

  test('gets /login in French, keeps what was typed, and sees French errors', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Inscrivez-vous ou connectez-vous' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    const field = page.getByRole('textbox', { name: 'E-mail' });
    await field.fill('ada@example');
    await page.getByRole('button', { name: 'Continuer', exact: true }).click();
    await expect(field).toHaveAccessibleDescription('Le format de l’adresse e-mail n’est pas valide.');
    await expect(field).toHaveValue('ada@example');
  });
});

test('the playground renders the widget in the language of ?locale=', async ({ page }) => {
  await page.goto('/playground?products=emailMagicLinks&locale=fr');
  await expect(page.getByRole('heading', { name: 'Widget playground' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inscrivez-vous ou connectez-vous' })).toBeVisible();
  await expect(page.locator('[lang="fr"]').getByRole('textbox', { name: 'E-mail' })).toBeVisible();
});
