// The page the sandbox shows in place of an OAuth provider's sign-in (redirect flow): script-free
// forms under a strict CSP, styled by the inbox's stylesheet. It lists the newest few accounts and
// searches the rest with a GET form, so many sandbox users never make it thousands of pixels tall.
// Users' addresses, scopes, the search and the typed address come from requests, so everything
// dynamic is escaped.

import { escapeHtml, sandboxPage } from './inbox-page';

/** The providers @stytch/vanilla-js 6.3.0 can start (`OAuthProviders`), with the names they go by. */
const OAUTH_PROVIDER_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
};

export function isOAuthProvider(value: string): boolean {
  return Object.hasOwn(OAUTH_PROVIDER_NAMES, value);
}

const titleOf = (provider: string): string => `Sandbox OAuth provider — ${OAUTH_PROVIDER_NAMES[provider] ?? provider}`;

export interface ProviderPage {
  provider: string;
  /** The one-time id of the recorded start, posted back with every form. */
  state: string;
  /** Where the forms post (a path on this origin). */
  action: string;
  /** Where the account search goes (GET, a path on this origin). */
  choose: string;
  /** The accounts offered: the newest few, or the first matches of `search`. */
  accounts: string[];
  /** How many accounts the sandbox has, or, with `search`, how many match it. */
  accountCount: number;
  /** What was typed into the account search. */
  search?: string;
  scopes: string[];
  /** What was typed into "Use another account", kept when it is refused. */
  typed?: string;
  /** Why the typed address was refused. */
  typedError?: string;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

function htmlDocument(title: string, body: string): string {
  return sandboxPage(title, body, '<meta name="robots" content="noindex">');
}

/** What the list shows and why: the newest few, a search's matches, or nothing. */
function accountsSummary(page: ProviderPage): string {
  const shown = page.accounts.length;
  if (page.search === undefined) {
    return shown < page.accountCount ? `<p>The ${shown} newest of ${page.accountCount} accounts. Search for the others.</p>` : '';
  }
  const quoted = `“${escapeHtml(page.search)}”`;
  if (page.accountCount === 0) return `<p>No account matches ${quoted}.</p>`;
  const count = page.accountCount === 1 ? `1 account matches ${quoted}.` : `${page.accountCount} accounts match ${quoted}.`;
  return `<p>${count}${shown < page.accountCount ? ` The first ${shown} are shown; search for more of the address.` : ''}</p>`;
}

/** A GET form: the search is a page of its own, so it needs no script and survives a reload. */
function accountSearch(page: ProviderPage): string {
  const back =
    page.search === undefined ? '' : `\n<p><a href="${escapeHtml(`${page.choose}?${new URLSearchParams({ state: page.state }).toString()}`)}">Show the newest accounts</a></p>`;
  return `<form method="get" action="${escapeHtml(page.choose)}" role="search">
${hidden('state', page.state)}
<label for="account-search">Search accounts by email</label>
<input id="account-search" name="search" type="search" autocomplete="off" spellcheck="false" value="${escapeHtml(page.search ?? '')}">
<button type="submit">Search</button>
</form>${back}`;
}

export function renderProviderPage(page: ProviderPage): string {
  const name = OAUTH_PROVIDER_NAMES[page.provider] ?? page.provider;
  const form = (fields: string): string => `<form method="post" action="${escapeHtml(page.action)}">\n${hidden('state', page.state)}\n${fields}\n</form>`;
  const list =
    page.accounts.length === 0
      ? ''
      : `\n${form(
          `${hidden('action', 'account')}\n<ul class="accounts">\n${page.accounts
            .map((email) => `<li><button type="submit" name="email" value="${escapeHtml(email)}">Continue as ${escapeHtml(email)}</button></li>`)
            .join('\n')}\n</ul>`,
        )}`;
  const accounts =
    page.search === undefined && page.accountCount === 0
      ? '<p>The sandbox has no users yet.</p>'
      : `${accountSearch(page)}\n${accountsSummary(page)}${list}`;
  const invalid = page.typedError !== undefined;
  const input =
    `<input id="other-email" name="email" type="email" autocomplete="email" value="${escapeHtml(page.typed ?? '')}"` +
    (invalid ? ' aria-invalid="true" aria-describedby="other-email-error">' : '>');
  const error = invalid ? `\n<p id="other-email-error" role="alert">${escapeHtml(page.typedError ?? '')}</p>` : '';
  const scopes =
    page.scopes.length === 0
      ? ''
      : `\n<p>Extra access requested: ${page.scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(', ')}</p>`;
  return htmlDocument(
    titleOf(page.provider),
    `<header>
<h1>${escapeHtml(titleOf(page.provider))}</h1>
<p>The Vestibule sandbox stands in for ${escapeHtml(name)} here: no real ${escapeHtml(name)} account is involved. Choose who signs in.</p>${scopes}
</header>
<main>
<section aria-labelledby="accounts-heading">
<h2 id="accounts-heading">Choose an account</h2>
${accounts}
</section>
<section aria-labelledby="other-heading">
<h2 id="other-heading">Use another account</h2>
<form method="post" action="${escapeHtml(page.action)}" novalidate>
${hidden('state', page.state)}
${hidden('action', 'other')}
<label for="other-email">Email address</label>
${input}${error}
<button type="submit">Continue</button>
</form>
</section>
<section aria-label="Cancel">
${form('<button type="submit" name="action" value="cancel">Cancel</button>')}
</section>
</main>`,
  );
}

export function renderProviderErrorPage(provider: string, message: string): string {
  return htmlDocument(
    titleOf(provider),
    `<header>
<h1>${escapeHtml(titleOf(provider))}</h1>
</header>
<main>
<p role="alert">${escapeHtml(message)}</p>
<p>Go back to the app and start signing in again.</p>
</main>`,
  );
}

/**
 * Stricter than the inbox's policy: nothing but the stylesheet loads, and no other page may
 * frame this one (clickjacking a consent page is the classic attack).
 */
const PROVIDER_PAGE_CSP = "default-src 'none'; style-src 'self'; base-uri 'none'; frame-ancestors 'none'";

export function providerPageResponse(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': PROVIDER_PAGE_CSP,
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    },
  });
}
