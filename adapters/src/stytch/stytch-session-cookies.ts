/** The SDK's default session cookie names (`cookieOptions` are not set). */
const SESSION_COOKIES = ['stytch_session', 'stytch_session_jwt'] as const;

/**
 * Expires the SDK's session cookies on this page's host (path `/`, as the SDK writes them). The
 * cookie is the SDK's source of truth: without it the next client starts signed out.
 */
export function clearSessionCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of SESSION_COOKIES) document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
