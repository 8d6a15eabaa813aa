import type { APIRequestContext } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { continueWithGoogleAs, expect, requestLoginLink, seedUser, test, type Page } from './fixtures';

// Issue 6 §8: provider calls under each fault a network and a provider can produce. For each: a
// clear message (a network problem is not shown as a bad address), what was typed is kept, no
// spinner that does not end, and a retry works.
//
// Every call × fault is checked a level down, where the facts live (issue 15 §6):
// - the error each call gives: adapters/src/stytch/stytch-faults.contract.test.ts (the real SDK
//   against the sandbox's faults: code, retryable, Retry-After);
// - what the visitor then sees: core/**/*.failure-view.test.ts (each machine on virtual time:
//   the message, the input kept, no spinner, a retry that calls again after the wait).
// The browser keeps the wiring: one row per fault kind, each on a different page and call, plus
// what only a browser shows (the OAuth round trip leaving the page, the error text's own chunk).

interface Fault {
  readonly name: string;
  readonly spec: Record<string, unknown>;
  readonly message: string;
  /** Seconds the action stays disabled (429 with Retry-After). */
  readonly waitSeconds?: number;
  /** Needs the clock moved past the call timeout (15 s). */
  readonly hangs?: boolean;
}

const FAULTS: readonly Fault[] = [
  { name: 'network error', spec: { network_drop: true }, message: 'We could not reach the server. Check your connection and try again.' },
  {
    name: '429 + Retry-After',
    spec: { status: 429, error_type: 'too_many_requests', error_message: 'Too many requests.', retry_after_seconds: 3 },
    message: 'Too many attempts. Please wait a moment and try again.',
    waitSeconds: 3,
  },
  { name: '500', spec: { status: 500, error_type: 'internal_server_error', error_message: 'Oops.' }, message: 'Something went wrong on our side. Please try again in a moment.' },
  { name: '503', spec: { status: 503, error_type: 'service_unavailable', error_message: 'Down.' }, message: 'Something went wrong on our side. Please try again in a moment.' },
  { name: 'malformed JSON', spec: { malformed_json: true }, message: 'The server sent an answer we could not read. Please try again.' },
  { name: 'hang past the timeout', spec: { hang: true }, message: 'The server is taking too long to answer. Please try again.', hangs: true },
];

const SEND = '/sdk/v1/magic_links/email/login_or_create';
const AUTHENTICATE = '/sdk/v1/magic_links/authenticate';
const SESSION_CHECK = '/sdk/v1/sessions/authenticate';
const REVOKE = '/sdk/v1/sessions/revoke';
const SEARCH = '/sdk/v1/users/search';
const STRENGTH = '/sdk/v1/passwords/strength_check';
const CREATE = '/sdk/v1/passwords';
const PASSWORD_LOGIN = '/sdk/v1/passwords/authenticate';
const RESET_START = '/sdk/v1/passwords/email/reset/start';
const RESET = '/sdk/v1/passwords/email/reset';
const STRONG = 'Correct horse battery 9';
// OAuth (issue 8): the start is a top-level navigation to the provider (here the sandbox's page);
// One Tap's two calls go to Stytch's public API, not the SDK's.
const OAUTH_START = '/v1/public/oauth/google/start';
const OAUTH_AUTHENTICATE = '/sdk/v1/oauth/authenticate';
const ONE_TAP_START = '/v1/public/oauth/google/onetap/start';
const ONE_TAP_CALLBACK = '/v1/oauth/callback/*';
const GOOGLE = 'Continue with Google';
const PROVIDER_PAGE = 'Sandbox OAuth provider — Google';
const ONE_TAP_PLAYGROUND = '/playground?products=oauth,emailMagicLinks&oauthProviders=google,github&oneTap=embedded';
// Passcodes (issue 9): the sends from Main's phone and e-mail forms, the resend from Passcode
// entry (the same login_or_create call), and the code's check.
const SMS_SEND = '/sdk/v1/otps/sms/login_or_create';
const EMAIL_SEND = '/sdk/v1/otps/email/login_or_create';
const OTP_AUTHENTICATE = '/sdk/v1/otps/authenticate';
const PASSCODES_PLAYGROUND = '/playground?products=otp&otpMethods=sms,whatsapp,email';
const EMAIL_PASSCODES_PLAYGROUND = '/playground?products=otp&otpMethods=email';
const PHONE = '+12015550123';
const NATIONAL = '(201) 555-0123';
const NOT_COMPLETED = 'Signing in with Google was not completed. You can try again.';

