import type { ConsoleMessage } from '@playwright/test';
import { continueWithGoogleAs, expect, seedUser, test, type Page } from './fixtures';

// Issue 8: Google OAuth (the redirect flow through the sandbox's page standing in for Google),
// 'Last used', the round trip's return page, and Google One Tap in the playground.

const GOOGLE = 'Continue with Google';
const PROVIDER_PAGE = 'Sandbox OAuth provider — Google';
const NOT_COMPLETED = 'Signing in with Google was not completed. You can try again.';
const CANCELLED = 'Signing in with Google was cancelled. You can try again.';
/** The sandbox's pkce_mismatch message, shown as the server wrote it (no catalogue entry). */
const PKCE_MISMATCH = 'The code_verifier does not match the code_challenge of this OAuth flow.';
/** Where the SDK keeps the OAuth PKCE pair (@stytch/vanilla-js 6.x, bound to the public token). */
const PKCE_KEY = /^stytch_sdk_state_.+::PKCE_VERIFIER:oauth$/;
const PLAYGROUND = '/playground?products=oauth,emailMagicLinks';
const ONE_TAP = `${PLAYGROUND}&oauthProviders=google,github&oneTap=embedded`;

const widget = (page: Page) => page.getByRole('region', { name: 'Sign up or log in' });
const providerPage = (page: Page) => page.getByRole('heading', { name: PROVIDER_PAGE });

/** `path` has no page of its own in this app (the server's not-found page answers): that 404 is expected, once. */
function expectMissingPage(pageProblems: string[], path: string) {
  const index = pageProblems.indexOf(`404: ${path}`);
  expect(index, `the not-found answer for ${path}`).toBeGreaterThanOrEqual(0);
  pageProblems.splice(index, 1);
}

