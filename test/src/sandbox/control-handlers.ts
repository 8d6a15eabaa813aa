// The sandbox's own API (not Stytch's): read the outbox, seed users, script faults, change the
// project settings, reset, and the inbox page.
//
// POST /users seeds a user: `email` and/or `phone` (one is required), `name` (a string or
// {first_name, middle_name, last_name}), `roles` (role ids of the project's rbac_policy), and for passwords:
//   - `password`: the user signs in with it (users/search answers `password`);
//   - `requires_reset: true`: the user has a password but must reset it; passwords/authenticate
//     answers 400 reset_password (the password may be left out: an unknown one is set);
//   - neither: a passwordless user (users/search answers `passwordless`, authenticate answers
//     no_user_password, a reset e-mail sets the first password). Tests and the developer use it over HTTP so the same
// steps work in Vitest and against `vite dev`. Transport checks (loopback only, same-origin JSON
// for changes, body size) are in ./node-middleware.

import type { RequestHandler } from 'msw';
import { parseFault } from './faults';
import { createIdpControlHandlers, parseRoles } from './idp-handlers';
import { INBOX_PATH, renderInboxPage } from './inbox-page';
import { INBOX_CSS, INBOX_STYLESHEET_PATH } from './inbox-style';
import { listMessages } from './outbox';
import { createAnalyticsControlHandlers } from './posthog-handlers';
import { mergeProjectSettings } from './project';
import { type SandboxContext, route } from './routing';
import { clearState, releaseHangs } from './state';
import { assertValidPhone, createUser, parseName, validEmail, type NewUser } from './users';
import { SandboxError, emptyResponse, htmlResponse, jsonResponse, optionalString, randomToken, readJson, readJsonObject } from './wire';

const API = '*/__sandbox/api';
/** The inbox's reset button posts a form here (the JSON-only API refuses forms); see node-middleware. */
export const INBOX_RESET_PATH = '/__sandbox/reset';

export function createControlHandlers(ctx: SandboxContext): RequestHandler[] {
  const { state, now } = ctx;
  const inbox = (request: Request): Response => htmlResponse(renderInboxPage(state, now(), new URL(request.url).searchParams.getAll('show')));

  return [
    route('get', `${API}/messages`, (request) =>
      jsonResponse(listMessages(state, new URL(request.url).searchParams.get('to'))),
    ),
    route('delete', `${API}/messages`, () => {
      state.messages.length = 0;
      return emptyResponse();
    }),

    route('get', `${API}/users`, () => jsonResponse([...state.users.values()].map((record) => record.user))),
    route('post', `${API}/users`, async (request) => {
      const body = await readJsonObject(request);
      const email = optionalString(body, 'email');
      const phone = optionalString(body, 'phone');
      const password = optionalString(body, 'password');
      const requiresReset = body['requires_reset'];
      if (requiresReset !== undefined && typeof requiresReset !== 'boolean') {
        throw new SandboxError(400, 'bad_request', 'requires_reset must be true or false.');
      }
      if (email === undefined && phone === undefined) {
        throw new SandboxError(400, 'bad_request', 'A sandbox user needs an email or a phone.');
      }
      const input: NewUser = { emailVerified: true, name: parseName(body['name']) };
      if (email !== undefined) {
        input.email = validEmail(email);
      }
      if (phone !== undefined) {
        assertValidPhone(phone);
        input.phone = phone;
      }
      if (password !== undefined) input.password = password;
      if (requiresReset === true) {
        // A must-reset user has a password record; nobody needs to know the password itself.
        input.password ??= randomToken();
        input.requiresReset = true;
      }
      // Roles from the project's rbac_policy (the identity provider's grantable scopes follow them).
      const roles = body['roles'] === undefined ? [] : parseRoles(body['roles'], state.project.rbac_policy?.roles.map((role) => role.role_id) ?? null);
      const record = createUser(state, now(), input);
      record.user.roles = roles;
      return jsonResponse(record.user, 201);
    }),

    route('get', `${API}/sdk-events`, () =>
      jsonResponse(
        state.sdkEvents.map(({ event_name, details, telemetry, receivedAt }) => ({ event_name, details, telemetry, receivedAt })),
      ),
    ),

    // How many requests each SDK endpoint received (`{"POST /sessions/authenticate": 3}`); DELETE starts counting afresh.
    route('get', `${API}/sdk-requests`, () => jsonResponse(Object.fromEntries(state.sdkRequestCounts))),
    route('delete', `${API}/sdk-requests`, () => {
      state.sdkRequestCounts.clear();
      return emptyResponse();
    }),

    route('get', `${API}/faults`, () => jsonResponse(state.faults)),
    route('post', `${API}/faults`, async (request) => {
      const fault = parseFault(await readJson(request));
      state.faults.push(fault);
      return jsonResponse(fault, 201);
    }),
    route('delete', `${API}/faults`, () => {
      state.faults.length = 0;
      releaseHangs(state);
      return emptyResponse();
    }),

    route('get', `${API}/project`, () => jsonResponse(state.project)),
    route('put', `${API}/project`, async (request) => {
      state.project = mergeProjectSettings(state.project, await readJsonObject(request));
      return jsonResponse(state.project);
    }),

    // Connected apps, consents, trusted auth tokens, user roles (./idp-handlers).
    ...createIdpControlHandlers(ctx, API),
    // What posthog-js sent to the analytics sink, decoded (./posthog-handlers).
    ...createAnalyticsControlHandlers(ctx, API),

    route('post', `${API}/reset`, () => {
      clearState(state);
      return emptyResponse();
    }),
    route('post', `*${INBOX_RESET_PATH}`, () => {
      clearState(state);
      // Post/redirect/get: back to the inbox, whose reload then does not post again.
      return new Response(null, { status: 303, headers: { Location: INBOX_PATH, 'Cache-Control': 'no-store' } });
    }),

    route('get', `*${INBOX_STYLESHEET_PATH}`, () => new Response(INBOX_CSS, { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-store' } })),
    route('get', '*/__sandbox', inbox),
    route('get', '*/__sandbox/', inbox),

    // Last of the control API: an unknown path (or method) is a mistake in the caller, said loudly.
    route('all', `${API}/*`, (request) => {
      throw new SandboxError(404, 'sandbox_api_not_found', `The sandbox control API has no ${request.method} ${new URL(request.url).pathname}.`);
    }),
  ];
}
