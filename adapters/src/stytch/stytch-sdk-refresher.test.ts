// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStytchAdapters } from './create-stytch-adapters';
import { SANDBOX_ORIGIN, SANDBOX_STYTCH, sandboxedStytch } from './sandboxed-stytch.test-support';

// One owner for the session refresh (docs/decisions.md): the SDK's own refresher is off, and the
// start-up refresh its constructor sends is the one request the product's check on load makes.

const PUBLIC_TOKEN = 'public-token-test-sdk-refresher';
const logged = vi.fn<(message: string, detail?: unknown) => void>();
const { sandbox, stytch } = sandboxedStytch(PUBLIC_TOKEN, {}, { logger: { error: logged } });
const refreshes = () => sandbox.state.sdkRequestCounts.get('POST /sessions/authenticate') ?? 0;

/** A page load in a tab that holds the session cookie: a fresh SDK client, as a new document gets. */
function loadPage() {
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('__stytch_DataLayer')];
  return createStytchAdapters({ publicToken: PUBLIC_TOKEN, apiBaseUrl: SANDBOX_STYTCH, logger: { error: logged } });
}

beforeAll(async () => {
  const link = `${SANDBOX_ORIGIN}/login/callback`;
  await stytch.magicLinks.send({ email: 'ada@example.com', loginRedirectUrl: link, signupRedirectUrl: link, loginExpirationMinutes: 30, signupExpirationMinutes: 30 });
  const token = new URL(sandbox.state.messages.at(-1)?.link ?? '').searchParams.get('token') ?? '';
  const result = await stytch.magicLinks.authenticate(token, 60);
  if (!result.ok || result.value === null) throw new Error('sign-in failed');
  stytch.dispose();
});

afterEach(() => vi.useRealTimers());

describe('the session refresh has one owner', () => {
  it('sends one refresh on page load, not the SDK’s and the check’s', async () => {
    const page = loadPage();
    const before = refreshes();
    const checked = await page.session.check();
    expect(checked).toMatchObject({ ok: true, value: { user: { email: 'ada@example.com' } } });
    // Let any second request the SDK might send arrive.
    await new Promise((settled) => setTimeout(settled, 50));
    expect(refreshes() - before).toBe(1);
    expect(logged).not.toHaveBeenCalled();
    page.dispose();
  });

  it('leaves the 3-minute refresh to the session policy: the SDK sends none of its own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const page = loadPage();
    await page.session.check();
    const before = refreshes();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refreshes() - before).toBe(0);
    // Asked by the policy, the refresh goes out and keeps the session.
    expect(await page.session.check()).toMatchObject({ ok: true, value: { user: { email: 'ada@example.com' } } });
    expect(refreshes() - before).toBe(1);
    page.dispose();
  });

  it('starts destroyed, without asking, when the session cookie is gone though storage still holds the session (SPEC §4)', async () => {
    const cookies = document.cookie.split('; ').filter((cookie) => cookie.startsWith('stytch_session'));
    expect(localStorage.getItem(`stytch_sdk_state_${PUBLIC_TOKEN}`)).toContain('ada@example.com');
    for (const cookie of cookies) document.cookie = `${cookie.split('=')[0] ?? ''}=; Max-Age=0; Path=/`;
    const page = loadPage();
    const before = refreshes();
    expect(await page.session.check()).toEqual({ ok: true, value: null });
    expect(refreshes() - before).toBe(0);
    page.dispose();
    for (const cookie of cookies) document.cookie = `${cookie}; Path=/`;
  });

  it('does not share a refresh that is no longer in flight: two checks one after the other are two requests', async () => {
    const page = loadPage();
    await page.session.check();
    const before = refreshes();
    await page.session.check();
    await page.session.check();
    expect(refreshes() - before).toBe(2);
    page.dispose();
  });
});