async function expectSignedInAs(page: Page, email: string) {
  await page.goto('/');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

async function signOut(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The URL of every document the page's main frame committed, in order. */
function committedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

test.describe('Google OAuth on /login', () => {
  test("Continue with Google, then 'or', then the e-mail form; the icon loads; no One Tap off the production host", async ({ page, pageProblems }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await expect(widget(page)).toMatchAriaSnapshot(`
      - heading "Sign up or log in" [level=1]
      - button "${GOOGLE}"
      - paragraph: or
      - textbox "Email"
      - button "Continue"
    `);
    const google = page.getByRole('button', { name: GOOGLE, exact: true });
    // No 'Last used' on a device that has not signed in with a provider yet.
    await expect(google).toHaveAccessibleDescription('');
    // Decorative (alt ''), so it has no role to find it by: the button's own image.
    const icon = google.locator('img');
    await expect(icon).toHaveAttribute('src', '/oauth-icons/google.svg');
    await expect(icon).toHaveAttribute('alt', '');
    await expect.poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

    // One Tap is for the production host only: no prompt, and Google's script is never asked for.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(requests.filter((path) => path.startsWith('/__sandbox/gsi/'))).toEqual([]);
    expect(pageProblems).toEqual([]);
  });

  test('a sandbox user picked at the provider lands on the redirect path signed in, the token never left in the address', async ({ page, request, pageProblems }) => {
    await seedUser(request, { email: 'ada@example.com' });
    const urls = committedUrls(page);
    await page.goto('/login?redirect=%2Fplayground&source=web');
    await page.getByRole('button', { name: GOOGLE }).click();
    await expect(providerPage(page)).toBeVisible();
    // PKCE (the sandbox project requires it) and the return context carried in the return URL.
    const start = new URL(page.url());
    expect(start.pathname).toBe('/__sandbox/stytch/v1/public/oauth/google/start');
    expect(start.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const returnUrl = new URL(start.searchParams.get('login_redirect_url') ?? '');
    expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe(new URL('/login/callback', page.url()).toString());
    expect(returnUrl.searchParams.get('redirect')).toBe('/playground');
    expect(returnUrl.searchParams.get('source')).toBe('web');

    await page.getByRole('button', { name: 'Continue as ada@example.com' }).click();
    await expect(page).toHaveURL(/\/playground$/);
    await expect(page.getByRole('heading', { name: 'Widget playground' })).toBeVisible();
    // The provider sent the token to /login/callback; that page took it out of the address at once.
    const hasToken = (url: string) => new URL(url).searchParams.has('token');
    const withToken = urls.filter(hasToken);
    expect(withToken).toHaveLength(1);
    expect(new URL(withToken[0] ?? '').pathname).toBe('/login/callback');
    expect(urls.slice(urls.indexOf(withToken[0] ?? '') + 1).filter(hasToken)).toEqual([]);
    expect(await page.evaluate(() => history.state === null || !JSON.stringify(history.state).includes('token'))).toBe(true);
    await expectSignedInAs(page, 'ada@example.com');
    expect(pageProblems).toEqual([]);
  });

  test('a new account typed at the provider is created, verified, and signed in', async ({ page, request, pageProblems }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: GOOGLE }).click();
    await expect(page.getByText('The sandbox has no users yet.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email address' }).fill('New.Person@Example.com');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByText('Signed in as new.person@example.com')).toBeVisible();
    expect(page.url()).not.toContain('token');

    const users = (await (await request.get('/__sandbox/api/users')).json()) as Array<{ emails: Array<{ email: string; verified: boolean }>; providers: Array<{ provider_type: string }> }>;
    expect(users).toHaveLength(1);
    expect(users[0]?.emails).toEqual([expect.objectContaining({ email: 'new.person@example.com', verified: true })]);
    expect(users[0]?.providers.map((provider) => provider.provider_type)).toEqual(['google']);
    expect(pageProblems).toEqual([]);
  });

  test("'Last used' marks Google on /login after signing out, and lists it first among several providers", async ({ page, request, context, pageProblems }) => {
    await seedUser(request, { email: 'grace@example.com' });
    await page.goto('/login');
    await continueWithGoogleAs(page, 'grace@example.com');
    await expect(page.getByText('Signed in as grace@example.com')).toBeVisible();
    await signOut(page);

    const google = page.getByRole('button', { name: GOOGLE, exact: true });
    await expect(google).toHaveAccessibleDescription('Last used');
    await expect(widget(page).getByText('Last used')).toBeVisible();

    await page.goto(`${PLAYGROUND}&oauthProviders=github,apple,google`);
    const buttons = widget(page).getByRole('button', { name: /^Continue with / });
    await expect(buttons).toHaveText(['Continue with Google', 'Continue with GitHub', 'Continue with Apple']);
    await expect(buttons.nth(0)).toHaveAccessibleDescription('Last used');
    await expect(buttons.nth(1)).toHaveAccessibleDescription('');
    await expect(buttons.nth(2)).toHaveAccessibleDescription('');

    // Remembered on the device, not in the session: a browser without the cookies still shows it.
    await context.clearCookies();
    await page.goto('/login');
    await expect(google).toHaveAccessibleDescription('Last used');
    expect(pageProblems).toEqual([]);
  });

  test("Cancel at the provider: back on /login with redirect and source, the address typed kept and 'cancelled' said once; Google works again", async ({ page, request, pageProblems }) => {
    await seedUser(request, { email: 'ada@example.com' });
    await page.goto('/login?redirect=%2Fplayground&source=ios');
    const field = page.getByRole('textbox', { name: 'Email' });
    await field.fill('typed@example.com');
    await page.getByRole('button', { name: GOOGLE }).click();
    await expect(providerPage(page)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Not the return page's 'We could not log you in': the sign-in form, saying what happened.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplayground&source=ios$/);
    await expect(widget(page).getByRole('alert')).toHaveText(CANCELLED);
    await expect(field).toHaveValue('typed@example.com');
    await expect(page.getByRole('heading', { name: 'We could not log you in' })).toHaveCount(0);
    await expect(page.getByText(NOT_COMPLETED)).toHaveCount(0);
    const google = page.getByRole('button', { name: GOOGLE });
    await expect(google).toBeEnabled();
    // The round trip's proof is gone with it.
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContainEqual(expect.stringMatching(PKCE_KEY));

    // Told once: the note is gone after that.
    await page.reload();
    await expect(google).toBeEnabled();
    await expect(page.getByText(CANCELLED)).toHaveCount(0);

    await continueWithGoogleAs(page, 'ada@example.com');
    await expect(page).toHaveURL(/\/playground$/);
    await expectSignedInAs(page, 'ada@example.com');
    expect(pageProblems).toEqual([]);
  });

  test("a tampered PKCE verifier: the server's pkce_mismatch message, the pair forgotten, nobody signed in", async ({ page, request, pageProblems }) => {
    await seedUser(request, { email: 'mallory@example.com' });
    await page.goto('/login');
    await page.getByRole('button', { name: GOOGLE }).click();
    await expect(providerPage(page)).toBeVisible();
    // The provider page shares the app's origin, so this is the app's localStorage.
    const tampered = await page.evaluate((pattern) => {
      const key = Object.keys(localStorage).find((candidate) => new RegExp(pattern).test(candidate));
      if (!key) return false;
      const pair = JSON.parse(localStorage.getItem(key) ?? '{}') as { code_verifier?: string };
      localStorage.setItem(key, JSON.stringify({ ...pair, code_verifier: 'x'.repeat(64) }));
      return true;
    }, PKCE_KEY.source);
    expect(tampered, 'the SDK stored a PKCE pair before leaving').toBe(true);

    await page.getByRole('button', { name: 'Continue as mallory@example.com' }).click();
    await expect(page.getByRole('heading', { name: 'We could not log you in' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(PKCE_MISMATCH);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(page.url()).not.toContain('token');
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContainEqual(expect.stringMatching(PKCE_KEY));

    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(pageProblems).toEqual([]);
  });

  for (const hostile of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(document.domain)']) {
    test(`a hostile redirect (${hostile}) never leaves the origin through the round trip`, async ({ page, request, pageProblems }) => {
      await seedUser(request, { email: 'ada@example.com' });
      // Given to /login: dropped there, so the provider is never even asked to carry it.
      await page.goto(`/login?redirect=${encodeURIComponent(hostile)}&source=web`);
      const origin = new URL(page.url()).origin;
      await page.getByRole('button', { name: GOOGLE }).click();
      await expect(providerPage(page)).toBeVisible();
      const returnUrl = new URL(new URL(page.url()).searchParams.get('login_redirect_url') ?? '');
      expect(returnUrl.searchParams.has('redirect')).toBe(false);
      await page.getByRole('button', { name: 'Continue as ada@example.com' }).click();
      await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();
      expect(page.url()).toBe(`${origin}/`);

      // Slipped into the return URL on the way back (after the provider): the return page drops it too.
      await signOut(page);
      await page.route(
        /\/login\/callback\?.*token=/,
        async (route) => {
          const tampered = new URL(route.request().url());
          tampered.searchParams.set('redirect', hostile);
          await route.fulfill({ status: 302, headers: { Location: tampered.toString() } });
        },
        { times: 1 },
      );
      await continueWithGoogleAs(page, 'ada@example.com');
      await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();
      expect(page.url()).toBe(`${origin}/`);
      expect(pageProblems).toEqual([]);
    });
  }

  test('a safe redirect with a query (/orders?x=1) is honoured exactly', async ({ page, request, pageProblems }) => {
    await seedUser(request, { email: 'ada@example.com' });
    await page.goto('/login?redirect=%2Forders%3Fx%3D1');
    const origin = new URL(page.url()).origin;
    await continueWithGoogleAs(page, 'ada@example.com');
    await expect(page).toHaveURL(`${origin}/orders?x=1`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expectMissingPage(pageProblems, '/orders');
    await expectSignedInAs(page, 'ada@example.com');
    expect(pageProblems).toEqual([]);
  });

  test("Back from the provider page without finishing (/login reloaded): 'not completed', once, and the button works", async ({ page, request, pageProblems }) => {
    await seedUser(request, { email: 'ada@example.com' });
    await page.goto('/login?redirect=%2Fplayground&source=web');
    await page.getByRole('button', { name: GOOGLE }).click();
    await expect(providerPage(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplayground&source=web$/);
    const google = page.getByRole('button', { name: GOOGLE });
    await expect(widget(page).getByRole('alert')).toHaveText(NOT_COMPLETED);
    await expect(google).toBeEnabled();
    await expect(google).not.toHaveAttribute('aria-busy', 'true');
    // The round trip's proof is forgotten with the note.
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContainEqual(expect.stringMatching(PKCE_KEY));

    // Told once: the note is gone after that.
    await page.reload();
    await expect(google).toBeEnabled();
    await expect(page.getByText(NOT_COMPLETED)).toHaveCount(0);

    await continueWithGoogleAs(page, 'ada@example.com');
    await expect(page).toHaveURL(/\/playground$/);
    expect(pageProblems).toEqual([]);
  });

  test('Back from the provider page keeps the address typed before (/login reloaded)', async ({ page }) => {
    // /login is served `Cache-Control: no-store`, so Back reloads it: the address comes back from
    // this tab's note of the round trip.
    await page.goto('/login');
    const field = page.getByRole('textbox', { name: 'Email' });
    await field.fill('typed@example.com');
    await page.getByRole('button', { name: GOOGLE }).click();
    await expect(providerPage(page)).toBeVisible();
    await page.goBack();
    await expect(widget(page).getByRole('alert')).toHaveText(NOT_COMPLETED);
    await expect(field).toHaveValue('typed@example.com', { timeout: 2_000 });
  });

  test('a start that fails in the page (the SDK cannot load) is told under the Google button; the typed address stays', async ({ page, request, pageProblems }) => {
    await seedUser(request, { email: 'ada@example.com' });
    const sdk = /\/assets\/index\.headless-[\w-]+\.js$/;
    await page.route(sdk, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    const field = page.getByRole('textbox', { name: 'Email' });
    await field.fill('typed@example.com');
    const google = page.getByRole('button', { name: GOOGLE });
    await google.click();
    await expect(widget(page).getByRole('alert')).toHaveText('We could not reach the server. Check your connection and try again.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(field).toHaveValue('typed@example.com');
    await expect(google).toBeEnabled();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

    await page.unroute(sdk);
    await continueWithGoogleAs(page, 'ada@example.com');
    await expect(page.getByText('Signed in as ada@example.com')).toBeVisible();
    expect(pageProblems).toEqual([]);
  });
});

test.describe('Google One Tap in the playground', () => {
  const ONE_TAP_PROMPT = 'Sign in to localhost with Google';

  test('shown embedded in the Google button’s place (growing past 47 px); an account signs in', async ({ page, request, pageProblems }) => {
    await seedUser(request, { email: 'tap@example.com' });
    // Google takes a moment to answer: the place is held at its starting height meanwhile.
    expect((await request.post('/__sandbox/api/faults', { data: { path: '/__sandbox/gsi/accounts', delay_ms: 2_000, times: 1 } })).ok()).toBe(true);
    await page.goto(ONE_TAP);
    // A layout check, so by the box's class: it is no control a person would name.
    const box = widget(page).locator('.vb-one-tap');
    await expect(box).toHaveCSS('height', '47px');
    await expect(box).toHaveAttribute('aria-busy', 'true');
    await expect(widget(page).getByRole('button', { name: GOOGLE })).toHaveCount(0);

    const prompt = widget(page).getByRole('dialog', { name: ONE_TAP_PROMPT });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByText('Sandbox Google')).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect.poll(async () => (await box.boundingBox())?.height ?? 0).toBeGreaterThan(47);
    await expect(box).not.toHaveAttribute('aria-busy', 'true');
    // In the Google button's place: the other providers and the form stay.
    await expect(widget(page).getByRole('button', { name: GOOGLE })).toHaveCount(0);
    await expect(widget(page).getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    await expect(widget(page).getByRole('textbox', { name: 'Email' })).toBeVisible();

    await prompt.getByRole('button', { name: 'Continue as tap@example.com' }).click();
    await expect(page.getByText('Signed in as tap@example.com')).toBeVisible();
    expect(page.url()).not.toContain('token');
    expect(pageProblems).toEqual([]);
  });

  test('Close gives the normal Google button back, and it signs in', async ({ page, request, pageProblems }) => {
    await seedUser(request, { email: 'tap@example.com' });
    await page.goto(ONE_TAP);
    const prompt = widget(page).getByRole('dialog', { name: ONE_TAP_PROMPT });
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(widget(page).getByRole('button', { name: GOOGLE })).toBeEnabled();
    await expect(widget(page).getByRole('alert')).toHaveCount(0);
    await continueWithGoogleAs(page, 'tap@example.com');
    await expect(page.getByText('Signed in as tap@example.com')).toBeVisible();
    expect(pageProblems).toEqual([]);
  });

  const CONFIGURATION_ERRORS: Readonly<Record<string, string>> = {
    oauth_config_not_found: 'the project has no Google OAuth client configured',
    no_login_redirect_urls_set: 'the project has no login redirect URLs',
    no_signup_redirect_urls_set: 'the project has no signup redirect URLs',
    default_provider_not_allowed: "the provider's default (shared) Google client cannot be used with One Tap",
    origin_not_allowed_for_client: "this page's origin is not an Authorized JavaScript origin",
    invalid_client: "Google does not recognise the project's Google client ID",
  };

  for (const [error, explanation] of Object.entries(CONFIGURATION_ERRORS)) {
    test(`one_tap_error ${error}: the Google button, and a developer message in the console only`, async ({ page, request, pageProblems }) => {
      await seedUser(request, { email: 'tap@example.com' });
      expect((await request.put('/__sandbox/api/project', { data: { one_tap_error: error } })).ok()).toBe(true);
      const errors: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(ONE_TAP);
      await expect(widget(page).getByRole('button', { name: GOOGLE })).toBeEnabled();
      await expect.poll(() => errors.filter((text) => text.startsWith('[vestibule] One Tap cannot render'))).toHaveLength(1);
      // Exactly one developer message, naming the cause; the browser's own line for the sandbox's
      // refusal (a failed request) is the only other error.
      const others = errors.filter((text) => !text.startsWith('Failed to load resource: the server responded with a status of 4'));
      expect(others).toEqual([expect.stringContaining(explanation)]);
      expect(others[0]).toMatch(/^\[vestibule\] One Tap cannot render: /);
      // Nothing for the visitor: no prompt, no message, nothing left busy.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(widget(page).getByRole('alert')).toHaveCount(0);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await continueWithGoogleAs(page, 'tap@example.com');
      await expect(page.getByText('Signed in as tap@example.com')).toBeVisible();
      expect(pageProblems).toEqual([]);
    });
  }
});
