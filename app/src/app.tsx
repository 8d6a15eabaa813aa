import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LoginPage } from './routes/login-page';

/** The routes other than /login, and the props each page takes: the rest of its route. */
type LazyPages = { readonly [P in Exclude<Route['page'], 'login'>]: ComponentType<Omit<Extract<Route, { page: P }>, 'page'>> };

// /login is the first screen most visitors see and ships in the first load (pre-rendered and
// hydrated); every other page is its own chunk, fetched when its route is opened. A table, not a
// case per page: the first load carries one render path for all of them.
const LAZY_PAGES: LazyPages = {
  callback: lazy(() => import('./routes/callback-page')),
  webCallback: lazy(() => import('./routes/web-callback-page')),
  passwordReset: lazy(() => import('./routes/password-reset-page')),
  home: lazy(() => import('./routes/home-page')),
  playground: lazy(() => import('./routes/playground-page')),
  accountPasskeys: lazy(() => import('./routes/account-passkeys-page')),
  identityProvider: lazy(() => import('./routes/identity-provider-page')),
  notFound: lazy(() => import('./routes/not-found-page')),
};

/** What the router found for the current address. */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'login'; readonly search: string; readonly typedEmail?: string }
  | { readonly page: 'callback'; readonly token: string | null; readonly tokenType: string | null; readonly search: string }
  | { readonly page: 'webCallback'; readonly sessionToken: string | null; readonly search: string }
  | { readonly page: 'passwordReset'; readonly token: string | null; readonly tokenType: string | null; readonly search: string }
  | { readonly page: 'playground'; readonly search: string }
  | { readonly page: 'accountPasskeys' }
  | { readonly page: 'identityProvider'; readonly search: string; readonly logout: boolean }
  | { readonly page: 'notFound' };

function RoutePage({ route }: { route: Route }) {
  if (route.page === 'login') return <LoginPage search={route.search} typedEmail={route.typedEmail ?? ''} />;
  const { page, ...props } = route;
  // The table's type pairs each page with its route's props; TypeScript cannot follow that
  // pairing through the union here.
  const Page = LAZY_PAGES[page] as ComponentType<typeof props>;
  return <Page {...props} />;
}

/**
 * Renders the page for a route. Every route is a full page load, so there is no client router.
 * `children` commit with the page, not before it: when hydrating, React hydrates this Suspense
 * boundary in a pass after the root's, so what must see the page's handlers live goes here.
 */
export function App({ route, children }: { route: Route; children?: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <RoutePage route={route} />
      {children}
    </Suspense>
  );
}
