// The sandbox's own API (not Stytch's): read the outbox, seed users, reset, and the inbox page.
// Tests and the developer use it over HTTP so the same steps work in Vitest and against `vite dev`.

import type { RequestHandler } from 'msw';
import { renderInboxPage } from './inbox-page';
import { INBOX_CSS, INBOX_STYLESHEET_PATH } from './inbox-style';
import { listMessages } from './outbox';
import { type SandboxContext, route } from './routing';
import { clearState } from './state';
import { assertValidEmail, assertValidPhone, createUser, normalizeEmail, parseName, type NewUser } from './users';
import { SandboxError, emptyResponse, htmlResponse, jsonResponse, optionalString, readJsonObject } from './wire';

const API = '*/__sandbox/api';

export function createControlHandlers(ctx: SandboxContext): RequestHandler[] {
  const { state, now } = ctx;
  const inbox = (): Response => htmlResponse(renderInboxPage(state, now()));

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
      if (email === undefined && phone === undefined) {
        throw new SandboxError(400, 'bad_request', 'A sandbox user needs an email or a phone.');
      }
      const input: NewUser = { emailVerified: true, name: parseName(body['name']) };
      if (email !== undefined) {
        input.email = normalizeEmail(email);
        assertValidEmail(input.email);
      }
      if (phone !== undefined) {
        assertValidPhone(phone);
        input.phone = phone;
      }
      if (password !== undefined) input.password = password;
      return jsonResponse(createUser(state, now(), input).user, 201);
    }),

    route('get', `${API}/sdk-events`, () =>
      jsonResponse(
        state.sdkEvents.map(({ event_name, details, receivedAt }) => ({ event_name, details, receivedAt })),
      ),
    ),

    route('post', `${API}/reset`, () => {
      clearState(state);
      return emptyResponse();
    }),

    route('get', `*${INBOX_STYLESHEET_PATH}`, () => new Response(INBOX_CSS, { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-store' } })),
    route('get', '*/__sandbox', inbox),
    route('get', '*/__sandbox/', inbox),
  ];
}