/** The one call each fault kind is still tried on in a browser (a different page and call each). */
const BROWSER_ROW: Readonly<Record<string, string>> = {
  'network error': 'send magic link',
  '429 + Retry-After': 'password login',
  '500': 'passcode send by text (phone form)',
  '503': 'oauth authenticate',
  'malformed JSON': 'session check on load',
  'hang past the timeout': 'password reset',
};
/**
 * What only a browser shows: the page leaving for the provider's page, then Back (every other
 * fault there is the same round trip: core/src/widget/products/oauth/oauth.flow.test.ts), and a
 * start that never answers (asked before leaving since issue 16 §11: the call's timeout on /login;
 * a provider page that never loads after a good start, 'did not open', is the flow test's).
 */
const BROWSER_ONLY_ROWS: ReadonlySet<string> = new Set(['oauth start — network error', 'oauth start — hang past the timeout']);

/** Registers the row `<call> — <fault>` when the browser still checks it (see above). */
function row(title: string, body: Parameters<typeof test>[2]): void {
  const [call = '', fault = ''] = title.split(' — ');
  if (BROWSER_ROW[fault] === call || BROWSER_ONLY_ROWS.has(title)) test(title, body);
}

async function injectFault(request: APIRequestContext, path: string, fault: Fault) {
  const response = await request.post('/__sandbox/api/faults', { data: { path, ...fault.spec } });
  expect(response.ok(), await response.text()).toBe(true);
}
const seedPasswordUser = async (request: APIRequestContext, email: string) =>
  expect((await request.post('/__sandbox/api/users', { data: { email, password: STRONG } })).ok()).toBe(true);
const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const clearFaults = async (request: APIRequestContext) => expect((await request.delete('/__sandbox/api/faults')).ok()).toBe(true);

/** Provider paths each page has requested, so a hang is timed from its own request. */
const requested = new WeakMap<Page, string[]>();

/** Whether a requested pathname is the call to `path` (a trailing `*` matches any rest, as fault paths do). */
function isCallTo(seen: string, path: string): boolean {
  return path.endsWith('*') ? seen.includes(path.slice(0, -1)) : seen.endsWith(path);
}

/** Moves the page past the call timeout when `fault` hangs the call to `path`. */
async function letTimePass(page: Page, fault: Fault, path: string) {
  if (!fault.hangs) return;
  // The call's timeout timer starts with the call: wait until the request has left the page.
  await expect.poll(() => (requested.get(page) ?? []).some((seen) => isCallTo(seen, path))).toBe(true);
  await page.clock.fastForward(16_000);
}

/** Resolves once the page's next request to `path` has finished or failed (either way). */
function nextSettled(page: Page, path: string): Promise<unknown> {
  const matches = (request: { url(): string }) => isCallTo(new URL(request.url()).pathname, path);
  return Promise.race([page.waitForEvent('requestfinished', { predicate: matches, timeout: 0 }), page.waitForEvent('requestfailed', { predicate: matches, timeout: 0 })]);
}

const widget = (page: Page) => page.getByRole('region', { name: 'Sign up or log in' });

/**
 * What every row checks once the fault has played out: the clear message is on `field` (as its
 * description, or part of it next to strength feedback), what was typed is still there, no spinner
 * is left. Then the fault goes, and a 429's Retry-After is waited out on `waitingControl` (`null`:
 * nothing is held, as for a failed strength check).
 */
async function expectKeptThenRecover(
  page: Page,
  request: APIRequestContext,
  fault: Fault,
  field: Locator,
  typed: string,
  options: { readonly partOfDescription?: boolean; readonly waitingControl?: Locator | null; readonly forTheForm?: boolean } = {},
) {
  if (options.forTheForm) await expectFormMessage(page, field, fault.message);
  else await expect(field).toHaveAccessibleDescription(options.partOfDescription ? escaped(fault.message) : fault.message);
  await expect(field).toHaveValue(typed);
  await noSpinner(page);
  await clearFaults(request);
  if (fault.waitSeconds && options.waitingControl !== null) {
    await expect(options.waitingControl ?? page.getByRole('button', { name: /^Try again in \d seconds?$/ })).toBeDisabled();
    await page.clock.fastForward(fault.waitSeconds * 1000 + 100);
  }
}

