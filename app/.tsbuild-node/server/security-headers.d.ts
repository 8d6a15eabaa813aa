import type { Plugin } from 'vite';
/**
 * Headers the production preview sends on every page (ARCHITECTURE.md §7). The CSP allows no
 * inline script or style; Stytch's API hosts are listed for when a real public token is used.
 */
export declare const CONTENT_SECURITY_POLICY: string;
export declare const SECURITY_HEADERS: Readonly<Record<string, string>>;
/** Built files under /assets/ carry a content hash in their name, so they never change. */
export declare const IMMUTABLE_ASSET_PREFIX = "/assets/";
/**
 * Cache policy for `vite preview`: hashed assets are cached for a year; pages and everything
 * else are personal (session state, tokens in callback URLs) and never stored.
 */
export declare function cacheControlPlugin(): Plugin;
