import { expect, requestLoginLink, test } from './fixtures';

// SPEC §7 and §9: 'Email resent' is a success toast, shown for 2000 ms, announced politely, and
// held while the pointer is on it (WCAG 2.2.1).
test('a toast is announced, stays while hovered past its 2000 ms, and leaves once the pointer does', async ({ page, pageProblems }) => {
  await page.goto('/login');
  await requestLoginLink(page, 'ada@example.com');
  await page.getByRole('button', { name: 'Resend email' }).click();
  const toast = page.getByText('Email resent');
  await expect(page.getByRole('status').filter({ has: toast })).toHaveAttribute('aria-live', 'polite');
  await toast.hover();
  await page.waitForTimeout(3000);
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(toast).toBeHidden({ timeout: 3000 });
  expect(pageProblems).toEqual([]);
});