/**
 * A failed attempt on Main's e-mail form (network, server, rate limit) is a message for the form,
 * not bad input (issue 16 §16): shown as an alert, the field neither invalid nor described by it.
 */
async function expectFormMessage(page: Page, field: Locator, message: string) {
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field).not.toHaveAccessibleDescription(message);
}

async function noSpinner(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function sendLinkTo(page: Page, email: string) {
  await page.goto('/login');
  await requestLoginLink(page, email);
}

/** /login's Continue, then 'Email me a login link' for a new address: the send that may fail. */
async function askForLink(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  // The lookup and the product's screens may wait on a chunk after a connection problem.
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Email me a login link' }).click();
}

/**
 * The newest passcode sent to `to`, once more than `after` messages have gone to it (the sandbox's
 * outbox stands in for the visitor's phone and inbox).
 */
async function latestCode(request: APIRequestContext, to: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get(`/__sandbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as { code?: string }[];
      code = messages[0]?.code;
      return messages.length;
    })
    .toBeGreaterThan(after);
  if (!code) throw new Error(`The newest message to ${to} has no code`);
  return code;
}
const sentTo = async (request: APIRequestContext, to: string) =>
  ((await (await request.get(`/__sandbox/api/messages?to=${encodeURIComponent(to)}`)).json()) as unknown[]).length;

/** Types a passcode digit by digit into Passcode entry (the sixth digit submits it). */
async function typePasscode(page: Page, code: string) {
  const field = page.getByRole('textbox', { name: 'Passcode' });
  await expect(field).toBeEnabled();
  await field.clear();
  await field.pressSequentially(code);
}

/** A passcode sign-in ends on 'Success!' and then the signed-in home page. */
async function expectPasscodeSignIn(page: Page) {
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
}

/**
 * The passcode rows' checks once the fault has played out: the clear message on `field`, what was
 * typed still there, no spinner. Under a 429 the page's clock stops as soon as the message shows,
 * so the live countdown and the held controls are checked before the wait runs out.
 */
async function expectPasscodeFault(
  page: Page,
  fault: Fault,
  field: Locator,
  typed: string,
  options: { readonly exact: boolean; readonly countdown: Locator; readonly waitingControls: readonly Locator[] },
) {
  await expect(field).toHaveAccessibleDescription(options.exact && !fault.waitSeconds ? fault.message : escaped(fault.message));
  if (fault.waitSeconds) {
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 250));
    await expect(options.countdown).toHaveText(new RegExp(`Try again in [1-${fault.waitSeconds}] seconds?`));
    for (const control of options.waitingControls) await expect(control).toBeDisabled();
    // On Passcode entry the countdown follows the message under the code.
    if (!options.exact) await expect(field).toHaveAccessibleDescription(new RegExp(`^${escaped(fault.message).source} Try again in \\d seconds?`));
  }
  await expect(field).toHaveValue(typed);
  await noSpinner(page);
}

/** A return page's Try again: under a 429 it counts down, disabled, until the wait is over; then it is pressed. */
async function tryAgainOnceAllowed(page: Page, fault: Fault) {
  if (fault.waitSeconds) {
    await expect(page.getByRole('button', { name: /^Try again in \d seconds?$/ })).toBeDisabled();
    await page.clock.fastForward(fault.waitSeconds * 1000 + 100);
  }
  await page.getByRole('button', { name: 'Try again' }).click();
}

/** Under a 429 (the clock stopped): the countdown moves each second, and once it ends the controls are back. */
async function waitOutRetryAfter(page: Page, fault: Fault, countdown: Locator) {
  if (!fault.waitSeconds) return;
  const left = Number((await countdown.textContent())?.match(/Try again in (\d+) seconds?/)?.[1]);
  expect(left).toBeGreaterThan(0);
  if (left === fault.waitSeconds) {
    // Two seconds on, it shows less (the entry screen's ticks keep the code countdown's rhythm, so
    // one second may not be enough), and it still shows.
    await page.clock.runFor(2_000);
    await expect(countdown).toHaveText(new RegExp(`Try again in [1-${left - 1}] seconds?`));
  }
  await page.clock.runFor(fault.waitSeconds * 1000);
  await expect(countdown).toHaveCount(0);
  await page.clock.resume();
}

test.describe('fault matrix', () => {
  test.beforeEach(async ({ page }) => {
    const paths: string[] = [];
    requested.set(page, paths);
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await page.clock.install();
  });

  for (const fault of FAULTS) {
    row(`send magic link — ${fault.name}`, async ({ page, request, sandbox }) => {
      await injectFault(request, SEND, fault);
      await page.goto('/login');
      await askForLink(page, 'ada@example.com');
      await letTimePass(page, fault, SEND);
      const field = page.getByRole('textbox', { name: 'Email' });
      await expectFormMessage(page, field, fault.message);
      await expect(field).toHaveValue('ada@example.com');
      await noSpinner(page);
      await clearFaults(request);
      const retry = page.getByRole('button', { name: fault.waitSeconds ? /Try again in \d seconds?/ : 'Continue' });
      if (fault.waitSeconds) {
        await expect(retry).toBeDisabled();
        await page.clock.fastForward(fault.waitSeconds * 1000 + 100);
      }
      // A hung send completes once released (the address then exists, without a password): the
      // retry may be sent at once or through the chooser; either way a link goes out.
      await requestLoginLink(page, 'ada@example.com');
      await sandbox.latestLinkTo('ada@example.com');
    });

    row(`authenticate magic link — ${fault.name}`, async ({ page, request, sandbox }) => {
      await sendLinkTo(page, 'grace@example.com');
      const link = await sandbox.latestLinkTo('grace@example.com');
      await injectFault(request, AUTHENTICATE, fault);
      await page.goto(link);
      await letTimePass(page, fault, AUTHENTICATE);
      await expect(page.getByRole('alert')).toHaveText(fault.message);
      await noSpinner(page);
      await clearFaults(request);
      const retry = page.getByRole('button', { name: /^Try again/ });
      if (fault.waitSeconds) {
        await expect(retry).toBeDisabled();
        await page.clock.fastForward(fault.waitSeconds * 1000 + 100);
      }
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByText('Signed in as grace@example.com')).toBeVisible();
    });

    row(`session check on load — ${fault.name}`, async ({ page, request, sandbox }) => {
      await sendLinkTo(page, 'hopper@example.com');
      await page.goto(await sandbox.latestLinkTo('hopper@example.com'));
      await expect(page.getByText('Signed in as hopper@example.com')).toBeVisible();
      await injectFault(request, SESSION_CHECK, fault);
      // Only the check after the reload counts for the hang.
      requested.get(page)?.splice(0);
      await page.reload();
      await letTimePass(page, fault, SESSION_CHECK);
      await expect(page.getByRole('heading', { name: 'We could not check your sign-in' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(fault.message);
      await noSpinner(page);
      await clearFaults(request);
      await tryAgainOnceAllowed(page, fault);
      await expect(page.getByText('Signed in as hopper@example.com')).toBeVisible();
    });

    row(`password user lookup — ${fault.name}`, async ({ page, request }) => {
      await injectFault(request, SEARCH, fault);
      await page.goto('/login');
      const field = page.getByRole('textbox', { name: 'Email' });
      await field.fill('lookup@example.com');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await letTimePass(page, fault, SEARCH);
      await expectKeptThenRecover(page, request, fault, field, 'lookup@example.com', { forTheForm: true });
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    });

    // SPEC §5: without a verdict Continue stays disabled; 'Check again' (after the countdown, for
    // a 429) asks again, and a valid verdict enables Continue.
    row(`password strength check — ${fault.name}`, async ({ page, request }) => {
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill('strength@example.com');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await injectFault(request, STRENGTH, fault);
      const password = page.getByLabel('Password', { exact: true });
      await password.fill(STRONG);
      await letTimePass(page, fault, STRENGTH);
      const submit = page.getByRole('button', { name: 'Continue', exact: true });
      await expect(password).toHaveAccessibleDescription(/We could not check the strength of this password\./);
      await expect(submit).toBeDisabled();
      await expectKeptThenRecover(page, request, fault, password, STRONG, { partOfDescription: true });
      await expect(submit).toBeDisabled();
      await page.getByRole('button', { name: 'Check again' }).click();
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    });

    row(`password create — ${fault.name}`, async ({ page, request }) => {
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill('create@example.com');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const password = page.getByLabel('Password', { exact: true });
      await password.fill(STRONG);
      const submit = page.getByRole('button', { name: 'Continue', exact: true });
      await expect(submit).toBeEnabled();
      await injectFault(request, CREATE, fault);
      await submit.click();
      await letTimePass(page, fault, CREATE);
      await expectKeptThenRecover(page, request, fault, password, STRONG, { partOfDescription: true });
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
      // After a hang the account may already exist: Continue then signs in with the same password.
    });

    row(`password login — ${fault.name}`, async ({ page, request }) => {
      await seedPasswordUser(request, 'login@example.com');
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill('login@example.com');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const password = page.getByLabel('Password', { exact: true });
      await password.fill(STRONG);
      await injectFault(request, PASSWORD_LOGIN, fault);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await letTimePass(page, fault, PASSWORD_LOGIN);
      await expectKeptThenRecover(page, request, fault, password, STRONG);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    });

    row(`reset e-mail start — ${fault.name}`, async ({ page, request, sandbox }) => {
      await seedPasswordUser(request, 'forgot@example.com');
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill('forgot@example.com');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('half remembered');
      await injectFault(request, RESET_START, fault);
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      await letTimePass(page, fault, RESET_START);
      await expectKeptThenRecover(page, request, fault, password, 'half remembered', { waitingControl: page.getByRole('button', { name: 'Forgot Password?' }) });
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
      await sandbox.latestLinkTo('forgot@example.com');
    });

    row(`password reset — ${fault.name}`, async ({ page, request, sandbox }) => {
      await seedPasswordUser(request, 'reset@example.com');
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill('reset@example.com');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      await page.goto(await sandbox.latestLinkTo('reset@example.com'));
      const password = page.getByLabel('New password', { exact: true });
      await password.fill('A brand new horse battery 7');
      const submit = page.getByRole('button', { name: 'Continue', exact: true });
      await expect(submit).toBeEnabled();
      await injectFault(request, RESET, fault);
      await submit.click();
      await letTimePass(page, fault, RESET);
      await expectKeptThenRecover(page, request, fault, password, 'A brand new horse battery 7', { partOfDescription: true });
      // A hung reset goes through once released (the SDK cannot abort it): its session signs the
      // visitor in and the page goes on by itself. Otherwise Continue tries again.
      if (!fault.hangs) await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByText('Signed in as reset@example.com')).toBeVisible();
    });

    // The hand-off after a password sign-in: /login/callback/web adopts the session token.
    row(`session hand-off (/login/callback/web) — ${fault.name}`, async ({ page, request }) => {
      await seedPasswordUser(request, 'handoff@example.com');
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email' }).fill('handoff@example.com');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByLabel('Password', { exact: true }).fill(STRONG);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
      await injectFault(request, SESSION_CHECK, fault);
      requested.get(page)?.splice(0);
      await expect(page).toHaveURL(/\/login\/callback\/web/);
      if (fault.hangs) {
        // Several calls share the path there (the SDK's own session checks and the adoption), and
        // the adoption starts only once they are under way: move time on until its timeout shows.
        await letTimePass(page, fault, SESSION_CHECK);
        for (let round = 0; round < 3 && !(await page.getByRole('alert').isVisible()); round++) {
          await page.waitForTimeout(500);
          await page.clock.fastForward(16_000);
        }
      }
      await expect(page.getByRole('alert')).toHaveText(fault.message);
      expect(page.url()).not.toContain('session_token');
      await noSpinner(page);
      await clearFaults(request);
      await tryAgainOnceAllowed(page, fault);
      await expect(page.getByText('Signed in as handoff@example.com')).toBeVisible();
    });

    // The OAuth return page (/login/callback) redeems the provider's token. A failed call leaves
    // the token unspent (the fault answers before the sandbox looks at it), so 'Try again' works.
    row(`oauth authenticate — ${fault.name}`, async ({ page, request }) => {
      await seedUser(request, { email: 'oauth@example.com' });
      await page.goto('/login?redirect=%2Fplayground');
      await page.getByRole('button', { name: GOOGLE }).click();
      await expect(page.getByRole('heading', { name: PROVIDER_PAGE })).toBeVisible();
      await injectFault(request, OAUTH_AUTHENTICATE, fault);
      await page.getByRole('button', { name: 'Continue as oauth@example.com' }).click();
      await expect(page).toHaveURL(/\/login\/callback\?redirect=%2Fplayground$/);
      await letTimePass(page, fault, OAUTH_AUTHENTICATE);
      await expect(page.getByRole('heading', { name: 'We could not log you in' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(fault.message);
      expect(new URL(page.url()).searchParams.has('token')).toBe(false);
      await noSpinner(page);
      // A hung call cannot be aborted: released, Chromium sends it again on a new connection (the
      // first one closed before any answer) and it succeeds behind the error, using the token. Let
      // it finish, so the retry meets a spent token and finds the session that call made.
      const released = fault.hangs ? nextSettled(page, OAUTH_AUTHENTICATE) : null;
      await clearFaults(request);
      await released;
      await tryAgainOnceAllowed(page, fault);
      await expect(page).toHaveURL(/\/playground$/);
      await page.goto('/');
      await expect(page.getByText('Signed in as oauth@example.com')).toBeVisible();
    });

    // The start leaves the page for the provider: a dropped connection is the browser's error page,
    // and Back is the way home. (An error status or a malformed answer is caught by the adapter's
    // check before leaving: oauth-start-errors.e2e.ts, issue 16 §11.)
    row(`oauth start — ${fault.name}`, async ({ page, request }) => {
      await seedUser(request, { email: 'start@example.com' });
      await injectFault(request, OAUTH_START, fault);
      await page.goto('/login?redirect=%2Fplayground');
      const field = page.getByRole('textbox', { name: 'Email' });
      await field.fill('typed@example.com');
      const google = page.getByRole('button', { name: GOOGLE });
      const alert = widget(page).getByRole('alert');
      if (fault.hangs) {
        await google.click();
        await expect.poll(() => (requested.get(page) ?? []).some((seen) => seen.endsWith(OAUTH_START))).toBe(true);
        // The start is asked before the page leaves (issue 16 §11): a start that never answers is
        // the call's own timeout, said on /login with the address kept; the page never left.
        await page.clock.fastForward(16_000);
        await expect(alert).toHaveText(fault.message);
        await expect(page).toHaveURL(/\/login\?redirect=%2Fplayground$/);
        await expect(field).toHaveValue('typed@example.com');
      } else {
        const left = fault.spec['network_drop'] ? page.waitForEvent('requestfailed') : page.waitForResponse((response) => response.url().includes(OAUTH_START));
        await google.click();
        const outcome = await left;
        if ('status' in outcome) expect(outcome.status()).toBe(typeof fault.spec['status'] === 'number' ? fault.spec['status'] : 200);
        else expect(outcome.failure()?.errorText).toBe('net::ERR_EMPTY_RESPONSE');
        await expect(page).not.toHaveURL(/\/login(\?|$)/);
        await page.goBack();
        await expect(page).toHaveURL(/\/login\?redirect=%2Fplayground$/);
        await expect(alert).toHaveText(NOT_COMPLETED);
        // Back reloads /login (served no-store): the address comes back from this tab's note.
        await expect(field).toHaveValue('typed@example.com');
      }
      await expect(google).toBeEnabled();
      await expect(google).not.toHaveAttribute('aria-busy', 'true');
      await noSpinner(page);
      await clearFaults(request);
      await google.click();
      await expect(page.getByRole('heading', { name: PROVIDER_PAGE })).toBeVisible();
    });

    // One Tap's settings: under any fault One Tap gives way to the Google button (the developer
    // is told in the console), and the Google button signs in.
    row(`One Tap start — ${fault.name}`, async ({ page, request }) => {
      await seedUser(request, { email: 'tap@example.com' });
      await injectFault(request, ONE_TAP_START, fault);
      // Until the settings call has played out One Tap is pending and holds the Google button's
      // place (hidden but enabled): checking earlier would let the cleared fault start One Tap.
      const settled = fault.hangs ? null : nextSettled(page, ONE_TAP_START);
      await page.goto(ONE_TAP_PLAYGROUND);
      await letTimePass(page, fault, ONE_TAP_START);
      await settled;
      const google = widget(page).getByRole('button', { name: GOOGLE });
      await expect(google).toBeVisible();
      await expect(google).toBeEnabled();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(widget(page).getByRole('alert')).toHaveCount(0);
      await noSpinner(page);
      await clearFaults(request);
      await continueWithGoogleAs(page, 'tap@example.com');
      await expect(page.getByText('Signed in as tap@example.com')).toBeVisible();
    });

    // The credential's submit after an account was chosen in the prompt: the message by the Google
    // button, which takes the prompt's place again and signs in.
    row(`One Tap credential submit — ${fault.name}`, async ({ page, request }) => {
      await seedUser(request, { email: 'tap@example.com' });
      await page.goto(ONE_TAP_PLAYGROUND);
      const prompt = widget(page).getByRole('dialog', { name: 'Sign in to localhost with Google' });
      await expect(prompt).toBeVisible();
      await injectFault(request, ONE_TAP_CALLBACK, fault);
      await prompt.getByRole('button', { name: 'Continue as tap@example.com' }).click();
      await letTimePass(page, fault, ONE_TAP_CALLBACK);
      await expect(widget(page).getByRole('alert')).toHaveText(fault.message);
      const google = widget(page).getByRole('button', { name: GOOGLE });
      await expect(google).toBeEnabled();
      await expect(prompt).toHaveCount(0);
      await noSpinner(page);
      await expect(page).toHaveURL(/\/playground\?/);
      await clearFaults(request);
      await continueWithGoogleAs(page, 'tap@example.com');
      await expect(page.getByText('Signed in as tap@example.com')).toBeVisible();
    });

    row(`passcode send by text (phone form) — ${fault.name}`, async ({ page, request }) => {
      await injectFault(request, SMS_SEND, fault);
      await page.goto(PASSCODES_PLAYGROUND);
      const field = page.getByRole('textbox', { name: 'Phone number' });
      await field.pressSequentially('2015550123');
      await expect(field).toHaveValue(NATIONAL);
      const send = page.getByRole('button', { name: 'Continue', exact: true });
      await send.click();
      await letTimePass(page, fault, SMS_SEND);
      // A hung send completes once released (the SDK cannot abort it): let it, so the retry's code is the newest.
      const released = fault.hangs ? nextSettled(page, SMS_SEND) : null;
      const waiting = page.getByRole('button', { name: /^Try again in \d seconds?$/ });
      await expectPasscodeFault(page, fault, field, NATIONAL, { exact: true, countdown: waiting, waitingControls: [waiting] });
      await clearFaults(request);
      await waitOutRetryAfter(page, fault, waiting);
      await released;
      await expect(page.getByRole('heading', { name: 'Enter passcode' })).toHaveCount(0);
      const before = await sentTo(request, PHONE);
      await send.click();
      await expect(page.getByText(`A 6-digit passcode was sent to you by text at ${PHONE}.`)).toBeVisible();
      await typePasscode(page, await latestCode(request, PHONE, before));
      await expectPasscodeSignIn(page);
    });

    row(`passcode send by e-mail (Main's form) — ${fault.name}`, async ({ page, request }) => {
      await injectFault(request, EMAIL_SEND, fault);
      await page.goto(EMAIL_PASSCODES_PLAYGROUND);
      const field = page.getByRole('textbox', { name: 'Email' });
      await field.fill('otp@example.com');
      const send = page.getByRole('button', { name: 'Continue', exact: true });
      await send.click();
      await letTimePass(page, fault, EMAIL_SEND);
      const released = fault.hangs ? nextSettled(page, EMAIL_SEND) : null;
      const waiting = page.getByRole('button', { name: /^Try again in \d seconds?$/ });
      await expectPasscodeFault(page, fault, field, 'otp@example.com', { exact: true, countdown: waiting, waitingControls: [waiting] });
      await clearFaults(request);
      await waitOutRetryAfter(page, fault, waiting);
      await released;
      const before = await sentTo(request, 'otp@example.com');
      await send.click();
      await expect(page.getByText('A 6-digit passcode was sent to you at otp@example.com.')).toBeVisible();
      await typePasscode(page, await latestCode(request, 'otp@example.com', before));
      await expectPasscodeSignIn(page);
    });

    row(`passcode authenticate — ${fault.name}`, async ({ page, request }) => {
      await page.goto(EMAIL_PASSCODES_PLAYGROUND);
      await page.getByRole('textbox', { name: 'Email' }).fill('verify@example.com');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
      const code = await latestCode(request, 'verify@example.com');
      // A hung check that is released goes through behind the error (the SDK cannot abort it) and
      // spends the code. So this hang answers once and lasts past the test (it is never released
      // here), and the retry is the visitor's own.
      await injectFault(request, OTP_AUTHENTICATE, fault.hangs ? { ...fault, spec: { ...fault.spec, times: 1 } } : fault);
      const field = page.getByRole('textbox', { name: 'Passcode' });
      await typePasscode(page, code);
      await letTimePass(page, fault, OTP_AUTHENTICATE);
      const countdown = page.getByText(/Try again in \d seconds?/);
      await expectPasscodeFault(page, fault, field, code, { exact: false, countdown, waitingControls: [field, page.getByRole('button', { name: 'Resend' })] });
      await expect(page.getByText('Verifying passcode...')).toHaveCount(0);
      if (!fault.hangs) await clearFaults(request);
      await waitOutRetryAfter(page, fault, countdown);
      await typePasscode(page, code);
      await expectPasscodeSignIn(page);
    });

    row(`passcode resend (from Passcode entry) — ${fault.name}`, async ({ page, request }) => {
      await page.goto(PASSCODES_PLAYGROUND);
      await page.getByRole('textbox', { name: 'Phone number' }).pressSequentially('2015550123');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
      await latestCode(request, PHONE);
      await injectFault(request, SMS_SEND, fault);
      const field = page.getByRole('textbox', { name: 'Passcode' });
      await field.pressSequentially('123');
      const resend = page.getByRole('button', { name: 'Resend' });
      await resend.click();
      await letTimePass(page, fault, SMS_SEND);
      const released = fault.hangs ? nextSettled(page, SMS_SEND) : null;
      const countdown = page.getByText(/Try again in \d seconds?/);
      await expectPasscodeFault(page, fault, field, '123', { exact: false, countdown, waitingControls: [field, resend] });
      await clearFaults(request);
      await waitOutRetryAfter(page, fault, countdown);
      await released;
      await expect(resend).toBeEnabled();
      const before = await sentTo(request, PHONE);
      await resend.click();
      await expect(page.getByRole('button', { name: 'Code sent' })).toBeDisabled();
      await typePasscode(page, await latestCode(request, PHONE, before));
      await expectPasscodeSignIn(page);
    });

    // The provider clears the local session whatever the revoke answers: the visitor always leaves.
    row(`sign out — ${fault.name}`, async ({ page, request, sandbox }) => {
      await sendLinkTo(page, 'lovelace@example.com');
      await page.goto(await sandbox.latestLinkTo('lovelace@example.com'));
      await expect(page.getByText('Signed in as lovelace@example.com')).toBeVisible();
      await injectFault(request, REVOKE, fault);
      await page.getByRole('button', { name: 'Log out' }).click();
      await letTimePass(page, fault, REVOKE);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
      await noSpinner(page);
    });
  }

  // The connection can go down after the first load: then the failure's own text (a chunk
  // loaded on demand, and ahead of time once the page is idle) cannot arrive either. A generic
  // clear message from the first load is shown instead, after at most the catalogue deadline (8 s)
  // when the chunk hangs.
  for (const chunk of [{ name: 'fail', hangs: false }, { name: 'hang', hangs: true }]) {
    test(`send magic link — network error while the error messages ${chunk.name} to load`, async ({ page, request }) => {
      await page.route(/\/assets\/errors-[\w-]+\.js$/, (route) => (chunk.hangs ? undefined : route.abort('internetdisconnected')));
      await injectFault(request, SEND, FAULTS[0] as Fault);
      // The failure waits for the messages (asked for by the idle page, or again by the failure,
      // each with its deadline): move time once the send has failed.
      const sendSettled = nextSettled(page, SEND);
      await page.goto('/login');
      await askForLink(page, 'ada@example.com');
      if (chunk.hangs) {
        await sendSettled;
        await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
        await page.clock.fastForward(9_000);
      }
      const field = page.getByRole('textbox', { name: 'Email' });
      await expectFormMessage(page, field, 'Something went wrong. Check your connection and try again.');
      await expect(field).toHaveValue('ada@example.com');
      await noSpinner(page);

      // Back online: the next failure loads its own message; then the send works.
      await page.unroute(/\/assets\/errors-[\w-]+\.js$/);
      await askForLink(page, 'ada@example.com');
      await expectFormMessage(page, field, 'We could not reach the server. Check your connection and try again.');
      await clearFaults(request);
      await requestLoginLink(page, 'ada@example.com');
    });
  }
});
