import './style.css';
import { showCallbackPage } from './callback-page';
import { createExampleCore } from './core';
import { showHomePage } from './home-page';
import { showLoginPage } from './login-page';

// A front end on @vestibule/core without React: plain TypeScript and the DOM. Every route is a
// full page load (the core's navigation port assigns `location`), so this file only picks the page.

/** Query parameters that carry credentials: they never stay in the address bar or in history. */
const CREDENTIAL_PARAMS = ['token', 'stytch_token_type', 'session_token', 'session_jwt'];

const params = new URLSearchParams(window.location.search);
const credentials = { token: params.get('token'), tokenType: params.get('stytch_token_type'), sessionToken: params.get('session_token') };
for (const name of CREDENTIAL_PARAMS) params.delete(name);
const search = params.size > 0 ? `?${params.toString()}` : '';
// Out of the address bar first, before any other code can read (or report) them.
if (credentials.token !== null || credentials.sessionToken !== null || window.location.search !== search) {
  window.history.replaceState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
}

const root = document.getElementById('app');
if (!root) throw new Error('The page has no #app element.');
const core = createExampleCore();
document.documentElement.lang = core.i18n.locale;

switch (window.location.pathname.replace(/\/+$/, '') || '/') {
  case '/login':
    void showLoginPage(root, core, search);
    break;
  case '/login/callback':
    void showCallbackPage(root, core, false, { ...credentials, search });
    break;
  case '/login/callback/web':
    void showCallbackPage(root, core, true, { ...credentials, search });
    break;
  default:
    void showHomePage(root, core);
}
