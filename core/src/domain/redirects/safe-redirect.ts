declare const SAFE_PATH: unique symbol;

/**
 * A rooted same-origin path the browser may be sent to. Only this module produces one (from
 * {@link safeRedirect} or the app's own route constants via {@link appPath}), so a raw string
 * from a URL can never reach the navigation port.
 */
export type SafePath = string & { readonly [SAFE_PATH]: true };

/** Longest `redirect` value honoured; longer values are treated as hostile. */
export const MAX_REDIRECT_LENGTH = 2048;

/** Paths a sign-in must never redirect back into (they would loop). */
const REDIRECT_DENYLIST = ['/login/callback', '/login'] as const;

// Control characters are stripped by the URL parser (so `/\t/evil` becomes `//evil`);
// backslashes are read as slashes; look-alike slashes can normalise into real ones.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001F\u007F\\]/;
const LOOKALIKE_SLASHES = /[\uFF0F\uFF3C\u2215\u2044\u29F8]/;

function decodeFully(value: string): string | null {
  let current = value;
  for (let round = 0; round < 3; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return decoded;
    current = decoded;
  }
  return null; // still changing after three rounds: layered encoding is an attack, not a path
}

function isRootedSameOriginPath(value: string, origin: string): boolean {
  if (CONTROL_OR_BACKSLASH.test(value) || LOOKALIKE_SLASHES.test(value)) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  try {
    return new URL(value, origin).origin === origin;
  } catch {
    return false;
  }
}

function isDenied(pathname: string): boolean {
  return REDIRECT_DENYLIST.some((denied) => pathname === denied || pathname.startsWith(`${denied}/`));
}

/**
 * The one place that decides where the browser may go after sign-in (ARCHITECTURE.md §7).
 *
 * Returns `raw` normalised (as a {@link SafePath}) when it is a rooted path on `origin` — checked after WHATWG URL
 * parsing, on both the raw and the fully percent-decoded form — and `fallback` for anything
 * else: absolute URLs (even same-origin ones), scheme-relative URLs, backslash and
 * control-character tricks, look-alike slashes, over-long values, and the login routes all
 * give `null`.
 */
export function safeRedirect(raw: unknown, origin: string): SafePath | null {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_REDIRECT_LENGTH) return null;
  const decoded = decodeFully(raw);
  if (decoded === null || !isRootedSameOriginPath(raw, origin) || !isRootedSameOriginPath(decoded, origin)) return null;
  const url = new URL(raw, origin);
  // Dot-segment removal can turn `/..//evil` into the pathname `//evil`.
  if (url.pathname.startsWith('//') || isDenied(url.pathname)) return null;
  return (url.pathname + url.search + url.hash) as SafePath;
}

/** Where to go after sign-in: the validated `redirect`, else the home page. */
// Written as a cast, not `appPath('/')`: the first load needs this constant, not the check.
const HOME_PATH = '/' as SafePath;
export function destinationOf(context: ReturnContext): SafePath {
  return context.redirect ?? HOME_PATH;
}

/** Values `source` may take; anything else is dropped and never reflected into a page. */
const ALLOWED_SOURCES = ['web', 'ios', 'android', 'extension', 'assistant'] as const;
export type Source = (typeof ALLOWED_SOURCES)[number];

/** The allow-listed `source`, or `null`. */
export function allowedSource(raw: unknown): Source | null {
  return typeof raw === 'string' && (ALLOWED_SOURCES as readonly string[]).includes(raw) ? (raw as Source) : null;
}

/** Where the user came from and where they go after sign-in, as carried through a sign-in. */
export interface ReturnContext {
  /** A validated rooted path, or `null` for the default. */
  readonly redirect: SafePath | null;
  readonly source: Source | null;
}

/** Reads `redirect` and `source` from a query string, keeping only safe values. */
export function readReturnContext(search: string, origin: string): ReturnContext {
  const params = new URLSearchParams(search);
  return { redirect: safeRedirect(params.get('redirect'), origin), source: allowedSource(params.get('source')) };
}

