import {
  CLIENT_ERROR_CODES,
  authError,
  fail,
  ok,
  providerError,
  type AuthError,
  type CallOptions,
  type OAuthAuthentication,
  type OAuthPort,
  type OAuthStartRequest,
  type Result,
} from '@vestibule/core';
import type { StytchClient } from '@stytch/vanilla-js/headless';
import { abortedCall, raceAbort, type StytchRuntime } from './stytch-client';
import { parseRetryAfter, type FetchHost } from './retry-after-observer';

type AuthenticateResponse = Awaited<ReturnType<StytchClient['oauth']['authenticate']>>;
type JsonFields = Readonly<Record<string, unknown>>;

/**
 * Where @stytch/vanilla-js 6.x keeps the OAuth PKCE pair: its `PKCEManager` with namespace
 * `oauth` (key `PKCE_VERIFIER:oauth`) in localStorage bound to the public token
 * (`stytch_sdk_state_<token>::<key>`, web/src/utils/storage.mjs).
 */
export function oauthPkceStorageKey(publicToken: string): string {
  return `stytch_sdk_state_${publicToken}::PKCE_VERIFIER:oauth`;
}

/** The cookie Stytch's One Tap callback checks its CSRF token against. */
const CSRF_COOKIE = 'stytch_csrf_private_token';

/** Marks an answer the core cannot use; turned into `invalid_response` after the call. */
const INVALID = Symbol('invalid response');
const invalidResponse = (cause: string) => authError(CLIENT_ERROR_CODES.invalidResponse, { cause });

const isFields = (value: unknown): value is JsonFields => typeof value === 'object' && value !== null && !Array.isArray(value);

function readCookie(name: string): string {
  if (typeof document === 'undefined') return '';
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return '';
}

