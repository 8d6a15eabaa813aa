import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 16 §11: an error answer from the OAuth start (a 500, a 429, a malformed body) used to be
// the page the browser showed: raw JSON on the provider's origin, with Back the only way home.
// The visitor now stays on /login, told what happened, with the address they typed.

const OAUTH_START = '/v1/public/oauth/google/start';
const GOOGLE = 'Continue with Google';
const TYPED = 'typed@example.com';

const ROWS = [
  {
    name: '500',
    spec: { status: 500, error_type: 'internal_server_error', error_message: 'Oops.' },
    message: 'Something went wrong on our side. Please try again in a moment.',
  },
  {
    name: '429 + Retry-After',
    spec: { status: 429, error_type: 'too_many_requests', error_message: 'Too many requests.', retry_after_seconds: 3 },
    message: 'Too many attempts. Please wait a moment and try again.',
  },
  { name: 'malformed JSON', spec: { malformed_json: true }, message: 'The server sent an answer we could not read. Please try again.' },
] as const;

async function injectFault(request: APIRequestContext, spec: Record<string, unknown>) {
  const response = await request.post('/__sandbox/api/faults', { data: { path: OAUTH_START, ...spec } });
  expect(response.ok(), await response.text()).toBe(true);
}

for (const row of ROWS) {
  test(`OAuth start answering ${row.name}: the visitor stays on /login, told so, with the address kept`, async ({ page, request }) => {
    await injectFault(request, row.spec);
    await page.goto('/login?redirect=%2Fplayground');
    const field = page.getByRole('textbox', { name: 'Email' });
    await field.fill(TYPED);
    await page.getByRole('button', { name: GOOGLE }).click();
    const widget = page.getByRole('region', { name: 'Sign up or log in' });
    await expect(widget.getByRole('alert')).toHaveText(row.message);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplayground$/);
    await expect(field).toHaveValue(TYPED);
    // Never the provider's raw answer as a page.
    await expect(page.getByText('error_type')).toHaveCount(0);
    await expect(page.getByText('request_id')).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // Once the fault is gone (and a 429's wait is over) the same button reaches the provider.
    expect((await request.delete('/__sandbox/api/faults')).ok()).toBe(true);
    await expect(page.getByRole('button', { name: GOOGLE })).toBeEnabled({ timeout: 10_000 });
    await page.getByRole('button', { name: GOOGLE }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox OAuth provider — Google' })).toBeVisible();
  });
}
