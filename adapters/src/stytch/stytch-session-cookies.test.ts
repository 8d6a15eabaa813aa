// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://shop.example/"}
import { delay } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieNames, cookieSandbox, recordCookieWrites, type CookieWrite } from './stytch-cookie-writes.test-support';
import type { StytchRuntime } from './stytch-client';

// Issue 20 "Cookies" (SPEC §9): session cookies are SameSite=Lax and Secure except on localhost,
// and expire at the session's expires_at; the intermediate session token's lasts 10 minutes. The
// SDK writes them; these tests read what the page tells the browser, on a real https host, during
// real sign-ins against the sandbox: the SDK's writes, and our own clearing's.

const writes = recordCookieWrites();
const { runtime: createRuntime, signIn, revokeThatTimesOut: revokeTimingOut } = cookieSandbox();

beforeEach(() => {
  writes.length = 0;
});

/** The writes that set a value (the SDK also sprays removals of the intermediate token's cookie). */
const setting = (name: string) => writes.filter((write) => write.name === name && write.value !== '');
/** Our clearing's writes (the SDK removes with `expires`, never `Max-Age`). */
const ourRemovals = () => writes.filter((write) => write.attributes.get('max-age') === '0');
/** `expires` as the browser reads it: RFC 1123, to the second. */
const toTheSecond = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;

function expectSdkSessionCookie(write: CookieWrite | undefined, expiresAt: string): void {
  expect(write?.attributes.get('samesite')).toMatch(/^lax$/i);
  expect(write?.attributes.get('secure')).toBe(true);
  expect(Date.parse(String(write?.attributes.get('expires')))).toBe(toTheSecond(expiresAt));
  expect(write?.attributes.has('httponly')).toBe(false); // written by the page: it cannot be
}

/** A revoke the provider does not answer before the caller gives up (our clearing's case). */
async function revokeThatTimesOut(runtime: StytchRuntime) {
  const result = await revokeTimingOut(runtime);
  const removals = ourRemovals();
  await delay(100); // the SDK's own late answer lands before the next test
  return { result, removals };
}

describe('session cookies on https://shop.example with the default cookie options', () => {
  const runtime = createRuntime('public-token-test-cookies-defaults');

  it('the SDK writes stytch_session and stytch_session_jwt SameSite=Lax, Secure, expiring at expires_at, and the browser keeps them', async () => {
    const { session } = await signIn(runtime, 'ada@example.com');
    const [opaque] = setting('stytch_session');
    const [jwt] = setting('stytch_session_jwt');
    expectSdkSessionCookie(opaque, session.expiresAt);
    expectSdkSessionCookie(jwt, session.expiresAt);
    expect(opaque?.attributes.get('path')).toBe('/');
    expect(opaque?.attributes.has('domain')).toBe(false);
    expect(cookieNames()).toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));
  });

  it('when a revoke times out, our clearing expires them with the same attributes (Secure, SameSite=Lax, Path=/)', async () => {
    expect(cookieNames()).toContain('stytch_session');
    const { result, removals } = await revokeThatTimesOut(runtime);
    expect(result.ok).toBe(false);
    const removed = removals.filter((write) => write.attributes.get('path') === '/' && !write.attributes.has('domain'));
    expect(removed.map((write) => write.name)).toEqual(['stytch_session', 'stytch_session_jwt', 'stytch_intermediate_session_token']);
    for (const write of removals) {
      expect(write.attributes.get('samesite')).toMatch(/^lax$/i);
      expect(write.attributes.get('secure')).toBe(true);
    }
    expect(cookieNames()).not.toContain('stytch_session');
    expect(cookieNames()).not.toContain('stytch_session_jwt');
  });
});

