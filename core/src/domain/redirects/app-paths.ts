import type { ReturnContext, SafePath } from './safe-redirect';

/**
 * Brands one of the application's own route paths (a constant written in code, never input).
 * Throws on anything that is not a plain rooted path, so a mistake shows up at once.
 */
export function appPath(path: string): SafePath {
  if (!/^\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9=&%._~-]*)?$/.test(path) || path.startsWith('//')) {
    throw new Error(`Not an application path: ${path}`);
  }
  return path as SafePath;
}

/** A rooted `path` with the return context as its query, e.g. `/login?redirect=%2Forders`. */
export function withReturnContext(path: SafePath, context: ReturnContext): SafePath {
  const params = new URLSearchParams();
  if (context.redirect !== null) params.set('redirect', context.redirect);
  if (context.source !== null) params.set('source', context.source);
  const query = params.toString();
  return (query === '' ? path : `${path}?${query}`) as SafePath;
}

