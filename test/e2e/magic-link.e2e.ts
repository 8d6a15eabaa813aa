import { expect, requestLoginLink, test } from './fixtures';

test.describe('sign in with an e-mail magic link', () => {
  test('type an address, open the link, stay signed in across a reload, log out', async ({ page, sandbox, pageProblems }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    await requestLoginLink(page, 'ada@example.com');
    await expect(page.getByText('An email was sent to ada@example.com')).toBeVisible();

    const link = await sandbox.latestLinkTo('ada@example.com');
    await page.goto(link, { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(pageProblems).toEqual([]);
  });

  test('an invalid address gets the message under the field and keeps what was typed', async ({ page, pageProblems }) => {
    await page.goto('/login');
    const field = page.getByRole('textbox', { name: 'Email' });
    await field.fill('ada@example');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Email format is invalid.')).toBeVisible();
    await expect(field).toHaveValue('ada@example');
    await expect(field).toHaveAccessibleDescription('Email format is invalid.');
    expect(pageProblems).toEqual([]);
  });

  test('a used link shows the error and a way back to login', async ({ page, sandbox, pageProblems, context }) => {
    await page.goto('/login');
    await requestLoginLink(page, 'grace@example.com');
    const link = await sandbox.latestLinkTo('grace@example.com');

    await page.goto(link, { waitUntil: 'commit' });
    await expect(page.getByText('Signed in as grace@example.com')).toBeVisible();
    await context.clearCookies();

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('This link has already been used or has expired. Please try again.');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(pageProblems).toEqual([]);
  });

  test('Back from home after signing in never shows the callback error; a used link opened while signed in continues', async ({ page, sandbox }) => {
    await page.goto('/login');
    await requestLoginLink(page, 'mary@example.com');
    const link = await sandbox.latestLinkTo('mary@example.com');
    await page.goto(link, { waitUntil: 'commit' });
    await expect(page.getByText('Signed in as mary@example.com')).toBeVisible();

    // Back lands on /login (the callback replaced itself), which sends a signed-in user home.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Signed in as mary@example.com')).toBeVisible();
    await expect(page.getByText('We could not log you in')).toHaveCount(0);

    // The link is used now, but its user is signed in: carry on to where it points.
    // The page may move on before its load event, so wait only for the response.
    await page.goto(link, { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Signed in as mary@example.com')).toBeVisible();
    await expect(page.getByText('We could not log you in')).toHaveCount(0);
  });

  test('after a network failure on the callback, a reload keeps the link and Try again signs in', async ({ page, request, sandbox }) => {
    await page.goto('/login');
    await requestLoginLink(page, 'katherine@example.com');
    const link = await sandbox.latestLinkTo('katherine@example.com');
    const fault = await request.post('/__sandbox/api/faults', { data: { path: '/sdk/v1/magic_links/authenticate', network_drop: true } });
    expect(fault.ok()).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('We could not reach the server. Check your connection and try again.');
    expect(page.url()).not.toContain('token=');
    // The reload tries the remembered link again; the network is still down.
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('We could not reach the server. Check your connection and try again.');
    expect((await request.delete('/__sandbox/api/faults')).ok()).toBe(true);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Signed in as katherine@example.com')).toBeVisible();
  });

  test('the link carries redirect and source, takes the token out of the address bar, and lands on the redirect', async ({ page, sandbox }) => {
    await page.goto('/login?redirect=%2Fplayground%3Fproducts%3DemailMagicLinks&source=web');
    await requestLoginLink(page, 'lin@example.com');
    const link = new URL(await sandbox.latestLinkTo('lin@example.com'));
    expect(link.pathname).toBe('/login/callback');
    expect(link.searchParams.get('redirect')).toBe('/playground?products=emailMagicLinks');
    expect(link.searchParams.get('source')).toBe('web');

    await page.goto(link.toString());
    await expect(page).toHaveURL(/\/playground\?products=emailMagicLinks$/);
    await expect(page.getByRole('heading', { name: 'Widget playground' })).toBeVisible();
    // The callback replaced itself with the redirect: Back returns to the login page (which
    // forwards a signed-in user on), never to the callback, its token or its error.
    await page.goBack();
    await expect(page).toHaveURL(/\/playground\?products=emailMagicLinks$/);
    await expect(page.getByRole('heading', { name: 'Widget playground' })).toBeVisible();
    await expect(page.getByText('We could not log you in')).toHaveCount(0);
  });

  test('source is carried through a failed sign-in but never written into a page', async ({ page, sandbox }) => {
    await page.goto('/login?redirect=%2Forders&source=ios');
    await requestLoginLink(page, 'ines@example.com');
    expect(await page.content()).not.toContain('ios');
    const link = new URL(await sandbox.latestLinkTo('ines@example.com'));
    link.searchParams.set('token', 'not-a-real-token');
    await page.goto(link.toString());
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await page.content()).not.toContain('ios');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Forders&source=ios$/);
  });

  test('a hostile redirect falls back to the home page', async ({ page, sandbox }) => {
    await page.goto('/login?redirect=%2F%5Cevil.example&source=%3Cscript%3E');
    await requestLoginLink(page, 'mo@example.com');
    const link = new URL(await sandbox.latestLinkTo('mo@example.com'));
    expect(link.searchParams.has('redirect')).toBe(false);
    expect(link.searchParams.has('source')).toBe(false);

    const hostile = new URL(link);
    hostile.searchParams.set('redirect', '//evil.example');
    await page.goto(hostile.toString());
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByText('Signed in as mo@example.com')).toBeVisible();
  });

  test('resend shows the Email resent toast; Try again returns to an empty form', async ({ page, sandbox }) => {
    await page.goto('/login');
    await requestLoginLink(page, 'ada@example.com');
    await page.getByRole('button', { name: 'Resend email' }).click();
    await expect(page.getByText('Email resent')).toBeVisible();
    await sandbox.latestLinkTo('ada@example.com');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });
  test('three presses on Resend email send one more e-mail and show one toast, while Resend counts its cooldown down', async ({ page, request }) => {
    await page.goto('/login');
    await requestLoginLink(page, 'ada@example.com');
    const resend = page.getByRole('button', { name: 'Resend email' });
    const box = await resend.boundingBox();
    if (box === null) throw new Error('Resend email is not on screen');
    // As a visitor pressing again and again: the pointer, not a wait for the button to be enabled.
    for (let press = 0; press < 3; press += 1) {
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(150);
    }
    await expect(page.getByText('Email resent')).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Resend email in \d+ seconds$/ })).toBeDisabled();
    const messages = (await (await request.get(`/__sandbox/api/messages?to=${encodeURIComponent('ada@example.com')}`)).json()) as unknown[];
    expect(messages).toHaveLength(2); // the first link and one resend
  });
});

test.describe('playground', () => {
  test('renders the configuration errors from the URL', async ({ page, pageProblems }) => {
    await page.goto('/playground?products=passkeys');
    await expect(page.getByText('Error: Cannot use Passkeys by itself, please add another product to the config.')).toBeVisible();
    await page.goto('/playground?products=emailMagicLinks,otp&otpMethods=email');
    await expect(page.getByText('Error: Cannot use both EML and Email OTP')).toBeVisible();
    expect(pageProblems).toEqual([]);
  });

  test('renders the magic-link product and reports unknown values', async ({ page }) => {
    await page.goto('/playground?products=emailMagicLinks,sorcery');
    await expect(page.getByText('products: 1 unknown value ignored.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  });

  test('the form keeps the chosen configuration in the URL', async ({ page }) => {
    await page.goto('/playground');
    await page.getByRole('checkbox', { name: 'passkeys' }).check();
    await page.getByRole('checkbox', { name: 'emailMagicLinks' }).uncheck();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/products=passkeys/);
    await expect(page.getByText('Error: Cannot use Passkeys by itself, please add another product to the config.')).toBeVisible();
  });
});