/** A provider error from a failed answer's JSON, else by status (as the project-settings adapter does). */
function errorOf(status: number, headers: Headers, body: unknown): AuthError {
  const retryAfterMs = parseRetryAfter(headers.get('retry-after'), Date.now());
  const details = { status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  if (isFields(body) && typeof body['error_type'] === 'string') {
    const message = body['error_message'];
    return providerError(body['error_type'], { ...details, ...(typeof message === 'string' ? { serverMessage: message } : {}) });
  }
  return providerError(status === 429 ? 'too_many_requests' : 'server_error', details);
}

/**
 * One request to Stytch's public (non-SDK) API, which the SDK only reaches through its iframe:
 * answers its fields (Stytch's public endpoints answer unwrapped; a `data` envelope is unwrapped
 * too), and never throws. Aborting `options.signal` aborts the request.
 */
async function publicCall(host: FetchHost, url: string, init: RequestInit, options: CallOptions | undefined): Promise<Result<JsonFields>> {
  const signal = options?.signal;
  if (signal?.aborted === true) return fail(abortedCall());
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const attempt = (async (): Promise<Result<JsonFields>> => {
    try {
      const response = await host.fetch(url, { ...init, credentials: 'include', signal: controller.signal });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // judged below: an error page is judged by its status, a success must be JSON
      }
      if (!response.ok) return fail(errorOf(response.status, response.headers, body));
      if (!isFields(body)) return fail(invalidResponse('the provider answered without a JSON object'));
      return ok(isFields(body['data']) ? body['data'] : body);
    } catch (cause) {
      return fail(controller.signal.aborted ? abortedCall() : authError(CLIENT_ERROR_CODES.networkUnreachable, { cause }));
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  })();
  return raceAbort(attempt, signal);
}

/** The SDK's OAuth client's navigation seam (@stytch/vanilla-js 6.x: "Public so it can be mocked in tests"; not in its types). */
interface NavigatingClient {
  navigate(url: URL): void;
}

function startOptions(request: OAuthStartRequest) {
  return {
    login_redirect_url: request.loginRedirectUrl,
    signup_redirect_url: request.signupRedirectUrl,
    ...(request.customScopes === undefined ? {} : { custom_scopes: [...request.customScopes] }),
    ...(request.providerParams === undefined ? {} : { provider_params: { ...request.providerParams } }),
  };
}

/**
 * Asks the start URL before the page goes there (issue 16 §11): a top-level navigation to an
 * error answer (a 500's or 429's JSON, a body cut short) is a page of raw JSON the app cannot
 * leave, while a failed call keeps the visitor on the form with a message. A redirect (to the
 * provider) or an HTML page (the sandbox's provider page) passes; so does an answer the page may
 * not read (a network failure, or a cross-origin start without CORS): that is the navigation's
 * to find out, as before this check.
 */
async function checkStart(host: FetchHost, url: URL, options: CallOptions | undefined): Promise<Result<void>> {
  const signal = options?.signal;
  if (signal?.aborted === true) return fail(abortedCall());
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  try {
    // No credentials: the start needs none, and a CORS answer without them may use `*`.
    response = await host.fetch(url.toString(), { method: 'GET', redirect: 'manual', credentials: 'omit', cache: 'no-store', signal: controller.signal });
  } catch {
    return controller.signal.aborted ? fail(abortedCall()) : ok(undefined);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return ok(undefined);
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // judged by its status
    }
    return fail(errorOf(response.status, response.headers, body));
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'text/html' ? ok(undefined) : fail(invalidResponse('the OAuth start answered without a page or a redirect'));
}

/**
 * OAuth on the Stytch SDK: `oauth.<provider>.start` (which leaves the page, after storing its
 * PKCE pair) and `oauth.authenticate`. Forgetting the pair and Google One Tap's two public
 * endpoints work without loading the SDK.
 */
export function createStytchOAuthAdapter(runtime: Pick<StytchRuntime, 'apiBaseUrl' | 'publicToken' | 'call' | 'sessionReader'>, host: FetchHost = globalThis): OAuthPort {
  return {
    start: async (request, options) => {
      const result = await runtime.call(`/v1/public/oauth/${request.provider}/start`, options, async (stytch) => {
        const provider = stytch.oauth[request.provider] as Partial<StytchClient['oauth']['google']> | undefined;
        // A provider this SDK version lacks is our bug, not a network failure.
        if (typeof provider?.start !== 'function') throw new Error(`This @stytch/vanilla-js version cannot start ${request.provider}.`);
        const sdk = stytch.oauth as unknown as NavigatingClient;
        const navigate = sdk.navigate;
        // Without the SDK's navigation seam (another SDK version) it leaves unchecked, as it always did.
        if (typeof navigate !== 'function') {
          await provider.start(startOptions(request));
          return ok(undefined);
        }
        // The SDK builds the start URL (and its PKCE pair), then hands it to `navigate`: held back
        // here until the start has been checked, so an error answer is never the page shown.
        let startUrl: URL | null = null;
        const own = Object.hasOwn(sdk, 'navigate');
        sdk.navigate = (url) => {
          startUrl = new URL(url);
        };
        try {
          await provider.start(startOptions(request));
        } finally {
          // An own seam (a test's stub) is put back; otherwise the prototype's shows through again.
          if (own) sdk.navigate = navigate;
          else delete (sdk as Partial<NavigatingClient>).navigate;
        }
        if (startUrl === null) return ok(undefined);
        const checked = await checkStart(host, startUrl, options);
        // A caller that gave up meanwhile (its timeout is on the form) must not be taken away after all.
        if (checked.ok && options?.signal?.aborted !== true) navigate.call(sdk, startUrl);
        return checked;
      });
      if (!result.ok) return fail(result.error);
      return result.value.ok ? ok(undefined) : fail(result.value.error);
    },

    authenticate: async (token, sessionDurationMinutes, options) => {
      const result = await runtime.call('/sdk/v1/oauth/authenticate', options, async (stytch): Promise<OAuthAuthentication | typeof INVALID> => {
        const response: AuthenticateResponse = await stytch.oauth.authenticate(token, { session_duration_minutes: sessionDurationMinutes });
        const session = runtime.sessionReader.read(response.user, response.session);
        const provider: unknown = response.provider_type;
        return session === null || typeof provider !== 'string' || provider === '' ? INVALID : { session, provider };
      });
      if (!result.ok) return result;
      return result.value === INVALID ? fail(invalidResponse('the provider answered an OAuth sign-in without a session or provider')) : ok(result.value);
    },

    abandon: () => {
      try {
        globalThis.localStorage?.removeItem(oauthPkceStorageKey(runtime.publicToken));
      } catch {
        // Blocked storage holds no pair to forget.
      }
    },

    oneTapSettings: async (options) => {
      const url = `${runtime.apiBaseUrl}/v1/public/oauth/google/onetap/start?public_token=${encodeURIComponent(runtime.publicToken)}`;
      const result = await publicCall(host, url, { method: 'GET' }, options);
      if (!result.ok) return result;
      const clientId = result.value['google_client_id'];
      const callbackId = result.value['oauth_callback_id'];
      if (typeof clientId !== 'string' || typeof callbackId !== 'string') return fail(invalidResponse('One Tap start answered without its ids'));
      // What the SDK's OneTapProvider reports for a project without a Google client id.
      if (clientId === '') return fail(providerError('oauth_config_not_found'));
      if (callbackId === '') return fail(invalidResponse('One Tap start answered without a callback id'));
      return ok({ googleClientId: clientId, callbackId });
    },

    oneTapSubmit: async (request, options) => {
      const url = `${runtime.apiBaseUrl}/v1/oauth/callback/${encodeURIComponent(request.callbackId)}`;
      const init: RequestInit = {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Stytch-OAuth-Type': 'google-one-tap' },
        body: JSON.stringify({
          id_token: request.credential,
          stytch_csrf_token: readCookie(CSRF_COOKIE),
          login_redirect_url: request.loginRedirectUrl,
          signup_redirect_url: request.signupRedirectUrl,
        }),
      };
      const result = await publicCall(host, url, init, options);
      if (!result.ok) return result;
      const { status_code: status, redirect_url: redirectUrl, error_type: errorType } = result.value;
      if (status !== 200) {
        if (typeof errorType === 'string') return fail(errorOf(typeof status === 'number' ? status : 400, new Headers(), result.value));
        return fail(invalidResponse('One Tap callback answered without success'));
      }
      if (typeof redirectUrl !== 'string' || redirectUrl === '') return fail(invalidResponse('One Tap callback answered without a redirect URL'));
      return ok({ redirectUrl });
    },
  };
}
