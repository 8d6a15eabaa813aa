import { expect, requestLoginLink, test } from './fixtures';

// Issue 16 §9 (SPEC §4: session changes reach other tabs through storage events): a /login tab
// left open beside the one that signs in moves on, so nobody signs in a second account there.
test.describe('a sign-in in another tab', () => {
  test("moves a /login tab on to its destination, from 'Check your email' and from Main", async ({ context, page, sandbox }) => {
    await page.goto('/login?redirect=%2Fplayground');
    await requestLoginLink(page, 'ada@example.com');
    const idle = await context.newPage();
    await idle.goto('/login');
    await expect(idle.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();

    const linkTab = await context.newPage();
    await linkTab.goto(await sandbox.latestLinkTo('ada@example.com'));
    // The link carries the return context it was asked with.
    await expect(linkTab).toHaveURL(/\/playground$/);

    await expect(page).toHaveURL(/\/playground$/, { timeout: 10_000 });
    await expect(idle).toHaveURL(/localhost:\d+\/$/, { timeout: 10_000 });
    await expect(idle.getByText('Signed in as ada@example.com')).toBeVisible();
  });
});
