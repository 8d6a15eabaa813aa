import type { Page } from '@playwright/test';
import { expect, requestLoginLink, test } from './fixtures';

// Issue 16 item 3: the SDK keeps its `{session, user}` state under one localStorage key, and every
// tab takes another tab's write to it as its own. A hostile or corrupt write there used to throw
// uncaught in the open tab (and leave it signed in).

/** The SDK's state key for the sandbox's public token (app/src/composition/environment.ts). */
const STATE_KEY = 'stytch_sdk_state_public-token-test-vestibule-sandbox';

const writeState = (page: Page, value: string) => page.evaluate(([key, text]) => localStorage.setItem(key, text), [STATE_KEY, value] as const);

test.describe('malformed session data from another tab', () => {
  test('the open home tab signs out with a logged error and no uncaught error, and stays signed out', async ({ page, context, sandbox, pageProblems }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto('/login');
    await requestLoginLink(page, 'ada@example.com');
    await page.goto(await sandbox.latestLinkTo('ada@example.com'), { waitUntil: 'commit' });
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();

    // The other tab runs the app too; a tab never gets a storage event for its own write.
    const other = await context.newPage();
    await other.goto('/');
    await expect(other.getByText('Signed in as ada@example.com')).toBeVisible();

    // A user without user_id, emails or phone_numbers: the session adapter read phone_numbers[0].
    await writeState(other, '{"user":{}}');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    expect(logged.some((text) => /malformed Stytch session data/.test(text))).toBe(true);
    expect((await context.cookies()).filter((cookie) => cookie.name.startsWith('stytch_session'))).toEqual([]);

    // Not JSON, while the open tab is on /login: the SDK's own listener parsed it without a try.
    await other.waitForURL(/\/login$/);
    await writeState(other, '{');
    // A turn for the event to reach the open tab, and for any check to bring the session back.
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    expect(pageProblems).toEqual([]);
  });
});
