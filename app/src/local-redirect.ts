// Local development redirects (SPEC §1). No imports on purpose: vite.config.ts checks the
// configured host with the same rule, and the page's part must stay a few bytes of the first load.

/**
 * A loopback or "this machine" IP address as the URL parser writes it: 127.0.0.0/8, 0.0.0.0,
 * [::1], [::] and IPv4-mapped 127.x ([::ffff:7fxx:xxxx]). Only these: another IP address is
 * another machine, whose `localhost` is not the one the visitor meant.
 */
const LOCAL_IP_HOST = /^(?:127(?:\.\d+){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:7f[\da-f:]+\])$/;

/**
 * A configured local-style host name: `<name>.localhost`. Chrome resolves every `*.localhost` to
 * the loopback address itself (no hosts file) and treats it as a secure context, and the dev and
 * preview servers and the sandbox accept it; nothing else could carry a link's token off the machine.
 */
export function isLocalStyleHost(host: string): boolean {
  return /^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+localhost$/.test(host);
}

/**
 * Where a page at `href` must go first, or null: an IP host goes to `localhost`, and `localhost`
 * goes on to `chromeLocalHost`, the configured local-style host when the browser is Chrome (else
 * nothing). Port, path, query and hash stay, credentials in the query included: the page that
 * arrives takes them out.
 */
export function localRedirectTarget(href: string, chromeLocalHost: string | false | undefined): string | null {
  const url = new URL(href);
  if (LOCAL_IP_HOST.test(url.hostname)) url.hostname = 'localhost';
  // `chromeLocalHost` passed isLocalStyleHost at build time (vite.config.ts): the page holds no check.
  else if (url.hostname === 'localhost' && chromeLocalHost) url.hostname = chromeLocalHost;
  else return null;
  return url.href;
}

/** Chrome (and the Chromium it is built on), by its user-agent brands; other browsers have none. */
export function isChrome(agent: Navigator): boolean {
  const brands = (agent as Navigator & { userAgentData?: { brands?: readonly { brand: string }[] } }).userAgentData?.brands ?? [];
  return brands.some(({ brand }) => brand === 'Google Chrome' || brand === 'Chromium');
}
