/**
 * Headers the production preview sends on every page (ARCHITECTURE.md §7). The CSP allows no
 * inline script or style; Stytch's API hosts are listed for when a real public token is used.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' https://test.stytch.com https://api.stytch.com",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Pages are personal (session state, tokens in callback URLs): never cache them.
  'Cache-Control': 'no-store',
};
