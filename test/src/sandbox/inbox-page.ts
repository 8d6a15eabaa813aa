// The developer inbox at /__sandbox/: server-rendered, script-free, its style in a separate file, so
// it works under the app's strict CSP. Every value shown comes from requests (addresses, names, event details), so
// everything dynamic is escaped and only http(s) links become clickable.

import { type ConnectedApp, RELYING_PARTY_PATH } from './idp';
import { INBOX_STYLESHEET_PATH } from './inbox-style';
import type { SandboxMessage, StytchUser } from './model';
import type { AnalyticsEventRecord, SandboxState, SdkEventRecord } from './state';
import { toIso } from './wire';

const TITLE = 'Vestibule sandbox inbox';
/** Where the inbox is served (also at /__sandbox); its own links use this one. */
export const INBOX_PATH = '/__sandbox/';
// The inbox is a debugging aid; very old telemetry only makes the page slow.
const MAX_EVENTS_SHOWN = 200;
const MAX_DETAILS_CHARS = 500;
const MAX_PROPERTIES_CHARS = 300;
const REFRESH_SECONDS = 5;

/** The control API as the inbox lists it: path, methods, what. */
const API_ROWS: readonly (readonly [string, string, string])[] = [
  ['/__sandbox/api/messages[?to=]', 'GET, DELETE', 'Messages the provider sent, newest first'],
  ['/__sandbox/api/users', 'GET, POST', 'Users; POST {email?, phone?, password?, requires_reset?, name?} seeds one'],
  ['/__sandbox/api/sdk-events', 'GET', 'SDK telemetry received'],
  ['/__sandbox/api/analytics', 'GET, DELETE', 'Analytics events posthog-js sent to /__sandbox/posthog, decoded, oldest first: {events: [{received_at, path, event, distinct_id, properties, uuid?, extras?}]}'],
  ['/__sandbox/api/faults', 'GET, POST, DELETE', 'Scripted faults: {path, method?, status?, error_type?, error_message?, retry_after_seconds?, delay_ms?, hang?, malformed_json?, network_drop?, times?}'],
  ['/__sandbox/api/project', 'GET, PUT', 'Project settings: redirect URLs, authorized domains, SDK products, limits, password policy'],
  ['/__sandbox/api/connected-apps[/:client_id]', 'GET, POST, DELETE', 'Connected apps (OAuth clients); POST {client_id, client_name, client_type, redirect_uris, scopes, client_description?, consent_required?, post_logout_redirect_uris?, client_secret?} creates or replaces one'],
  ['/__sandbox/api/consents', 'GET, DELETE', 'Scopes each user granted each connected app'],
  ['/__sandbox/api/trusted-tokens', 'POST', 'Mints a trusted auth token for sessions/attest: {email, profile_id?, expires_in_minutes?}'],
  ['/__sandbox/api/users/:user_id/roles', 'PUT', "A user's roles: {roles: [role ids of the project's rbac_policy]}"],
  ['/__sandbox/api/reset', 'POST', 'Empties every store and restores the default project settings and the demo connected app'],
];

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The URL if it is safe to put in an href (http/https only; no javascript:, data:, …). */
function safeHref(value: string | undefined): string | null {
  if (value === undefined || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

function cell(value: string): string {
  return `<td>${escapeHtml(value)}</td>`;
}

/**
 * A record table's cell: `html` is escaped by the caller. The label is its column's header, which
 * the stylesheet shows in front of the value once a narrow screen stacks the columns.
 */
function labelled(label: string, html: string): string {
  return `<td data-label="${escapeHtml(label)}">${html}</td>`;
}

/** A table of records (messages, users, events), which a narrow screen shows as stacked cards. */
function table(headers: readonly string[], rows: string[], emptyText: string): string {
  if (rows.length === 0) return `<p>${escapeHtml(emptyText)}</p>`;
  const head = headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('');
  return `<table class="records">\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
}

const MESSAGE_HEADERS = ['Sent', 'Channel', 'From', 'To', 'Subject', 'Link', 'Code', 'Text'] as const;

/**
 * The inbox's address with these messages' texts shown. The open texts live in the address, not
 * in the page: the page reloads itself every 5 seconds and has no script, and a reload keeps its
 * address, so a shown text stays shown (and new messages still arrive).
 */
function inboxHref(shown: readonly string[], anchor?: string): string {
  // `'` too: a quote would end the URL of the refresh's content attribute.
  const query = shown.map((id) => `show=${encodeURIComponent(id).replace(/'/g, '%27')}`).join('&');
  return `${INBOX_PATH}${query === '' ? '' : `?${query}`}${anchor === undefined ? '' : `#${anchor}`}`;
}

const messageAnchor = (message: SandboxMessage): string => `message-${message.id}`;

function messageRows(message: SandboxMessage, shown: readonly string[]): string {
  const label = (index: number): string => MESSAGE_HEADERS[index] ?? '';
  const plain = (index: number, value: string): string => labelled(label(index), escapeHtml(value));
  const href = safeHref(message.link);
  const link = href ? `<a href="${escapeHtml(href)}" rel="noreferrer noopener">${escapeHtml(href)}</a>` : escapeHtml(message.link ?? '');
  const open = shown.includes(message.id);
  const toggle = open
    ? `<a href="${escapeHtml(inboxHref(shown.filter((id) => id !== message.id), messageAnchor(message)))}" aria-expanded="true">Hide text</a>`
    : `<a href="${escapeHtml(inboxHref([...shown, message.id], messageAnchor(message)))}" aria-expanded="false">Show text</a>`;
  const row =
    `<tr id="${escapeHtml(messageAnchor(message))}">` +
    plain(0, message.sentAt) +
    plain(1, message.channel) +
    plain(2, message.from ?? '') +
    plain(3, message.to) +
    plain(4, message.subject) +
    labelled(label(5), link) +
    plain(6, message.code ?? '') +
    labelled(label(7), toggle) +
    '</tr>';
  // A row of its own across every column, so a long text never squeezes the others.
  const text = `<tr class="message-text"><td colspan="${MESSAGE_HEADERS.length}"><pre>${escapeHtml(message.text)}</pre></td></tr>`;
  return open ? `${row}\n${text}` : row;
}

const USER_HEADERS = ['User ID', 'Name', 'Emails', 'Phone numbers', 'Password', 'Status', 'Created'] as const;

function userRow(user: StytchUser): string {
  const name = [user.name.first_name, user.name.middle_name, user.name.last_name].filter(Boolean).join(' ');
  const emails = user.emails.map((email) => `${email.email}${email.verified ? ' (verified)' : ' (unverified)'}`);
  const phones = user.phone_numbers.map((phone) => phone.phone_number);
  const values = [
    user.user_id,
    name,
    emails.join(', '),
    phones.join(', '),
    user.password ? (user.password.requires_reset ? 'yes, must reset' : 'yes') : 'no',
    user.status,
    user.created_at,
  ];
  return `<tr>${values.map((value, index) => labelled(USER_HEADERS[index] ?? '', escapeHtml(value))).join('')}</tr>`;
}

const PASSKEY_HEADERS = ['User ID', 'Name', 'Registration ID', 'Domain', 'Created'] as const;

/**
 * Every registered passkey or security key, by user: the name is the user's own text (it is
 * renamed through the SDK), so it is escaped like everything else.
 */
function passkeyRows(state: SandboxState): string[] {
  const createdAt = new Map([...state.webauthnCredentials.values()].map((credential) => [credential.registrationId, credential.createdAt]));
  return [...state.users.values()].flatMap(({ user }) =>
    user.webauthn_registrations.map((registration) => {
      const created = createdAt.get(registration.webauthn_registration_id);
      const values = [user.user_id, registration.name, registration.webauthn_registration_id, registration.domain, created === undefined ? '' : toIso(created)];
      return `<tr>${values.map((value, index) => labelled(PASSKEY_HEADERS[index] ?? '', escapeHtml(value))).join('')}</tr>`;
    }),
  );
}

const WALLET_HEADERS = ['User ID', 'Address', 'Type', 'Verified'] as const;

/**
 * Every crypto wallet, by user. Addresses are long unbroken words (44 base58 characters, or 0x and
 * 40 hex digits): in <code>, which the stylesheet lets wrap anywhere, so a narrow screen never
 * scrolls sideways; escaped like everything else.
 */
function walletRows(state: SandboxState): string[] {
  return [...state.users.values()].flatMap(({ user }) =>
    user.crypto_wallets.map(
      (wallet) =>
        `<tr>${labelled(WALLET_HEADERS[0], escapeHtml(user.user_id))}${labelled(WALLET_HEADERS[1], `<code>${escapeHtml(wallet.crypto_wallet_address)}</code>`)}` +
        `${labelled(WALLET_HEADERS[2], escapeHtml(wallet.crypto_wallet_type))}${labelled(WALLET_HEADERS[3], wallet.verified ? 'yes' : 'no')}</tr>`,
    ),
  );
}

const APP_HEADERS = ['Client ID', 'Name', 'Type', 'Consent', 'Redirect URIs', 'Scopes'] as const;

/** The connected apps; their names and URIs are registered through the API, so escaped. */
function appRow(app: ConnectedApp): string {
  const values = [app.client_id, app.client_name, app.client_type, app.consent_required ? 'required' : 'not required', app.redirect_uris.join(' '), app.scopes.join(' ')];
  return `<tr>${values.map((value, index) => labelled(APP_HEADERS[index] ?? '', escapeHtml(value))).join('')}</tr>`;
}

const EVENT_HEADERS = ['Received', 'Event', 'Details'] as const;

function eventRow(event: SdkEventRecord): string {
  const details = JSON.stringify(event.details ?? null);
  const shown = details.length > MAX_DETAILS_CHARS ? `${details.slice(0, MAX_DETAILS_CHARS)}…` : details;
  return `<tr>${labelled('Received', escapeHtml(event.receivedAt))}${labelled('Event', escapeHtml(event.event_name))}${labelled('Details', `<code>${escapeHtml(shown)}</code>`)}</tr>`;
}

const ANALYTICS_HEADERS = ['Received', 'Event', 'Distinct ID', 'Properties'] as const;

/** An analytics event; its name, id and properties come from the page, so all escaped. */
function analyticsRow(event: AnalyticsEventRecord): string {
  const properties = JSON.stringify(event.properties);
  const shown = properties.length > MAX_PROPERTIES_CHARS ? `${properties.slice(0, MAX_PROPERTIES_CHARS)}…` : properties;
  return (
    `<tr>${labelled(ANALYTICS_HEADERS[0], escapeHtml(event.received_at))}${labelled(ANALYTICS_HEADERS[1], escapeHtml(event.event))}` +
    `${labelled(ANALYTICS_HEADERS[2], escapeHtml(event.distinct_id ?? ''))}${labelled(ANALYTICS_HEADERS[3], `<code>${escapeHtml(shown)}</code>`)}</tr>`
  );
}

/**
 * A sandbox page (the inbox, the emulated OAuth provider): no referrer, the inbox stylesheet, no
 * script. `title` is escaped here; `head` and `body` are HTML the caller escaped.
 */
export function sandboxPage(title: string, body: string, head: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${head}
<link rel="stylesheet" href="${INBOX_STYLESHEET_PATH}">
<title>${escapeHtml(title)}</title>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The inbox; `show` lists the messages whose text is shown (the `show` query parameters), and
 * ids of messages that no longer exist are dropped.
 */
export function renderInboxPage(state: SandboxState, now: number, show: readonly string[] = []): string {
  const messages = [...state.messages].reverse();
  const shown = messages.map((message) => message.id).filter((id) => show.includes(id));
  const users = [...state.users.values()].map((record) => record.user);
  const events = state.sdkEvents.slice(-MAX_EVENTS_SHOWN).reverse();
  const analytics = state.analyticsEvents.slice(-MAX_EVENTS_SHOWN).reverse();
  const passkeys = passkeyRows(state);
  const wallets = walletRows(state);
  return sandboxPage(
    TITLE,
    `<header>
<h1>${TITLE}</h1>
<p>What the emulated Stytch project has sent, who its users are and which passkeys and crypto wallets they hold, the SDK telemetry it received, and the analytics events posthog-js sent. This page reloads every ${REFRESH_SECONDS} seconds (rendered ${escapeHtml(toIso(now))}); a shown text stays shown.</p>
<form method="post" action="/__sandbox/reset"><button type="submit">Reset the sandbox</button></form>
</header>
<main>
<section aria-labelledby="messages-heading">
<h2 id="messages-heading">Messages (${messages.length})</h2>
${table(MESSAGE_HEADERS, messages.map((message) => messageRows(message, shown)), 'No messages yet.')}
</section>
<section aria-labelledby="users-heading">
<h2 id="users-heading">Users (${users.length})</h2>
${table(USER_HEADERS, users.map(userRow), 'No users yet.')}
</section>
<section aria-labelledby="passkeys-heading">
<h2 id="passkeys-heading">Passkeys (${passkeys.length})</h2>
${table(PASSKEY_HEADERS, passkeys, 'No passkeys yet.')}
</section>
<section aria-labelledby="wallets-heading">
<h2 id="wallets-heading">Crypto wallets (${wallets.length})</h2>
${table(WALLET_HEADERS, wallets, 'No crypto wallets yet.')}
</section>
<section aria-labelledby="apps-heading">
<h2 id="apps-heading">Connected apps (${state.connectedApps.size})</h2>
<p>Try a round trip as one of them from the <a href="${RELYING_PARTY_PATH}">relying-party page</a>.</p>
${table(APP_HEADERS, [...state.connectedApps.values()].map(appRow), 'No connected apps.')}
</section>
<section aria-labelledby="events-heading">
<h2 id="events-heading">SDK events (${state.sdkEvents.length})</h2>
${table(EVENT_HEADERS, events.map(eventRow), 'No SDK events yet.')}
</section>
<section aria-labelledby="analytics-heading">
<h2 id="analytics-heading">Analytics events (${state.analyticsEvents.length})</h2>
${table(ANALYTICS_HEADERS, analytics.map(analyticsRow), 'No analytics events yet.')}
</section>
<section aria-labelledby="api-heading">
<h2 id="api-heading">Control API</h2>
<p>JSON over HTTP from this machine only; changes need <code>Content-Type: application/json</code>. The project starts with the defaults below after every reset.</p>
<table class="api">
<thead><tr><th scope="col">Path</th><th scope="col">Methods</th><th scope="col">What</th></tr></thead>
<tbody>
${API_ROWS.map(([path, methods, what]) => `<tr>${cell(path)}${cell(methods)}${cell(what)}</tr>`).join('\n')}
</tbody>
</table>
</section>
</main>`,
    // The address without its fragment: a refresh to the same address with one (`#message-…`,
    // after Show text) would only scroll, never reload. Without it, it reloads and keeps the scroll.
    `<meta http-equiv="refresh" content="${REFRESH_SECONDS}; url=${escapeHtml(inboxHref(shown))}">`,
  );
}
