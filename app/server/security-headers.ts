import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { analyticsHosts, type AnalyticsBuildVariables } from '../src/composition/analytics-hosts';
import { PAINT_FIRST_SCRIPT } from '../src/paint-first';
import { statusScriptUrl } from '../src/status-script';
import { EARLY_PRESS_SCRIPT_SOURCE } from './early-press';
import { PRERENDERED_PAGES } from './prerendered-pages-plugin';
import { requestUrl } from './safe-answers';

/** Whether a request target is a pre-rendered page (served from its HTML file, stylesheet inline). */
const isPrerenderedPage = (url: string) => {
  const pathname = requestUrl({ url })?.pathname;
  return pathname !== undefined && PRERENDERED_PAGES[pathname] !== undefined;
};

/**
 * Google Identity Services (One Tap), loaded only where One Tap applies. These are the sources
 * Google documents for GIS under a CSP, path by path, and nothing wider on accounts.google.com.
 */
const GOOGLE_IDENTITY_SERVICES = {
  /** The GIS client library itself (`<script src>`). */
  script: 'https://accounts.google.com/gsi/client',
  /** The One Tap prompt and the button are iframes served from under /gsi/. */
  frame: 'https://accounts.google.com/gsi/',
  /** The library's own requests (such as /gsi/status) go to endpoints under /gsi/. */
  connect: 'https://accounts.google.com/gsi/',
  /** The stylesheet the library adds to the page for its prompt. */
  style: 'https://accounts.google.com/gsi/style',
} as const;

/**
 * The ingestion hosts product analytics send to on the production and staging hosts the build is
 * configured with (their origins; the local hosts' sink is on the page's own origin, `'self'`).
 */
export function analyticsConnectSources(env: AnalyticsBuildVariables): string[] {
  const origins = new Set<string>();
  for (const settings of analyticsHosts(env, 'http://localhost').values()) {
    if (settings.local) continue;
    try {
      origins.add(new URL(settings.apiHost).origin);
    } catch {
      // Not a URL: posthog-js cannot send there either, so nothing to allow.
    }
  }
  return [...origins];
}

/** The build variables the policy depends on. */
type PolicyBuildVariables = AnalyticsBuildVariables & {
  readonly VITE_STATUS_SCRIPT_URL?: string | undefined;
  readonly VITE_STYTCH_PUBLIC_TOKEN?: string | undefined;
};

/**
 * The origin of the status page's script the build injects (SPEC §1), when it is on another
 * origin; a path on this origin (the sandbox's stand-in) is already `'self'`.
 */
export function statusScriptSources(env: PolicyBuildVariables): string[] {
  const url = statusScriptUrl(env.VITE_STATUS_SCRIPT_URL, env.VITE_STYTCH_PUBLIC_TOKEN);
  return url.startsWith('https:') ? [new URL(url).origin] : [];
}

/** The CSP source that allows the pre-rendered /login's {@link PAINT_FIRST_SCRIPT}. */
const PAINT_FIRST_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PAINT_FIRST_SCRIPT).digest('base64')}'`;

/**
 * The Content-Security-Policy of a page (ARCHITECTURE.md §7): inline scripts and styles only by
 * hash. Every page has the early-press guard; the pre-rendered /login also its paint-first start
 * (`inlineScripts`) and its stylesheet (`inlineStyles`: carried inline, so the form paints without
 * waiting for a stylesheet request);
 * Stytch's API hosts for when a real public token is used, Google's GIS paths (above) for One
 * Tap, the configured analytics ingestion hosts and the status script's origin (read from the
 * build's environment).
 */
