import { CallbackPage } from './routes/callback-page';
import { HomePage } from './routes/home-page';
import { LoginPage } from './routes/login-page';
import { NotFoundPage } from './routes/not-found-page';
import { PlaygroundPage } from './routes/playground-page';

/** What the router found for the current address. */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'login'; readonly search: string }
  | { readonly page: 'callback'; readonly token: string | null; readonly tokenType: string | null; readonly search: string }
  | { readonly page: 'playground'; readonly search: string }
  | { readonly page: 'notFound' };

/** Renders the page for a route. Every route is a full page load, so there is no client router. */
export function App({ route }: { route: Route }) {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'login':
      return <LoginPage search={route.search} />;
    case 'callback':
      return <CallbackPage token={route.token} tokenType={route.tokenType} search={route.search} />;
    case 'playground':
      return <PlaygroundPage search={route.search} />;
    case 'notFound':
      return <NotFoundPage />;
  }
}
