import { lazy, Suspense } from 'react';
import { LoginPage } from './routes/login-page';

// /login is the first screen most visitors see and ships in the first load (pre-rendered and
// hydrated); every other page is its own chunk, fetched when its route is opened.
const CallbackPage = lazy(() => import('./routes/callback-page'));
const WebCallbackPage = lazy(() => import('./routes/web-callback-page'));
const PasswordResetPage = lazy(() => import('./routes/password-reset-page'));
const HomePage = lazy(() => import('./routes/home-page'));
const PlaygroundPage = lazy(() => import('./routes/playground-page'));
const NotFoundPage = lazy(() => import('./routes/not-found-page'));

/** What the router found for the current address. */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'login'; readonly search: string; readonly typedEmail?: string }
  | { readonly page: 'callback'; readonly token: string | null; readonly tokenType: string | null; readonly search: string }
  | { readonly page: 'webCallback'; readonly sessionToken: string | null; readonly search: string }
  | { readonly page: 'passwordReset'; readonly token: string | null; readonly tokenType: string | null; readonly search: string }
  | { readonly page: 'playground'; readonly search: string }
  | { readonly page: 'notFound' };

function RoutePage({ route }: { route: Route }) {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'login':
      return <LoginPage search={route.search} typedEmail={route.typedEmail ?? ''} />;
    case 'callback':
      return <CallbackPage token={route.token} tokenType={route.tokenType} search={route.search} />;
    case 'webCallback':
      return <WebCallbackPage sessionToken={route.sessionToken} search={route.search} />;
    case 'passwordReset':
      return <PasswordResetPage token={route.token} tokenType={route.tokenType} search={route.search} />;
    case 'playground':
      return <PlaygroundPage search={route.search} />;
    case 'notFound':
      return <NotFoundPage />;
  }
}

/** Renders the page for a route. Every route is a full page load, so there is no client router. */
export function App({ route }: { route: Route }) {
  return (
    <Suspense fallback={null}>
      <RoutePage route={route} />
    </Suspense>
  );
}
