// Stytch's Google One Tap endpoints, as its clientside services call them (not under /sdk/v1):
//   GET  {base}/v1/public/oauth/google/onetap/start?public_token=…
//        → {request_id, status_code, google_client_id, oauth_callback_id}
//   POST {base}/v1/oauth/callback/{oauth_callback_id}   (x-stytch-oauth-type: google-one-tap)
//        {id_token, stytch_csrf_token, login_redirect_url, signup_redirect_url}
//        → {status_code: 200, request_id, redirect_url}
// Answers are top-level JSON (no `data` envelope); errors are Stytch-shaped. The ID token comes
// from the Google Identity Services emulator (./gsi-emulator), the redirect URL carries an OAuth
// token that POST /sdk/v1/oauth/authenticate redeems (./oauth-tokens).

import type { PathParams, RequestHandler } from 'msw';
import { applyFault } from './faults';
import type { JsonObject } from './model';
import { issueOAuthToken, withOAuthToken } from './oauth-tokens';
import { type OneTapError, type RedirectUrlType, assertAuthorizedCaller, callerOrigin, defaultRedirectUrl, isRegisteredRedirectUrl } from './project';
import { type SandboxContext, route } from './routing';
import { findUserByEmail } from './users';
import { SandboxError, jsonResponse, newId, optionalString, readJsonObject } from './wire';

/** Relative to the Stytch mount: these are also the paths faults name. */
export const ONE_TAP_START_PATH = '/v1/public/oauth/google/onetap/start';
export const ONE_TAP_CALLBACK_PATH = '/v1/oauth/callback';
export const ONE_TAP_OAUTH_TYPE = 'google-one-tap';

const MOUNT = '*/__sandbox/stytch';

/** The `one_tap_error` values Stytch itself answers (the others are Google's prompt refusing to show). */
type StartErrorType = Exclude<OneTapError, 'origin_not_allowed_for_client' | 'invalid_client'>;

/** The start errors Stytch answers for a project whose One Tap setup is incomplete. */
const START_ERRORS: Readonly<Record<StartErrorType, { status: number; message: string }>> = {
  oauth_config_not_found: {
    status: 404,
    message: 'Google OAuth is not configured for this project: add a Google client id and secret in the dashboard.',
  },
  no_login_redirect_urls_set: { status: 400, message: 'This project has no login redirect URL. Add one in the dashboard.' },
  no_signup_redirect_urls_set: { status: 400, message: 'This project has no signup redirect URL. Add one in the dashboard.' },
  default_provider_not_allowed: {
    status: 400,
    message: "Stytch's default Google credentials cannot be used with One Tap: configure your own Google OAuth client.",
  },
};

function isStartError(value: OneTapError): value is StartErrorType {
  return Object.hasOwn(START_ERRORS, value);
}

function startError(type: StartErrorType, note = ''): SandboxError {
  const { status, message } = START_ERRORS[type];
  return new SandboxError(status, type, `${message}${note}`);
}


