import type { StytchCookieOptions } from './stytch-cookie-options';

/**
 * The session cookies as the SDK writes them under the runtime's `cookieOptions`: the names it
 * uses (its defaults where none is configured) and the attributes that identify a cookie when it
 * is overwritten.
 */
export interface SessionCookies {
  /** The opaque session token's cookie (`stytch_session` by default). */
  readonly sessionTokenName: string;
  /** The session JWT's cookie (`stytch_session_jwt` by default). */
  readonly sessionJwtName: string;
  /** The intermediate session token's cookie (`stytch_intermediate_session_token` by default). */
  readonly intermediateTokenName: string;
  /** The configured `Path`, or `undefined` for js-cookie's default `/`. */
  readonly path: string | undefined;
  /** The configured `Domain` (the SDK uses it only with `availableToSubdomains`). */
  readonly domain: string | undefined;
  readonly availableToSubdomains: boolean;
}

/** What the SDK writes without `cookieOptions` (SubscriptionService.mjs, @stytch/vanilla-js 6.3.0). */
export function sessionCookies(options: StytchCookieOptions | undefined): SessionCookies {
  return {
    sessionTokenName: options?.opaqueTokenCookieName ?? 'stytch_session',
    sessionJwtName: options?.jwtCookieName ?? 'stytch_session_jwt',
    intermediateTokenName: options?.istCookieName ?? 'stytch_intermediate_session_token',
    path: options?.path,
    domain: options?.domain,
    availableToSubdomains: options?.availableToSubdomains ?? false,
  };
}

/** The SDK's `isLocalhost`: where it leaves `Secure` off (and never sets a `Domain`). */
function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)){3}$/.test(hostname);
}

/**
 * The attributes the SDK gives a cookie (its `generateCookieOpts`): `Path` when configured,
 * `SameSite=Lax`, and off localhost `Secure` and, for subdomains, `Domain` (the configured one, else
 * `location.host`, as the SDK does). A removal must repeat `Path` and `Domain` to hit the cookie;
 * `Secure` and `SameSite` keep it as strict as the SDK's write, and a browser may refuse to
 * overwrite a Secure cookie from a write without `Secure`.
 */
function attributes(cookies: SessionCookies, location: Location, availableToSubdomains: boolean, path: string | undefined): string {
  const parts = [`Path=${path ?? '/'}`, 'SameSite=Lax'];
  if (!isLocalhost(location.hostname)) {
    if (availableToSubdomains) parts.push(`Domain=${cookies.domain ?? location.host}`);
    parts.push('Secure');
  }
  return parts.join('; ');
}

/**
 * Expires the SDK's session cookies on this page, and the intermediate session token's (signed
 * out means every session cookie gone, SPEC §4 "destroyed"). The session cookie is the SDK's
 * source of truth: without it the next client starts signed out. Like the SDK's own removal, it covers both
 * settings of `availableToSubdomains` and both the configured and the default path, so a cookie
 * written before the options changed goes too.
 */
export function clearSessionCookies(cookies: SessionCookies): void {
  if (typeof document === 'undefined') return;
  const variants = new Set<string>();
  for (const availableToSubdomains of [cookies.availableToSubdomains, !cookies.availableToSubdomains]) {
    for (const path of [cookies.path, undefined]) variants.add(attributes(cookies, document.location, availableToSubdomains, path));
  }
  for (const name of [cookies.sessionTokenName, cookies.sessionJwtName, cookies.intermediateTokenName]) {
    for (const variant of variants) document.cookie = `${name}=; Max-Age=0; ${variant}`;
  }
}
