import type { Plugin } from 'vite';

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
};

/** Built files under /assets/ carry a content hash in their name, so they never change. */
export const IMMUTABLE_ASSET_PREFIX = '/assets/';

/**
 * Cache policy for `vite preview`: hashed assets are cached for a year; pages and everything
 * else are personal (session state, tokens in callback URLs) and never stored.
 */
export function cacheControlPlugin(): Plugin {
  return {
    name: 'vestibule-cache-control',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const immutable = (req.url ?? '').startsWith(IMMUTABLE_ASSET_PREFIX);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-store');
        // Vite's single-page fallback sets its own `no-cache` later; ours is the policy.
        const setHeader = res.setHeader.bind(res);
        res.setHeader = (name, value) => (name.toLowerCase() === 'cache-control' ? res : setHeader(name, value));
        next();
      });
    },
  };
}
