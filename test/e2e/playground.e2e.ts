import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 16 §21: what the playground says about its URL. It names only its own parameters and
// counts the rest, so a link cannot put text on the page or stretch it; and an empty product
// list is said, not silently replaced.

const NO_PRODUCTS = 'Choose at least one product to preview the widget.';

const productBoxes = (page: Page) => page.getByRole('group', { name: 'Products' }).getByRole('checkbox');

test.describe('the playground URL', () => {
  test('an unknown parameter is counted, never shown: a 10,000-character name neither shows nor stretches the page', async ({ page, pageProblems }) => {
    const long = 'k'.repeat(10_000);
    const hostile = ['<img src=x onerror=alert(1)>', 'evil\u202Etxt.exe'];
    const search = [long, ...hostile].map((name) => `${encodeURIComponent(name)}=1`).join('&');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/playground?${search}&products=emailMagicLinks&theme=${encodeURIComponent(hostile[0] ?? '')}`);
      await expect(page.getByText('Ignored 3 unknown settings.')).toBeVisible();
      await expect(page.getByText('theme: 1 unknown value ignored.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
      const text = await page.locator('body').innerText();
      for (const shown of ['kkkkkkkkkk', 'onerror', '\u202E']) expect(text).not.toContain(shown);
      const size = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        scrollHeight: document.documentElement.scrollHeight,
      }));
      // The name used to be printed unbroken: about 81,000 px wide.
      expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth);
      // The form and the widget stacked at 375 px are about 1,050 px.
      expect(size.scrollHeight).toBeLessThan(2_000);
    }
    expect(pageProblems).toEqual([]);
  });

  test('an empty product list shows a notice instead of an empty widget', async ({ page, pageProblems }) => {
    await page.goto('/playground?products=');
    await expect(page.getByText(NO_PRODUCTS)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expect(productBoxes(page)).toHaveCount(6);
    for (const box of await productBoxes(page).all()) await expect(box).not.toBeChecked();
    expect(pageProblems).toEqual([]);
  });

  test('unticking every product shows the notice, not a silent default', async ({ page, pageProblems }) => {
    await page.goto('/playground?products=emailMagicLinks,otp');
    await expect(productBoxes(page)).toHaveCount(6);
    for (const box of await productBoxes(page).all()) await box.uncheck();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(NO_PRODUCTS)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'emailMagicLinks' })).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    // Ticking one again brings the widget back.
    await page.getByRole('checkbox', { name: 'emailMagicLinks' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(page.getByText(NO_PRODUCTS)).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });
});