export function createOneTapHandlers(ctx: SandboxContext): RequestHandler[] {
  const { state, now } = ctx;

  /**
   * These paths come before the SDK handlers' fault guard and catch-all (see index.ts), so each
   * applies faults itself, then the project-wide SDK rules: the page's domain and the oauth product.
   */
  const oneTapRoute = (method: 'get' | 'post', path: string, resolver: (request: Request, params: PathParams) => Promise<Response> | Response) =>
    route(method, `${MOUNT}${path}`, async (request, params) => {
      const faulty = await applyFault(state, request);
      if (faulty) return faulty;
      assertAuthorizedCaller(state.project, request);
      if (!state.project.sdk_products.oauth) {
        throw new SandboxError(
          403,
          'endpoint_not_authorized_for_sdk',
          'oauth is not enabled in this project\'s SDK configuration. Enable it with PUT /__sandbox/api/project (sdk_products.oauth).',
        );
      }
      return resolver(request, params);
    });

  /** The URL to send the visitor to, of `type`: the one asked for (registered), else the project's default. */
  function redirectUrl(request: Request, body: JsonObject, type: Extract<RedirectUrlType, 'login' | 'signup'>): URL {
    const key = `${type}_redirect_url`;
    const raw = optionalString(body, key);
    if (raw === undefined || raw === '') {
      const fallback = defaultRedirectUrl(state.project, type, callerOrigin(request));
      if (!fallback) {
        throw new SandboxError(400, `no_${type}_redirect_urls_set`, `Send ${key}: this project has no default ${type} redirect URL.`);
      }
      return fallback;
    }
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !isRegisteredRedirectUrl(state.project, type, url)) {
      throw new SandboxError(
        400,
        'no_match_for_provided_oauth_url',
        `The ${key} does not match any ${type} redirect URL registered for this project. Register it with PUT /__sandbox/api/project (redirect_urls.${type}).`,
      );
    }
    return url;
  }

  const callbackError = (message: string): SandboxError => new SandboxError(400, 'oauth_flow_callback_error', message);

  return [
    oneTapRoute('get', ONE_TAP_START_PATH, (request) => {
      const publicToken = new URL(request.url).searchParams.get('public_token') ?? '';
      if (!publicToken.startsWith(ctx.publicTokenPrefix)) {
        throw new SandboxError(401, 'public_token_not_found', `The sandbox only accepts public tokens starting with "${ctx.publicTokenPrefix}".`);
      }
      const scripted = state.project.one_tap_error;
      if (scripted !== null && isStartError(scripted)) throw startError(scripted, ' (Sandbox: set by one_tap_error in the project settings.)');
      // As Stytch: One Tap needs somewhere to send both kinds of visitor.
      if (state.project.redirect_urls.login.length === 0) throw startError('no_login_redirect_urls_set');
      if (state.project.redirect_urls.signup.length === 0) throw startError('no_signup_redirect_urls_set');
      const callbackId = `oauth-callback-test-${crypto.randomUUID()}`;
      state.oneTapCallbacks.set(callbackId, { callbackId, createdAt: now(), usedAt: null });
      return jsonResponse({
        request_id: newId('request-id'),
        status_code: 200,
        google_client_id: state.project.google_client_id,
        oauth_callback_id: callbackId,
      });
    }),

    oneTapRoute('post', `${ONE_TAP_CALLBACK_PATH}/:callbackId`, async (request, params) => {
      if (request.headers.get('x-stytch-oauth-type') !== ONE_TAP_OAUTH_TYPE) {
        throw new SandboxError(400, 'bad_request', `One Tap callbacks carry the header x-stytch-oauth-type: ${ONE_TAP_OAUTH_TYPE}.`);
      }
      const body = await readJsonObject(request);
      const idToken = optionalString(body, 'id_token');
      // Accepted, not compared: the middleware already refuses other origins, and a client
      // cannot always read Stytch's CSRF cookie.
      optionalString(body, 'stytch_csrf_token');
      // Validate everything before using anything up, so a rejected request can be corrected.
      const login = redirectUrl(request, body, 'login');
      const signup = redirectUrl(request, body, 'signup');

      const callbackId = typeof params['callbackId'] === 'string' ? params['callbackId'] : '';
      const callback = state.oneTapCallbacks.get(callbackId);
      if (!callback || callback.usedAt !== null) {
        throw callbackError('The One Tap callback id is unknown or was already used: start One Tap again.');
      }
      const issued = idToken === undefined ? undefined : state.googleIdTokens.get(idToken);
      if (!issued || issued.usedAt !== null) {
        throw callbackError("The Google ID token is unknown or was already used: it must come from Google's One Tap prompt.");
      }
      if (issued.clientId !== state.project.google_client_id) {
        throw callbackError("The Google ID token was issued for another client id than this project's.");
      }

      const at = now();
      callback.usedAt = at;
      issued.usedAt = at;
      // New and pending users sign up, as with magic links.
      const found = findUserByEmail(state, issued.email);
      const existing = found !== null && found.record.user.status !== 'pending';
      const token = issueOAuthToken(state, at, { provider: 'google', email: issued.email, outcome: 'granted', via: 'one_tap', codeChallenge: null });
      return jsonResponse({ status_code: 200, request_id: newId('request-id'), redirect_url: withOAuthToken(existing ? login : signup, token) });
    }),
  ];
}