function contentSecurityPolicy(inlineStyles: readonly string[] = [], inlineScripts: readonly string[] = [], env: PolicyBuildVariables = process.env): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", EARLY_PRESS_SCRIPT_SOURCE, ...inlineScripts, GOOGLE_IDENTITY_SERVICES.script, ...statusScriptSources(env)].join(' '),
    ['style-src', "'self'", ...inlineStyles, GOOGLE_IDENTITY_SERVICES.style].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    ['connect-src', "'self'", 'https://test.stytch.com', 'https://api.stytch.com', GOOGLE_IDENTITY_SERVICES.connect, ...analyticsConnectSources(env)].join(' '),
    // 'self' keeps same-origin frames as allowed as they were when frame-src fell back to default-src.
    `frame-src 'self' ${GOOGLE_IDENTITY_SERVICES.frame}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every page's policy but the pre-rendered /login's (which adds its inline start's and stylesheet's hashes). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Written by the pre-renderer beside login.html: the CSP source (`'sha256-…'`) of the page's
 * inline stylesheet. A server that sends its own headers adds it to /login's `style-src`.
 */
const LOGIN_STYLE_SOURCE_FILE = 'login.style-source.txt';

/** The CSP source of /login's inline stylesheet in the build at `distDir`, if it was pre-rendered. */
function readLoginStyleSource(distDir: string): string | undefined {
  const file = join(distDir, LOGIN_STYLE_SOURCE_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Pages that may show Google One Tap send their origin (never a path) as the referrer: Google
 * checks the page's origin from it and refuses to show the prompt without. Pages whose address
 * carries tokens (the callbacks) keep `no-referrer`.
 */
const ORIGIN_REFERRER_PAGES: ReadonlySet<string> = new Set(['/login', '/playground']);

/** The Referrer-Policy of a request target. */
export function referrerPolicyFor(url: string): string {
  const pathname = requestUrl({ url })?.pathname;
  return pathname !== undefined && ORIGIN_REFERRER_PAGES.has(pathname) ? 'strict-origin' : 'no-referrer';
}

/** Built files under /assets/ carry a content hash in their name, so they never change. */
const IMMUTABLE_ASSET_PREFIX = '/assets/';

/**
 * Provider icons, app/public/oauth-icons/<type>.svg: the same for every visitor and rarely changed,
 * but not hashed. Only this exact shape of path (after dot segments are resolved) gets their policy.
 */
export const OAUTH_ICON_PATH = /^\/oauth-icons\/[a-z0-9-]+\.svg$/;
export const OAUTH_ICON_CACHE_CONTROL = 'public, max-age=604800';

/**
 * The Cache-Control the preview server sends for a request target. `isBuiltFile` says whether a
 * pathname names a file of the build: a missing icon is a 404 page, which is never stored.
 */
export function cacheControlFor(url: string, isBuiltFile: (pathname: string) => boolean): string {
  if (url.startsWith(IMMUTABLE_ASSET_PREFIX)) return 'public, max-age=31536000, immutable';
  const pathname = requestUrl({ url })?.pathname;
  return pathname !== undefined && OAUTH_ICON_PATH.test(pathname) && isBuiltFile(pathname) ? OAUTH_ICON_CACHE_CONTROL : 'no-store';
}

/** The policy of the pre-rendered /login, given the CSP source of its inline stylesheet (if known). */
export function prerenderedPagePolicy(styleSource: string | undefined): string {
  return styleSource === undefined ? CONTENT_SECURITY_POLICY : contentSecurityPolicy([styleSource], [PAINT_FIRST_SCRIPT_SOURCE]);
}

/** What the header values of a request target depend on beyond its path. */
export interface PathHeaderContext {
  /** The pre-rendered /login's policy ({@link prerenderedPagePolicy}). */
  readonly prerenderedPagePolicy: string;
  /** Whether a pathname names a file of the build (see {@link cacheControlFor}). */
  readonly isBuiltFile: (pathname: string) => boolean;
}

/**
 * Every header the preview server sets per request target: the one source of the preview
 * server's answers and of the static hosts' headers file (./static-host-headers.ts). Together
 * with {@link SECURITY_HEADERS} (the same for every answer), all of a page's security headers.
 */
export function pathHeaders(url: string, context: PathHeaderContext): Record<string, string> {
  return {
    'Cache-Control': cacheControlFor(url, context.isBuiltFile),
    'Referrer-Policy': referrerPolicyFor(url),
    'Content-Security-Policy': isPrerenderedPage(url) ? context.prerenderedPagePolicy : CONTENT_SECURITY_POLICY,
  };
}

/**
 * Cache policy for `vite preview`: hashed assets are cached for a year; provider icons for a week
 * (not personal, but not hashed either, so a changed icon reaches visitors within the week); pages
 * and everything else are personal (session state, tokens in callback URLs) and never stored.
 */
export function cacheControlPlugin(): Plugin {
  return {
    name: 'vestibule-cache-control',
    // `vite dev` sends the same referrer policy (no CSP there: Vite's dev client injects inline
    // scripts). The header is a page's only referrer policy: a `<meta name="referrer">` in the
    // page would override it, and One Tap needs /login's origin (issue 16 §4).
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        res.setHeader('Referrer-Policy', referrerPolicyFor(req.url ?? ''));
        next();
      });
    },
    configurePreviewServer(server) {
      const distDir = resolve(server.config.root, server.config.build.outDir);
      // Only called with OAUTH_ICON_PATH pathnames: no dots or slashes past the folder.
      const isBuiltFile = (pathname: string) => existsSync(join(distDir, pathname));
      const context: PathHeaderContext = { prerenderedPagePolicy: prerenderedPagePolicy(readLoginStyleSource(distDir)), isBuiltFile };
      server.middlewares.use((req, res, next) => {
        const headers = pathHeaders(req.url ?? '', context);
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        // Vite's single-page fallback sets its own `no-cache` later, and the preview's static
        // headers a blanket referrer policy and one policy for every page; ours are the policy.
        const setHeader = res.setHeader.bind(res);
        const ours = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
        res.setHeader = (name, value) => (ours.has(name.toLowerCase()) ? res : setHeader(name, value));
        next();
      });
    },
  };
}
