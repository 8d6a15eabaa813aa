import {
  CLIENT_ERROR_CODES,
  authError,
  fail,
  ok,
  toProviderUrl,
  type AuthorizeParams,
  type AuthorizeStart,
  type IdentityProviderPort,
  type ScopeResult,
} from '@vestibule/core';
import type { StytchRuntime } from './stytch-client';

const SDK = '/sdk/v1';

// Bounds on the provider's text, generous for what a consent screen shows: Stytch caps a client
// name at a line and a description at a paragraph; an answer past these is not one to render.
const MAX_CLIENT_NAME = 200;
const MAX_DESCRIPTION = 2_000;
const MAX_SCOPE = 200;
const MAX_SCOPE_RESULTS = 100;

const invalidResponse = (cause: string) => fail<never>(authError(CLIENT_ERROR_CODES.invalidResponse, { cause }));

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (record: Readonly<Record<string, unknown>>, key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);

/** Optional provider text: absent, null or empty is null; a string within `max` is kept; anything else is malformed (undefined). */
function text(value: unknown, max: number): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/** The start answer in the port's terms, or why it cannot be used. */
function toAuthorizeStart(data: unknown): AuthorizeStart | string {
  if (!isRecord(data)) return 'the answer is not an object';
  const consentRequired = own(data, 'consent_required');
  if (typeof consentRequired !== 'boolean') return 'consent_required is not a boolean';
  const client = own(data, 'client');
  if (client !== undefined && client !== null && !isRecord(client)) return 'client is not an object';
  const clientName = isRecord(client) ? text(own(client, 'client_name'), MAX_CLIENT_NAME) : null;
  const clientDescription = isRecord(client) ? text(own(client, 'client_description'), MAX_DESCRIPTION) : null;
  if (clientName === undefined || clientDescription === undefined) return 'the client name or description is not bounded text';
  const results = own(data, 'scope_results');
  if (!Array.isArray(results) || results.length > MAX_SCOPE_RESULTS) return 'scope_results is not a list of scopes';
  const scopeResults: ScopeResult[] = [];
  for (const entry of results as readonly unknown[]) {
    if (!isRecord(entry)) return 'a scope result is not an object';
    const scope = own(entry, 'scope');
    const isGrantable = own(entry, 'is_grantable');
    const description = text(own(entry, 'description'), MAX_DESCRIPTION);
    if (typeof scope !== 'string' || scope === '' || scope.length > MAX_SCOPE || typeof isGrantable !== 'boolean' || description === undefined) return 'a scope result is malformed';
    scopeResults.push({ scope, isGrantable, description });
  }
  return { consentRequired, clientName, clientDescription, scopeResults };
}

/** The authorize request as Stytch's prebuilt consent screen sends it: every parameter of the query. */
function authorizeBody(params: AuthorizeParams) {
  return {
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    response_type: params.responseType,
    scopes: [...params.scopes],
    ...(params.state === undefined ? {} : { state: params.state }),
    ...(params.nonce === undefined ? {} : { nonce: params.nonce }),
    ...(params.codeChallenge === undefined ? {} : { code_challenge: params.codeChallenge }),
    ...(params.codeChallengeMethod === undefined ? {} : { code_challenge_method: params.codeChallengeMethod }),
    ...(params.prompt === undefined ? {} : { prompt: params.prompt }),
  };
}

/**
 * The identity-provider front end on the Stytch SDK (Connected Apps): `idp.oauthAuthorizeStart`
 * and `oauthAuthorizeSubmit`, `idp.oauthLogoutStart`, and `session.attest` (which the SDK stores
 * as its session, as any sign-in).
 *
 * Failures, beyond the runtime's mapping (network, 429, 5xx, malformed JSON, abort):
 * - an answer the port cannot use → `invalid_response`: a start without a boolean
 *   `consent_required` or with malformed `scope_results`, a client name or description that is not
 *   text within its bound, a redirect `toProviderUrl` refuses (another scheme, credentials in it,
 *   http off this machine, too long), a logout without one, an attestation without a user and
 *   session;
 * - the provider's error types through `mapStytchError`, with its message:
 *   `user_unauthenticated`/`unauthorized_credentials` (401, no session: the SDK forgets its own;
 *   codes of their own), and as `provider_error`:
 *   `invalid_client_id`, `connected_app_invalid_redirect_url`, `oauth_invalid_scope_requested`,
 *   `pkce_required_for_idp_authorization_flow`, `invalid_pkce_code_challenge` (400),
 *   `trusted_token_profile_not_found` (404), `invalid_trusted_auth_token` (401).
 *
 * A submit's `redirect_uri` is where the browser goes next (with the code, or the OAuth error):
 * the port hands it on only as a {@link toProviderUrl}, never the query's own.
 */
export function createStytchIdentityProviderAdapter(runtime: StytchRuntime): IdentityProviderPort {
  return {
    authorizeStart: async (params, options) => {
      const result = await runtime.call(`${SDK}/idp/oauth/authorize/start`, options, async (stytch): Promise<unknown> => {
        // The SDK's type names the OAuth parameters only; Stytch's own screen sends them all.
        const body: Parameters<typeof stytch.idp.oauthAuthorizeStart>[0] = authorizeBody(params);
        return stytch.idp.oauthAuthorizeStart(body);
      });
      if (!result.ok) return result;
      const start = toAuthorizeStart(result.value);
      return typeof start === 'string' ? invalidResponse(`the provider's authorize start is unusable: ${start}`) : ok(start);
    },

    authorizeSubmit: async (params, consentGranted, options) => {
      const result = await runtime.call(`${SDK}/idp/oauth/authorize/submit`, options, async (stytch): Promise<unknown> => {
        const response = await stytch.idp.oauthAuthorizeSubmit({ ...authorizeBody(params), consent_granted: consentGranted });
        return response.redirect_uri;
      });
      if (!result.ok) return result;
      const raw = result.value;
      if (raw === undefined || raw === null || raw === '') return ok({ redirectUri: null });
      const redirectUri = toProviderUrl(raw);
      return redirectUri === null ? invalidResponse('the provider answered a redirect the browser may not follow') : ok({ redirectUri });
    },

    logoutStart: async (params, options) => {
      const result = await runtime.call(`${SDK}/oauth/logout/start`, options, async (stytch): Promise<unknown> =>
        stytch.idp.oauthLogoutStart({
          client_id: params.clientId,
          post_logout_redirect_uri: params.postLogoutRedirectUri,
          ...(params.state === undefined ? {} : { state: params.state }),
          ...(params.idTokenHint === undefined ? {} : { id_token_hint: params.idTokenHint }),
        }),
      );
      if (!result.ok) return result;
      const data = result.value;
      const consentRequired = isRecord(data) ? own(data, 'consent_required') : undefined;
      const redirectUri = isRecord(data) ? toProviderUrl(own(data, 'redirect_uri')) : null;
      if (typeof consentRequired !== 'boolean' || redirectUri === null) return invalidResponse('the provider answered a logout without a usable redirect and consent_required');
      return ok({ consentRequired, redirectUri });
    },

    attestSession: async (request, options) => {
      const result = await runtime.call(`${SDK}/sessions/attest`, options, async (stytch) => {
        const response = await stytch.session.attest({ profile_id: request.profileId, token: request.token, session_duration_minutes: request.sessionDurationMinutes });
        return runtime.sessionReader.read(response.user, response.session);
      });
      if (!result.ok) return result;
      return result.value === null ? invalidResponse('the provider answered an attestation without a user and session') : ok(result.value);
    },
  };
}
