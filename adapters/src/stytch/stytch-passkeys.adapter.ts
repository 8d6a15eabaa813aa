import {
  CLIENT_ERROR_CODES,
  authError,
  fail,
  ok,
  type CallOptions,
  type PasskeyRegistration,
  type PasskeysPort,
  type ProviderSession,
  type Result,
} from '@vestibule/core';
import type { StytchClient } from '@stytch/vanilla-js/headless';
import type { StytchRuntime } from './stytch-client';
import { hasCredentialsApi, signalUnknownCredential, watchCeremony, type CeremonyKind, type CeremonyWatch, type CredentialsHost, type SignalHost } from './webauthn-ceremony';

const SDK = '/sdk/v1';

/** Marks an answer the port cannot use; turned into `invalid_response` after the call. */
const INVALID = Symbol('invalid response');
const invalidResponse = (cause: string) => fail<never>(authError(CLIENT_ERROR_CODES.invalidResponse, { cause }));

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the browser offers the adapter: `navigator.credentials` and `PublicKeyCredential` (the page's by default). */
export type PasskeyBrowser = CredentialsHost & SignalHost;

/** The wire paths of one ceremony: the start request (which may depend on the SDK's state), and the finish request after the browser. */
interface CeremonyPaths {
  readonly start: (stytch: StytchClient) => string;
  readonly finish: string;
}

/** What the adapter learnt of the browser's part of a ceremony, for what it does after. */
type CeremonySeen = Pick<CeremonyWatch, 'credentialId' | 'rpId'>;

/** `user.webauthn_registrations` (users/me, or an answer's user) as the port's rows; `INVALID` if malformed. */
function registrationsOf(user: unknown): readonly PasskeyRegistration[] | typeof INVALID {
  const entries = isRecord(user) ? user['webauthn_registrations'] : undefined;
  if (!Array.isArray(entries)) return INVALID;
  const rows: PasskeyRegistration[] = [];
  for (const entry of entries as readonly unknown[]) {
    const id = isRecord(entry) ? entry['webauthn_registration_id'] : undefined;
    const name = isRecord(entry) ? entry['name'] : undefined;
    if (typeof id !== 'string' || id === '' || typeof name !== 'string') return INVALID;
    // Names are the visitor's text, markup and direction controls included: kept as sent.
    rows.push({ id, name });
  }
  return rows;
}

/**
 * Runs one SDK ceremony (a start request, the browser, a finish request) as a port call. The
 * runtime reads a failure's status and `Retry-After` for one wire path, so the call is split in
 * two: an inner call for the start path, around the SDK method, and an outer one for the finish
 * path. A failure once the browser answered a credential is the finish's, and is rethrown for
 * the outer call to map; the browser's own refusal or empty answer is the port's error at once.
 */
async function ceremonyCall<T>(
  runtime: StytchRuntime,
  kind: CeremonyKind,
  paths: CeremonyPaths,
  options: CallOptions | undefined,
  browser: PasskeyBrowser,
  run: (stytch: StytchClient, signal: AbortSignal) => Promise<Result<T>>,
  after?: (result: Result<T>, seen: CeremonySeen) => void,
): Promise<Result<T>> {
  if (!hasCredentialsApi(kind, browser)) {
    return fail(authError(CLIENT_ERROR_CODES.unexpected, { cause: `this browser has no navigator.credentials.${kind} (WebAuthn)` }));
  }
  // A real AbortSignal for the browser (the port's signal is only AbortSignal-like), aborted with it.
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  options?.signal?.addEventListener('abort', onAbort, { once: true });
  if (options?.signal?.aborted === true) controller.abort();
  const watch = watchCeremony(kind, controller.signal, browser);
  try {
    const outer = await runtime.call(paths.finish, options, async (stytch): Promise<Result<T>> => {
      let thrown: unknown;
      const inner = await runtime.call(paths.start(stytch), undefined, (client) =>
        run(client, controller.signal).catch((error: unknown) => {
          thrown = error;
          throw error;
        }),
      );
      if (inner.ok) return inner.value;
      const refused = watch.failure();
      if (refused !== undefined) return fail(refused);
      if (watch.answered) throw thrown;
      return inner;
    });
    const result = outer.ok ? outer.value : outer;
    after?.(result, watch);
    return result;
  } finally {
    options?.signal?.removeEventListener('abort', onAbort);
    watch.end();
  }
}

/**
 * Passkeys on the Stytch SDK: `webauthn.authenticate` and `webauthn.register` (always as passkeys,
 * `is_passkey`), `user.get()`'s `webauthn_registrations` for the list, `webauthn.update` to rename
 * and `user.deleteWebauthnRegistration` to remove.
 *
 * Failures, beyond the runtime's mapping (network, 429, 5xx, malformed JSON, abort):
 * - the browser's `NotAllowedError`/`AbortError` → `passkey_cancelled`; its `InvalidStateError`
 *   on a create (the authenticator already holds one of the user's credentials) →
 *   `duplicate_webauthn_registration`; any other refusal → `unexpected`;
 * - no credential from the browser, or an answer without a session or registration id →
 *   `invalid_response`;
 * - a conditional (autofill) sign-in where the browser offers no autofill (the SDK answers
 *   `null`) → `unexpected`: the caller asks `PasskeySupportPort.browserSupportsAutofill` first;
 * - the provider's error types through `mapStytchError` (`webauthn_registration_not_found`,
 *   `duplicate_webauthn_registration`; others `provider_error` with the provider's message).
 *
 * When a sign-in without a session answers `webauthn_registration_not_found`, the browser is told
 * the credential it used is unknown (WebAuthn Signal API, where it has it), so it leaves autofill.
 *
 * @param browser Where `navigator.credentials` and `PublicKeyCredential` are (tests pass stubs;
 *   the SDK itself always uses the page's `navigator.credentials`).
 */
export function createStytchPasskeysAdapter(runtime: StytchRuntime, browser: PasskeyBrowser = globalThis): PasskeysPort {
  return {
    authenticate: (request, options) => {
      let primary = false;
      return ceremonyCall<ProviderSession>(
        runtime,
        'get',
        {
          // The SDK starts a secondary authentication when it holds a session, a primary one otherwise.
          start: (stytch) => {
            primary = stytch.session.getSync() === null;
            return `${SDK}/webauthn/authenticate/start/${primary ? 'primary' : 'secondary'}`;
          },
          finish: `${SDK}/webauthn/authenticate`,
        },
        options,
        browser,
        async (stytch, signal) => {
          const response = await stytch.webauthn.authenticate({
            session_duration_minutes: request.sessionDurationMinutes,
            is_passkey: true,
            conditional_mediation: request.conditionalMediation,
            signal,
            // The port knows no DOM: the e-mail field's `autocomplete="username webauthn"` is the
            // slot host's rule (tested there). The SDK's own query would race the field's first
            // render; without such a field the browser's request simply waits until aborted.
            disable_input_check: true,
          });
          // null: the browser offers no autofill (conditional mediation), so nothing was asked.
          if (response === null) return fail(authError(CLIENT_ERROR_CODES.unexpected, { cause: 'This browser offers no passkey autofill (WebAuthn conditional mediation).' }));
          const session = runtime.sessionReader.read(response.user, response.session);
          return session === null ? invalidResponse('the provider answered a passkey sign-in without a user and session') : ok(session);
        },
        (result, seen) => {
          // Only a sign-in without a session: a secondary one answers "not found" for another
          // user's credential too, which the browser must not be told to forget.
          if (result.ok || result.error.code !== 'webauthn_registration_not_found' || !primary) return;
          // The SDK's domain is the page's host unless the request named another rp id.
          const rpId = seen.rpId ?? globalThis.location?.hostname;
          if (seen.credentialId !== undefined && rpId !== undefined && rpId !== '') signalUnknownCredential(rpId, seen.credentialId, browser);
        },
      );
    },

    register: (request, options) =>
      ceremonyCall<PasskeyRegistration>(
        runtime,
        'create',
        { start: () => `${SDK}/webauthn/register/start`, finish: `${SDK}/webauthn/register` },
        options,
        browser,
        async (stytch) => {
          const response = await stytch.webauthn.register({ session_duration_minutes: request.sessionDurationMinutes, is_passkey: true });
          const id: unknown = response.webauthn_registration_id;
          if (typeof id !== 'string' || id === '') return invalidResponse('the provider answered a passkey registration without its id');
          // The answer's user lists the new registration with the name the provider gave it; an
          // answer that does not is still a registration (the list shows it).
          const rows = registrationsOf(response.user);
          const name = rows === INVALID ? '' : (rows.find((row) => row.id === id)?.name ?? '');
          return ok({ id, name });
        },
      ),

    list: async (options) => {
      const result = await runtime.call(`${SDK}/users/me`, options, async (stytch) => registrationsOf(await stytch.user.get()));
      if (!result.ok) return result;
      return result.value === INVALID ? invalidResponse('the provider answered users/me without a list of WebAuthn registrations') : ok(result.value);
    },

    // The SDK puts the id into the path as it is; so does the path the runtime reads answers for.
    rename: (id, name, options) =>
      runtime.call(`${SDK}/webauthn/update/${id}`, options, async (stytch) => {
        await stytch.webauthn.update({ webauthn_registration_id: id, name });
      }),

    remove: (id, options) =>
      runtime.call(`${SDK}/users/webauthn_registrations/${id}`, options, async (stytch) => {
        await stytch.user.deleteWebauthnRegistration(id);
      }),
  };
}
