import type { Route } from './app';
import { ROUTE_PATHS, routePathOf } from './route-paths';
import { takeCredentials } from './routes/return-paths';

/**
 * Resolves the current address to a route. Credentials are taken out of the address bar first,
 * on every route, before any other code (analytics, error reporting) can see them.
 */
export function resolveRoute(location: Pick<Location, 'pathname' | 'search' | 'hash'>, history: Pick<History, 'replaceState'>): Route {
  const { token, tokenType, sessionToken, remainingSearch } = takeCredentials(location, history);
  const search = remainingSearch === '' ? '' : `?${remainingSearch}`;
  switch (routePathOf(location.pathname)) {
    case ROUTE_PATHS.home:
      return { page: 'home' };
    case ROUTE_PATHS.login:
      return { page: 'login', search };
    case ROUTE_PATHS.loginCallback:
      return { page: 'callback', token, tokenType, search };
    case ROUTE_PATHS.loginCallbackWeb:
      return { page: 'webCallback', sessionToken, search };
    case ROUTE_PATHS.passwordReset:
      return { page: 'passwordReset', token, tokenType, search };
    case ROUTE_PATHS.playground:
      return { page: 'playground', search };
    case ROUTE_PATHS.accountPasskeys:
      return { page: 'accountPasskeys' };
    case ROUTE_PATHS.oauthAuthorize:
      return { page: 'identityProvider', search, logout: false };
    case ROUTE_PATHS.oauthLogout:
      return { page: 'identityProvider', search, logout: true };
    default:
      return { page: 'notFound' };
  }
}
