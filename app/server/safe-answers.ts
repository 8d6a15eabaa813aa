import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Connect } from 'vite';

/**
 * The request's URL, or null when it cannot be parsed. Origin-form targets (`/path?query`) are
 * read as paths even when they start with `//` — `new URL('//[', base)` would take `[` for a
 * host and throw.
 */
export function requestUrl(req: Pick<IncomingMessage, 'url'>): URL | null {
  const target = req.url ?? '/';
  const text = target.startsWith('/') ? `http://localhost${target}` : target;
  return URL.canParse(text) ? new URL(text) : null;
}

function statusOf(error: unknown): number {
  const status = typeof error === 'object' && error !== null ? ((error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode) : undefined;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 600 ? status : 500;
}

/**
 * The answer when no middleware answered or one failed: a bare status line, never the error.
 * The details go to the server log with the path only (a query can hold a magic-link token).
 */
function answerFinally(req: IncomingMessage, res: ServerResponse, error: unknown, log: (message: string, error: unknown) => void): void {
  if (error !== undefined && error !== null) log(`[vestibule] ${req.method ?? 'GET'} ${requestUrl(req)?.pathname ?? '(unparsable path)'} failed`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = error === undefined || error === null ? 404 : statusOf(error);
  const body = status === 404 ? 'Not Found' : status >= 500 ? 'Internal Server Error' : 'Bad Request';
  // Nothing a failed middleware set survives (a length, a location, an immutable cache policy).
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  // The prototype's setHeader: the cache-control plugin wraps the instance's to guard its policy.
  const set = (name: string, value: string) => void ServerResponse.prototype.setHeader.call(res, name, value);
  res.statusCode = status;
  set('Content-Type', 'text/plain; charset=utf-8');
  set('Cache-Control', 'no-store');
  set('Content-Security-Policy', "default-src 'none'");
  set('X-Content-Type-Options', 'nosniff');
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Replaces connect's final handler, which outside NODE_ENV=production answers an error with its
 * stack trace and the server's file paths. Every error of every middleware — ours, Vite's, the
 * sandbox's — ends here as a bare status line. The logged message holds the request path, so it
 * is never console's format string (`%f` in `/%ff` would print `NaN` and swallow the error).
 */
export function answerErrorsSafely(app: Connect.Server, log: (message: string, error: unknown) => void = (message, error) => console.error('%s', message, error)): void {
  const handle = app.handle.bind(app);
  app.handle = (req, res, out) => {
    const final = (error?: unknown) => answerFinally(req, res, error, log);
    handle(req, res, typeof out === 'function' ? out : final);
  };
}