describe('session cookies on https://shop.example with configured cookie options', () => {
  const cookieOptions = {
    opaqueTokenCookieName: 'shop_session',
    jwtCookieName: 'shop_session_jwt',
    istCookieName: 'shop_ist',
    path: '/',
    domain: 'shop.example',
    availableToSubdomains: true,
  };
  const token = 'public-token-test-cookies-configured';
  const logged = vi.fn<(message: string, detail?: unknown) => void>();
  const runtime = createRuntime(token, { cookieOptions, logger: { error: logged } });

  it('the SDK writes the configured names, with the configured domain, SameSite=Lax, Secure, expiring at expires_at', async () => {
    const { session } = await signIn(runtime, 'grace@example.com');
    const [opaque] = setting('shop_session');
    const [jwt] = setting('shop_session_jwt');
    expectSdkSessionCookie(opaque, session.expiresAt);
    expectSdkSessionCookie(jwt, session.expiresAt);
    expect(opaque?.attributes.get('domain')).toBe('shop.example');
    expect(opaque?.attributes.get('path')).toBe('/');
    expect(setting('stytch_session')).toEqual([]);
    expect(runtime.cookies).toMatchObject({ sessionTokenName: 'shop_session', sessionJwtName: 'shop_session_jwt', intermediateTokenName: 'shop_ist' });
  });

  it("the SDK's intermediate session token cookie lasts 10 minutes, under the configured name", async () => {
    // The consumer SDK only ever removes this cookie (multi-step sessions are B2B), so its writer
    // is reached directly on the SDK's per-token data layer (research/stytch-sdk.md §2 step 4).
    const layers = (window as unknown as Record<symbol, Record<string, { writeIntermediateSessionTokenCookie(token: string): void } | undefined> | undefined>)[
      Symbol.for('__stytch_DataLayer')
    ];
    const layer = layers?.[token];
    if (layer === undefined) throw new Error('no SDK data layer for this token');
    const before = Date.now();
    layer.writeIntermediateSessionTokenCookie('ist-test-1');
    const after = Date.now();
    const [ist] = setting('shop_ist');
    const expires = Date.parse(String(ist?.attributes.get('expires')));
    expect(expires).toBeGreaterThanOrEqual(toTheSecond(new Date(before + 10 * 60_000).toISOString()));
    expect(expires).toBeLessThanOrEqual(after + 10 * 60_000);
    expect(ist?.attributes.get('samesite')).toMatch(/^lax$/i);
    expect(ist?.attributes.get('secure')).toBe(true);
    expect(ist?.attributes.get('domain')).toBe('shop.example');
    expect(cookieNames()).toContain('shop_ist');
  });

  it('when a revoke times out, our clearing expires the configured names with the domain, Secure and SameSite=Lax', async () => {
    const { result, removals } = await revokeThatTimesOut(runtime);
    expect(result.ok).toBe(false);
    const withDomain = removals.filter((write) => write.attributes.get('domain') === 'shop.example');
    expect(withDomain.map((write) => write.name)).toEqual(['shop_session', 'shop_session_jwt', 'shop_ist']);
    expect(removals.every((write) => write.attributes.get('secure') === true && /^lax$/i.test(String(write.attributes.get('samesite'))))).toBe(true);
    expect(removals.some((write) => write.name.startsWith('stytch_'))).toBe(false);
    expect(cookieNames().filter((name) => name.startsWith('shop_'))).toEqual([]);
  });

  it("junk written to the SDK's state by another tab expires the configured cookies (the storage guard)", async () => {
    await signIn(runtime, 'grace@example.com');
    expect(cookieNames()).toContain('shop_session');
    writes.length = 0;
    const key = `stytch_sdk_state_${token}`;
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue: localStorage.getItem(key), newValue: '{', storageArea: localStorage }));
    const removals = ourRemovals();
    expect(removals.filter((write) => write.attributes.get('domain') === 'shop.example').map((write) => write.name)).toEqual(['shop_session', 'shop_session_jwt', 'shop_ist']);
    expect(removals.every((write) => write.attributes.get('secure') === true && /^lax$/i.test(String(write.attributes.get('samesite'))))).toBe(true);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(cookieNames().filter((name) => name.startsWith('shop_'))).toEqual([]);
  });
});
