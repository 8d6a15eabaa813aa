// The developer inbox at /__sandbox/: server-rendered, script-free, its style in a separate file, so
// it works under the app's strict CSP. Every value shown comes from requests (addresses, names, event details), so
// everything dynamic is escaped and only http(s) links become clickable.

import { INBOX_STYLESHEET_PATH } from './inbox-style';
import type { SandboxMessage, StytchUser } from './model';
import type { SandboxState, SdkEventRecord } from './state';
import { toIso } from './wire';

const TITLE = 'Vestibule sandbox inbox';
// The inbox is a debugging aid; very old telemetry only makes the page slow.
const MAX_EVENTS_SHOWN = 200;
const MAX_DETAILS_CHARS = 500;

/** The control API as the inbox lists it: path, methods, what. */
const API_ROWS: readonly (readonly [string, string, string])[] = [
  ['/__sandbox/api/messages[?to=]', 'GET, DELETE', 'Messages the provider sent, newest first'],
  ['/__sandbox/api/users', 'GET, POST', 'Users; POST {email?, phone?, password?, requires_reset?, name?} seeds one'],
  ['/__sandbox/api/sdk-events', 'GET', 'SDK telemetry received'],
  ['/__sandbox/api/faults', 'GET, POST, DELETE', 'Scripted faults: {path, method?, status?, error_type?, error_message?, retry_after_seconds?, delay_ms?, hang?, malformed_json?, network_drop?, times?}'],
  ['/__sandbox/api/project', 'GET, PUT', 'Project settings: redirect URLs, authorized domains, SDK products, limits, password policy'],
  ['/__sandbox/api/reset', 'POST', 'Empties every store and restores the default project settings'],
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

function table(headers: string[], rows: string[], emptyText: string): string {
  if (rows.length === 0) return `<p>${escapeHtml(emptyText)}</p>`;
  const head = headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
}

function messageRow(message: SandboxMessage): string {
  const href = safeHref(message.link);
  const link = href
    ? `<td><a href="${escapeHtml(href)}" rel="noreferrer noopener">${escapeHtml(href)}</a></td>`
    : cell(message.link ?? '');
  const text = `<td><details><summary>Show text</summary><pre>${escapeHtml(message.text)}</pre></details></td>`;
  return (
    '<tr>' +
    cell(message.sentAt) +
    cell(message.channel) +
    cell(message.from ?? '') +
    cell(message.to) +
    cell(message.subject) +
    link +
    cell(message.code ?? '') +
    text +
    '</tr>'
  );
}

function userRow(user: StytchUser): string {
  const name = [user.name.first_name, user.name.middle_name, user.name.last_name].filter(Boolean).join(' ');
  const emails = user.emails.map((email) => `${email.email}${email.verified ? ' (verified)' : ' (unverified)'}`);
  const phones = user.phone_numbers.map((phone) => phone.phone_number);
  return (
    '<tr>' +
    cell(user.user_id) +
    cell(name) +
    cell(emails.join(', ')) +
    cell(phones.join(', ')) +
    cell(user.password ? (user.password.requires_reset ? 'yes, must reset' : 'yes') : 'no') +
    cell(user.status) +
    cell(user.created_at) +
    '</tr>'
  );
}

function eventRow(event: SdkEventRecord): string {
  const details = JSON.stringify(event.details ?? null);
  const shown = details.length > MAX_DETAILS_CHARS ? `${details.slice(0, MAX_DETAILS_CHARS)}…` : details;
  return `<tr>${cell(event.receivedAt)}${cell(event.event_name)}<td><code>${escapeHtml(shown)}</code></td></tr>`;
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

export function renderInboxPage(state: SandboxState, now: number): string {
  const messages = [...state.messages].reverse();
  const users = [...state.users.values()].map((record) => record.user);
  const events = state.sdkEvents.slice(-MAX_EVENTS_SHOWN).reverse();
  return sandboxPage(
    TITLE,
    `<header>
<h1>${TITLE}</h1>
<p>What the emulated Stytch project has sent, who its users are, and the SDK telemetry it received. This page reloads every 5 seconds (rendered ${escapeHtml(toIso(now))}).</p>
<form method="post" action="/__sandbox/reset"><button type="submit">Reset the sandbox</button></form>
</header>
<main>
<section aria-labelledby="messages-heading">
<h2 id="messages-heading">Messages (${messages.length})</h2>
${table(['Sent', 'Channel', 'From', 'To', 'Subject', 'Link', 'Code', 'Text'], messages.map(messageRow), 'No messages yet.')}
</section>
<section aria-labelledby="users-heading">
<h2 id="users-heading">Users (${users.length})</h2>
${table(['User ID', 'Name', 'Emails', 'Phone numbers', 'Password', 'Status', 'Created'], users.map(userRow), 'No users yet.')}
</section>
<section aria-labelledby="events-heading">
<h2 id="events-heading">SDK events (${state.sdkEvents.length})</h2>
${table(['Received', 'Event', 'Details'], events.map(eventRow), 'No SDK events yet.')}
</section>
<section aria-labelledby="api-heading">
<h2 id="api-heading">Control API</h2>
<p>JSON over HTTP from this machine only; changes need <code>Content-Type: application/json</code>. The project starts with the defaults below after every reset.</p>
<table>
<thead><tr><th scope="col">Path</th><th scope="col">Methods</th><th scope="col">What</th></tr></thead>
<tbody>
${API_ROWS.map(([path, methods, what]) => `<tr>${cell(path)}${cell(methods)}${cell(what)}</tr>`).join('\n')}
</tbody>
</table>
</section>
</main>`,
    '<meta http-equiv="refresh" content="5">',
  );
}
