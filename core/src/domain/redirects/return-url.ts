import { withReturnContext } from './app-paths';
import { MAX_REDIRECT_LENGTH, type ReturnContext, type SafePath } from './safe-redirect';

// A module of its own: only requests built after the first screen (lazily loaded products) use it.

/**
 * An absolute return URL on `origin` for the provider (e.g. the magic link's
 * `/login/callback?...`), carrying the return context so the user lands where they were headed.
 */
export function buildReturnUrl(origin: string, path: SafePath, context: ReturnContext): string {
  return new URL(withReturnContext(path, context), origin).toString();
}

/**
 * A return URL the provider built (One Tap's `redirect_url`, carrying the OAuth token) as a path
 * the browser may go to: only when it is on `origin` and has the path of one of `expected`, the
 * return URLs this page handed the provider. Anything else is `null`.
 */
export function sameOriginReturnPath(raw: string, origin: string, expected: readonly string[]): SafePath | null {
  const url = raw.length > MAX_REDIRECT_LENGTH * 2 ? null : parseUrl(raw);
  if (url === null || url.origin !== origin || url.pathname.startsWith('//')) return null;
  const known = expected.some((candidate) => {
    const parsed = parseUrl(candidate);
    return parsed !== null && parsed.origin === origin && parsed.pathname === url.pathname;
  });
  return known ? ((url.pathname + url.search) as SafePath) : null;
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
