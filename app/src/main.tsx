import '@vestibule/ui/styles.css';
import './app.css';
import { isChrome, localRedirectTarget } from './local-redirect';
import { startApp } from './start-app';

// Before anything else, a page on an IP host (or, on Chrome, on `localhost` when a local-style host
// is configured) leaves for the host it should be on, with its address whole: a link's credentials
// go along, and the page that arrives takes them out of the address bar as it always does.
// Unconfigured, the build drops the Chrome check (the variable is a constant `undefined`).
const localHost = import.meta.env.VITE_LOCAL_DEV_HOST;
const target = localRedirectTarget(window.location.href, localHost && isChrome(navigator) && localHost);
if (target === null) {
  startApp();
  // Resolved by vite.config.ts: '' (and this dropped from the build) when there is no status script.
  // Its code is a chunk of its own, so /login's first load carries only this call.
  const statusScript = __STATUS_SCRIPT_URL__;
  if (statusScript) void import('./status-script').then((module) => module.injectStatusScript(statusScript));
} else {
  window.location.replace(target);
}
