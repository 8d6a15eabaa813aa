// The app's routes in one place: the browser router, the build and the preview server's 404
// answer all read this list, so a new page cannot be reachable in one and "not found" in another.
// No imports on purpose: server code (app/server) loads this file too.

export const ROUTE_PATHS = {
  home: '/',
  login: '/login',
  loginCallback: '/login/callback',
  loginCallbackWeb: '/login/callback/web',
  passwordReset: '/login/password/reset',
  playground: '/playground',
  accountPasskeys: '/account/passkeys',
  oauthAuthorize: '/oauth/authorize',
  oauthLogout: '/oauth/logout',
} as const;

export type RoutePath = (typeof ROUTE_PATHS)[keyof typeof ROUTE_PATHS];

const KNOWN: ReadonlySet<string> = new Set(Object.values(ROUTE_PATHS));

/** The route a pathname names, tolerating trailing slashes (`/login/` is `/login`), or null. */
export function routePathOf(pathname: string): RoutePath | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return KNOWN.has(path) ? (path as RoutePath) : null;
}

export function isKnownRoutePath(pathname: string): boolean {
  return routePathOf(pathname) !== null;
}
