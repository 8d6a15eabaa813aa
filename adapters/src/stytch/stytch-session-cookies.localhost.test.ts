// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { delay } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { cookieNames, cookieSandbox, recordCookieWrites } from './stytch-cookie-writes.test-support';

// Issue 20 "Cookies" (SPEC §9), the exception: on localhost (plain http in development) the
// session cookies are not Secure, or the browser would drop them; still SameSite=Lax and expiring
// at expires_at. Our own clearing follows the SDK, and never sets a Domain there either.

const writes = recordCookieWrites();
const { runtime: createRuntime, signIn, revokeThatTimesOut } = cookieSandbox();

beforeEach(() => {
  writes.length = 0;
});

describe('session cookies on http://localhost', () => {
  // availableToSubdomains is ignored on localhost: a Domain there would make the browser refuse the cookie.
  const runtime = createRuntime('public-token-test-cookies-localhost', { cookieOptions: { availableToSubdomains: true } });

  it('the SDK writes them SameSite=Lax, not Secure, with no Domain, expiring at expires_at', async () => {
    const { session } = await signIn(runtime, 'ada@example.com');
    for (const name of ['stytch_session', 'stytch_session_jwt']) {
      const write = writes.find((candidate) => candidate.name === name && candidate.value !== '');
      expect(write?.attributes.get('samesite'), name).toMatch(/^lax$/i);
      expect(write?.attributes.has('secure'), name).toBe(false);
      expect(write?.attributes.has('domain'), name).toBe(false);
      expect(Date.parse(String(write?.attributes.get('expires'))), name).toBe(Math.floor(Date.parse(session.expiresAt) / 1000) * 1000);
    }
    expect(cookieNames()).toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));
  });

  it('our clearing (a revoke that times out) writes SameSite=Lax without Secure or Domain, and the cookies go', async () => {
    const result = await revokeThatTimesOut(runtime);
    expect(result.ok).toBe(false);
    const ours = writes.filter((write) => write.attributes.get('max-age') === '0');
    expect(ours.map((write) => write.raw)).toEqual([
      'stytch_session=; Max-Age=0; Path=/; SameSite=Lax',
      'stytch_session_jwt=; Max-Age=0; Path=/; SameSite=Lax',
      'stytch_intermediate_session_token=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
    expect(cookieNames()).not.toContain('stytch_session');
    await delay(100); // the SDK's own late answer
  });
});
