// The sandbox's relying party: a page standing in for a shop's partner app that signs its users in
// with Vestibule, so the identity provider's round trip can be seen in a browser. Script-free under
// the provider page's strict CSP, styled by the inbox's stylesheet. Client names, scopes, claims and
// errors come from requests and the registry, so everything dynamic is escaped. The exchange itself
// is in ./idp-handlers.

import { escapeHtml, sandboxPage } from './inbox-page';

const TITLE = 'Sandbox relying party';

export interface RelyingPartyStart {
  clientName: string;
  clientId: string;
  /** The app's authorize URL with every parameter (a path on this origin), or null with `problem`. */
  authorizeHref: string | null;
  scopes: readonly string[];
  problem?: string;
  /** Set when the visitor came back from the provider's logout. */
  loggedOutState?: string;
}

export interface RelyingPartyResult {
  clientName: string;
  /** The ID token's claims, verified; empty when `error` says why there are none. */
  claims: Readonly<Record<string, unknown>>;
  grantedScopes: readonly string[];
  error?: { readonly code: string; readonly description: string };
  /** Where to start again (this page) and to log out (the provider's logout with the ID token as hint). */
  startHref: string;
  logoutHref: string | null;
}

function page(body: string): string {
  return sandboxPage(TITLE, `<header>\n<h1>${TITLE}</h1>\n<p>A partner app of the shop, emulated by the sandbox: it signs its users in with Vestibule (OAuth 2.0 authorization code with PKCE, OpenID Connect).</p>\n</header>\n<main>\n${body}\n</main>`, '<meta name="robots" content="noindex">');
}

const scopeList = (scopes: readonly string[]): string => scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(' ');

export function renderRelyingPartyStart(start: RelyingPartyStart): string {
  const back =
    start.loggedOutState === undefined ? '' : `<p role="status">You are back from Vestibule's logout (state <code>${escapeHtml(start.loggedOutState)}</code>).</p>\n`;
  const action =
    start.authorizeHref === null
      ? `<p role="alert">${escapeHtml(start.problem ?? 'This app cannot sign in here.')}</p>`
      : `<p>Requests: ${scopeList(start.scopes)}</p>\n<p><a href="${escapeHtml(start.authorizeHref)}">Sign in with Vestibule</a></p>`;
  return page(`${back}<section aria-labelledby="app-heading">\n<h2 id="app-heading">${escapeHtml(start.clientName)}</h2>\n<p>Client <code>${escapeHtml(start.clientId)}</code></p>\n${action}\n</section>`);
}

export function renderRelyingPartyResult(result: RelyingPartyResult): string {
  const rows = Object.entries(result.claims)
    .map(([name, value]) => `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td><code>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</code></td></tr>`)
    .join('\n');
  const outcome = result.error
    ? `<p role="alert">Vestibule answered <code>${escapeHtml(result.error.code)}</code>: ${escapeHtml(result.error.description)}</p>`
    : `<p role="status">Signed in. The ID token's signature, issuer, audience, expiry and nonce were verified.</p>\n<p>Granted: ${scopeList(result.grantedScopes)}</p>\n<table>\n<thead><tr><th scope="col">Claim</th><th scope="col">Value</th></tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>`;
  const logout = result.logoutHref === null ? '' : `\n<p><a href="${escapeHtml(result.logoutHref)}">Log out of Vestibule</a></p>`;
  return page(
    `<section aria-labelledby="result-heading">\n<h2 id="result-heading">${escapeHtml(result.clientName)}</h2>\n${outcome}${logout}\n<p><a href="${escapeHtml(result.startHref)}">Start again</a></p>\n</section>`,
  );
}
