// Google Identity Services, emulated offline: the client script a page loads instead of
// https://accounts.google.com/gsi/client, and the JSON endpoints it talks to.
//
//   GET  /__sandbox/gsi/client                    the script (defines window.google.accounts.id)
//   GET  /__sandbox/gsi/accounts?client_id=…      → {not_displayed_reason, accounts: [email…]}
//   POST /__sandbox/gsi/credential {email, client_id} → {credential}  (an ID token, single use)
//
// The prompt offers the sandbox users' addresses ("signed in at Google"); its ID tokens are what
// Stytch's One Tap callback (./one-tap-handlers) accepts. Faults apply to these paths when a
// fault names them in full, e.g. {"path": "/__sandbox/gsi/accounts", "network_drop": true}.

import type { PathParams, RequestHandler } from 'msw';
import { applyFault } from './faults';
import type { ProjectSettings } from './project';
import { type SandboxContext, route } from './routing';
import type { SandboxState } from './state';
import { validEmail } from './users';
import { SandboxError, jsonResponse, optionalString, randomToken, readJsonObject } from './wire';

export const SANDBOX_GSI_PATH = '/__sandbox/gsi';
export const GSI_CLIENT_PATH = `${SANDBOX_GSI_PATH}/client`;
export const GSI_ACCOUNTS_PATH = `${SANDBOX_GSI_PATH}/accounts`;
export const GSI_CREDENTIAL_PATH = `${SANDBOX_GSI_PATH}/credential`;

/** What Google reports when its prompt cannot show for this page and client. */
export type GsiNotDisplayedReason = 'missing_client_id' | 'invalid_client' | 'unregistered_origin';

const STYTCH_MOUNT = '/__sandbox/stytch';

/**
 * Faults are matched relative to the Stytch mount; a GSI fault names its full path. Only those
 * faults are considered here (a Stytch-wide `/*` fault leaves Google alone), and the request is
 * re-addressed so the shared matcher sees that full path.
 */
async function applyGsiFault(state: SandboxState, request: Request): Promise<Response | undefined> {
  const own = state.faults.filter((fault) => fault.path.startsWith(`${SANDBOX_GSI_PATH}/`));
  if (own.length === 0) return undefined;
  const url = new URL(request.url);
  url.pathname = `${STYTCH_MOUNT}${url.pathname}`;
  const pending = applyFault({ ...state, faults: own }, new Request(url, { method: request.method, signal: request.signal }));
  // applyFault counts the fault synchronously: drop from the real list the ones it used up.
  for (let index = state.faults.length - 1; index >= 0; index--) {
    if (state.faults[index]?.times === 0) state.faults.splice(index, 1);
  }
  return pending;
}

/** Why Google would not show its prompt for `clientId` on this project, or null. */
function notDisplayedReason(project: ProjectSettings, clientId: string): GsiNotDisplayedReason | null {
  if (clientId === '') return 'missing_client_id';
  if (project.one_tap_error === 'invalid_client' || clientId !== project.google_client_id) return 'invalid_client';
  if (project.one_tap_error === 'origin_not_allowed_for_client') return 'unregistered_origin';
  return null;
}

/** Every sandbox user's addresses, oldest user first: the accounts "signed in at Google". */
function signedInAccounts(state: SandboxState): string[] {
  const emails = [...state.users.values()].flatMap((record) => record.user.emails.map((entry) => entry.email));
  return [...new Set(emails)];
}

export function createGsiHandlers(ctx: SandboxContext): RequestHandler[] {
  const { state, now } = ctx;
  const gsiRoute = (method: 'get' | 'post', path: string, resolver: (request: Request, params: PathParams) => Response | Promise<Response>) =>
    route(method, `*${path}`, async (request, params) => (await applyGsiFault(state, request)) ?? resolver(request, params));

  return [
    gsiRoute(
      'get',
      GSI_CLIENT_PATH,
      () =>
        new Response(GSI_CLIENT_SCRIPT, {
          headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
        }),
    ),

    gsiRoute('get', GSI_ACCOUNTS_PATH, (request) => {
      const clientId = new URL(request.url).searchParams.get('client_id') ?? '';
      const reason = notDisplayedReason(state.project, clientId);
      return jsonResponse({ not_displayed_reason: reason, accounts: reason === null ? signedInAccounts(state) : [] });
    }),

    // Any well-formed address, not only the listed ones, so tests can sign up a new Google user.
    gsiRoute('post', GSI_CREDENTIAL_PATH, async (request) => {
      const body = await readJsonObject(request);
      const reason = notDisplayedReason(state.project, optionalString(body, 'client_id') ?? '');
      if (reason !== null) throw new SandboxError(400, reason, `Google would not issue a credential here (${reason}).`);
      const email = validEmail(optionalString(body, 'email') ?? '');
      const token = `sandbox-google-id-token-${randomToken()}`;
      state.googleIdTokens.set(token, { token, email, clientId: state.project.google_client_id, createdAt: now(), usedAt: null });
      return jsonResponse({ credential: token });
    }),
  ];
}

