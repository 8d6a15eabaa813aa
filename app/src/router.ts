import type { Route } from './app';
import { takeCallbackCredentials } from './routes/return-paths';

/**
 * Resolves the current address to a route. For the callback the credentials are taken out
 * of the address bar here, before any other code (analytics, error reporting) can see them.
 */
export function resolveRoute(location: Pick<Location, 'pathname' | 'search' | 'hash'>, history: Pick<History, 'replaceState'>): Route {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  switch (path) {
    case '/':
      return { page: 'home' };
    case '/login':
      return { page: 'login', search: location.search };
    case '/login/callback': {
      const { token, tokenType, remainingSearch } = takeCallbackCredentials(location, history);
      return { page: 'callback', token, tokenType, search: remainingSearch };
    }
    case '/playground':
      return { page: 'playground', search: location.search };
    default:
      return { page: 'notFound' };
  }
}