/**
 * The emulated client script. Plain ES2017 with no eval, no inline style and no HTML parsing
 * (styles through element.style, text through textContent), so it runs under the app's CSP
 * (`script-src 'self'; style-src 'self'`) and shows hostile addresses as text.
 */
export const GSI_CLIENT_SCRIPT = String.raw`/* Sandbox Google Identity Services (Vestibule). Not Google's code. */
(function () {
  'use strict';
  var w = window;
  var doc = w.document;
  var google = (w.google = w.google || {});
  google.accounts = google.accounts || {};
  if (google.accounts.id && google.accounts.id.sandbox === true) return;

  var ACCOUNTS_PATH = '${GSI_ACCOUNTS_PATH}';
  var CREDENTIAL_PATH = '${GSI_CREDENTIAL_PATH}';
  var config = null;
  var current = null;

  function rethrowLater(error) {
    setTimeout(function () { throw error; }, 0);
  }

  function call(fn, argument) {
    if (typeof fn !== 'function') return;
    try { fn(argument); } catch (error) { rethrowLater(error); }
  }

  /** A PromptMomentNotification: 'display' (shown or not), 'skipped' or 'dismissed'. */
  function moment(type, reason) {
    var display = type === 'display';
    return {
      getMomentType: function () { return type; },
      isDisplayMoment: function () { return display; },
      isDisplayed: function () { return display && reason === null; },
      isNotDisplayed: function () { return display && reason !== null; },
      getNotDisplayedReason: function () { return display && reason !== null ? reason : undefined; },
      isSkippedMoment: function () { return type === 'skipped'; },
      getSkippedReason: function () { return type === 'skipped' ? reason : undefined; },
      isDismissedMoment: function () { return type === 'dismissed'; },
      getDismissedReason: function () { return type === 'dismissed' ? reason : undefined; }
    };
  }

  function url(path) {
    return new URL(path, w.location.href).href;
  }

  function readJson(response) {
    if (!response.ok) throw new Error('Sandbox Google answered ' + response.status);
    return response.json();
  }

  /** Takes the prompt off the page; the session reports nothing more after this. */
  function teardown(session) {
    session.done = true;
    if (current === session) current = null;
    if (session.onOutside) doc.removeEventListener('click', session.onOutside, true);
    if (session.element && session.element.parentNode) session.element.parentNode.removeChild(session.element);
    session.element = null;
  }

  function end(session, type, reason) {
    if (session.done) return;
    teardown(session);
    call(session.listener, moment(type, reason));
  }

  function styled(tag, styles) {
    var element = doc.createElement(tag);
    for (var name in styles) element.style[name] = styles[name];
    return element;
  }

  function text(tag, value, styles) {
    var element = styled(tag, styles);
    element.textContent = value;
    return element;
  }

  function choose(session, email, buttons) {
    if (session.busy || session.done) return;
    session.busy = true;
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    var clientId = session.config.client_id;
    w.fetch(url(CREDENTIAL_PATH), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: email, client_id: clientId })
    })
      .then(readJson)
      .then(function (answer) { return answer && typeof answer.credential === 'string' ? answer.credential : null; }, function () { return null; })
      .then(function (credential) {
        if (session.done) return;
        if (credential === null) { end(session, 'skipped', 'issuing_failed'); return; }
        teardown(session);
        var latest = config || session.config;
        call(latest.callback, { credential: credential, select_by: 'btn', clientId: clientId });
        call(session.listener, moment('dismissed', 'credential_returned'));
      });
  }

  function render(session, accounts) {
    var parent = session.config.prompt_parent_id ? doc.getElementById(String(session.config.prompt_parent_id)) : null;
    var box = styled('div', {
      boxSizing: 'border-box',
      width: parent ? '100%' : '360px',
      maxWidth: '100%',
      minHeight: '176px',
      padding: '16px 20px 20px',
      background: '#ffffff',
      color: '#202124',
      font: '14px/1.4 Roboto, Arial, sans-serif',
      textAlign: 'left',
      border: '1px solid #dadce0',
      borderRadius: '8px',
      boxShadow: parent ? 'none' : '0 2px 10px rgba(0, 0, 0, 0.2)'
    });
    if (!parent) {
      box.style.position = 'fixed';
      box.style.top = '16px';
      box.style.right = '16px';
      box.style.zIndex = '2147483647';
    }
    box.setAttribute('role', 'dialog');
    box.setAttribute('data-sandbox-gsi', 'prompt');
    var headingId = 'sandbox-gsi-heading-' + Math.random().toString(36).slice(2);
    box.setAttribute('aria-labelledby', headingId);

    var top = styled('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: '24px' });
    top.appendChild(text('span', 'Sandbox Google', { fontSize: '12px', fontWeight: '600', color: '#5f6368', letterSpacing: '0.02em' }));
    var close = text('button', '\u00d7', {
      width: '32px', height: '32px', border: 'none', borderRadius: '50%', background: 'transparent',
      color: '#5f6368', fontSize: '20px', lineHeight: '32px', cursor: 'pointer', padding: '0'
    });
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');
    top.appendChild(close);
    box.appendChild(top);

    var heading = text('h2', 'Sign in to ' + w.location.hostname + ' with Google', { margin: '8px 0 12px', fontSize: '16px', fontWeight: '500', lineHeight: '24px' });
    heading.id = headingId;
    box.appendChild(heading);

    var buttons = [];
    accounts.forEach(function (email) {
      var button = text('button', 'Continue as ' + email, {
        display: 'block', boxSizing: 'border-box', width: '100%', minHeight: '40px', margin: '8px 0 0',
        padding: '10px 12px', border: '1px solid #dadce0', borderRadius: '4px', background: '#ffffff',
        color: '#1a73e8', font: 'inherit', fontWeight: '500', textAlign: 'left', cursor: 'pointer', overflowWrap: 'anywhere'
      });
      button.type = 'button';
      button.addEventListener('click', function () { choose(session, email, buttons); });
      buttons.push(button);
      box.appendChild(button);
    });
    box.appendChild(text('p', 'Emulated by the sandbox: nothing is sent to Google.', { margin: '12px 0 0', fontSize: '12px', color: '#5f6368' }));

    close.addEventListener('click', function () { end(session, 'skipped', 'user_cancel'); });
    box.addEventListener('keydown', function (event) { if (event.key === 'Escape') end(session, 'skipped', 'user_cancel'); });
    if (session.config.cancel_on_tap_outside !== false) {
      session.onOutside = function (event) {
        if (!box.contains(event.target)) end(session, 'skipped', 'tap_outside');
      };
      doc.addEventListener('click', session.onOutside, true);
    }
    session.element = box;
    (parent || doc.body).appendChild(box);
  }

  function prompt(listener) {
    if (current) end(current, 'skipped', 'auto_cancel');
    var session = { listener: listener, config: config || {}, done: false, busy: false, element: null, onOutside: null };
    current = session;
    var clientId = session.config.client_id;
    if (!clientId) {
      setTimeout(function () { end(session, 'display', 'missing_client_id'); }, 0);
      return;
    }
    w.fetch(url(ACCOUNTS_PATH + '?client_id=' + encodeURIComponent(String(clientId))), { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(readJson)
      .then(function (answer) {
        var accounts = answer && Array.isArray(answer.accounts) ? answer.accounts.filter(function (item) { return typeof item === 'string'; }) : [];
        var reason = answer && typeof answer.not_displayed_reason === 'string' ? answer.not_displayed_reason : null;
        return { reason: reason || (accounts.length === 0 ? 'opt_out_or_no_session' : null), accounts: accounts };
      }, function () { return { reason: 'unknown_reason', accounts: [] }; })
      .then(function (result) {
        if (session.done) return;
        if (result.reason !== null) { end(session, 'display', result.reason); return; }
        render(session, result.accounts);
        call(session.listener, moment('display', null));
      });
  }

  google.accounts.id = {
    sandbox: true,
    initialize: function (options) { config = options || {}; },
    prompt: prompt,
    cancel: function () { if (current) end(current, 'skipped', 'auto_cancel'); },
    disableAutoSelect: function () {}
  };
})();
`;
