// The identity provider (Stytch Connected Apps) as @stytch/vanilla-js 6.3.0 drives it, and the
// OAuth server and relying party around it (research/stytch-sdk.md §4 `idp.*`, `session.attest`;
// its sandbox guidance item 15). The rules are in ./idp; this file is the wire.
//
// SDK API (registered by ./sdk-handlers, behind its fault injection and its domain checks):
// - POST /sdk/v1/idp/oauth/authorize/start   the consent screen's preflight (signed-in users only);
// - POST /sdk/v1/idp/oauth/authorize/submit  the decision: a redirect with `code` and `state`, or
//                                            `error=access_denied`;
// - POST /sdk/v1/oauth/logout/start          where to go after logout, and whether to ask first;
// - POST /sdk/v1/sessions/attest             a session from a trusted auth token.
// OAuth server (the Stytch mount, as Stytch serves `/v1/oauth2/token`):
// - POST /v1/oauth2/token                    authorization code grant, PKCE, RFC 6749 errors;
// - GET  /.well-known/openid-configuration and /.well-known/jwks.json (RS256 key of this sandbox).
// Relying party (./relying-party-page): GET /__sandbox/relying-party/ and …/callback.
// Control API (registered by ./control-handlers): connected apps, consents, trusted tokens, roles.
//
// Status codes and error types, and why: docs/decisions.md ("The sandbox's identity provider").

import { SignJWT, compactVerify, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { RequestHandler } from 'msw';
import * as oauth from 'oauth4webapi';
import {
  type ConnectedApp,
  DEMO_CLIENT_ID,
  OIDC_SCOPES,
  RELYING_PARTY_CALLBACK_PATH,
  RELYING_PARTY_PATH,
  effectiveRoles,
  grantKey,
  isConsentRequired,
  isGrantable,
  isPublicClient,
  isRegisteredUri,
  parseConnectedApp,
  parsePrompt,
  scopeDescription,
  withParams,
} from './idp';
import type { JsonObject, StytchTrustedAuthTokenFactor } from './model';
import { providerPageResponse } from './oauth-provider-page';
import type { SdkCaller } from './password-handlers';
import { renderRelyingPartyResult, renderRelyingPartyStart } from './relying-party-page';
import { type SandboxContext, route } from './routing';
import { assertSessionDuration, findLiveSession, requireLiveSession, signIn } from './sessions';
import type { AuthorizationCodeRecord, UserRecord } from './state';
import { createUser, findUserByEmail, validEmail } from './users';
import {
  SandboxError,
  base64UrlEncode,
  dataResponse,
  emptyResponse,
  isJsonObject,
  jsonResponse,
  optionalNumber,
  optionalString,
  randomToken,
  readJsonObject,
  toIso,
} from './wire';

/** RFC 6749 §4.1.2 recommends at most 10 minutes. */
export const AUTHORIZATION_CODE_MINUTES = 10;
/** Access and ID tokens' lifetime (`expires_in`). */
const TOKEN_MINUTES = 60;
/** How long a minted trusted auth token works by default, and at most. */
const TRUSTED_TOKEN_MINUTES = 10;
const MAX_TRUSTED_TOKEN_MINUTES = 1_440;
/** The one trusted auth token profile the sandbox has. */
export const TRUSTED_TOKEN_PROFILE_ID = 'trusted-token-profile-test-sandbox';
/** The audience of access tokens (the project), as the session JWTs of ./sessions name it. */
const PROJECT_ID = 'project-test-sandbox';
/** A relying-party round trip must come back within this. */
const RELYING_PARTY_MINUTES = 10;
/** Older round trips are dropped beyond this many, so reloading the page never grows state without bound. */
const MAX_RELYING_PARTY_STATES = 100;
const MAX_PARAM = 2_048;
const MAX_SCOPES = 50;
/** RFC 7636 §4.2: base64url of a SHA-256 digest is 43 characters; allow the verifier's range. */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43,128}$/;
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const ROLE_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

export interface IdpPaths {
  /** The SDK API pattern (`*\/__sandbox/stytch/sdk/v1`). */
  sdk: string;
  /** The Stytch mount as a path (`/__sandbox/stytch`): the issuer is the serving origin plus this. */
  mountPath: string;
}

/** An authorize request as the SDK sends it, checked against the registry. */
interface AuthorizeRequest {
  app: ConnectedApp;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  nonce: string | undefined;
  codeChallenge: string | undefined;
  prompt: string[];
}

/** An RFC 6749 §5.2 token endpoint error (not Stytch's shape: OAuth clients read this one). */
class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

function boundedParam(body: JsonObject, key: string): string | undefined {
  const value = optionalString(body, key);
  if (value !== undefined && value.length > MAX_PARAM) throw new SandboxError(400, 'bad_request', `${key} must be at most ${MAX_PARAM} characters.`);
  return value;
}

function requiredParam(body: JsonObject, key: string): string {
  const value = boundedParam(body, key);
  if (value === undefined || value === '') throw new SandboxError(400, 'bad_request', `${key} is required.`);
  return value;
}

/** RFC 6749 §2.3.1: Basic with the form-urlencoded client id and secret; null if garbled. */
function basicCredentials(header: string): { id: string; secret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (match?.[1] === undefined) return null;
  try {
    const decoded = atob(match[1]);
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const decode = (text: string): string => decodeURIComponent(text.replace(/\+/g, ' '));
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

async function s256(verifier: string): Promise<string> {
  return base64UrlEncode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

function unknownClient(): SandboxError {
  return new SandboxError(400, 'invalid_client_id', 'No connected app has this client_id.');
}

function unregisteredUri(key: string): SandboxError {
  return new SandboxError(400, 'connected_app_invalid_redirect_url', `The ${key} is not one of the URLs registered for this connected app (compared exactly).`);
}

export function createIdpHandlers(ctx: SandboxContext, paths: IdpPaths, caller: SdkCaller): RequestHandler[] {
  const { state, now } = ctx;
  const { sdk, mountPath } = paths;
  const mount = `*${mountPath}`;

  // One RS256 key per sandbox, made on first use (RSA key generation takes a moment).
  let signingKey: Promise<{ privateKey: CryptoKey; jwk: JWK }> | null = null;
  const key = (): Promise<{ privateKey: CryptoKey; jwk: JWK }> => {
    signingKey ??= (async () => {
      const pair = await generateKeyPair('RS256', { extractable: true });
      const jwk = await exportJWK(pair.publicKey);
      return { privateKey: pair.privateKey, jwk: { ...jwk, kid: `jwk-test-${randomToken(8)}`, alg: 'RS256', use: 'sig' } };
    })();
    return signingKey;
  };

  const issuerOf = (request: Request): string => `${new URL(request.url).origin}${mountPath}`;

  function readAuthorize(body: JsonObject): AuthorizeRequest {
    const clientId = requiredParam(body, 'client_id');
    const app = state.connectedApps.get(clientId);
    if (!app) throw unknownClient();
    // Never a redirect to an unregistered URI: an error the page shows (RFC 6749 §4.1.2.1).
    const redirectUri = requiredParam(body, 'redirect_uri');
    if (!isRegisteredUri(app.redirect_uris, redirectUri)) throw unregisteredUri('redirect_uri');
    const responseType = boundedParam(body, 'response_type') ?? 'code';
    if (responseType !== 'code') throw new SandboxError(400, 'bad_request', 'response_type must be "code" (the authorization code flow).');

    const raw = body['scopes'];
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_SCOPES || !raw.every((scope): scope is string => typeof scope === 'string' && /^\S{1,100}$/.test(scope))) {
      throw new SandboxError(400, 'oauth_invalid_scope_requested', `scopes must be a list of 1–${MAX_SCOPES} scopes.`);
    }
    const scopes = [...new Set(raw)];
    const foreign = scopes.filter((scope) => !app.scopes.includes(scope));
    if (foreign.length > 0) throw new SandboxError(400, 'oauth_invalid_scope_requested', `This connected app may not request: ${foreign.join(', ')}.`);

    const codeChallenge = boundedParam(body, 'code_challenge');
    const method = boundedParam(body, 'code_challenge_method');
    if (codeChallenge !== undefined && !CODE_CHALLENGE.test(codeChallenge)) {
      throw new SandboxError(400, 'invalid_pkce_code_challenge', 'code_challenge must be base64url of the verifier\'s SHA-256 digest (S256).');
    }
    if (method !== undefined && method !== 'S256') throw new SandboxError(400, 'invalid_pkce_code_challenge', 'code_challenge_method must be S256.');
    if (codeChallenge === undefined && isPublicClient(app)) {
      throw new SandboxError(400, 'pkce_required_for_idp_authorization_flow', 'Public clients must send a PKCE code_challenge.');
    }
    return {
      app,
      redirectUri,
      scopes,
      state: boundedParam(body, 'state'),
      nonce: boundedParam(body, 'nonce'),
      codeChallenge,
      prompt: parsePrompt(boundedParam(body, 'prompt')),
    };
  }

  /** The requested scopes as this user may grant them, and whether they must be asked. */
  function judge(authorize: AuthorizeRequest, user: UserRecord) {
    const policy = state.project.rbac_policy;
    const roles = effectiveRoles(user.user.roles);
    const scopeResults = authorize.scopes.map((scope) => ({ scope, is_grantable: isGrantable(policy, roles, scope), description: scopeDescription(policy, scope) }));
    const grantable = scopeResults.filter((result) => result.is_grantable).map((result) => result.scope);
    const grant = state.idpGrants.get(grantKey(user.user.user_id, authorize.app.client_id));
    return { scopeResults, grantable, consentRequired: isConsentRequired(authorize.app, grant, grantable, authorize.prompt) };
  }

  // ── the token endpoint ─────────────────────────────────────────────────────────────────────

  /** The client a token request authenticates as (RFC 6749 §2.3: Basic or the form's fields; public clients: client_id only). */
  function tokenClient(request: Request, form: URLSearchParams): ConnectedApp {
    const header = request.headers.get('Authorization');
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    if (header !== null) {
      const credentials = basicCredentials(header);
      if (!credentials) throw new TokenError(401, 'invalid_client', 'The Authorization header is not Basic client credentials.');
      if (id !== null && id !== credentials.id) throw new TokenError(400, 'invalid_request', 'client_id differs from the Basic credentials.');
      ({ id, secret } = credentials);
    }
    const app = id === null ? undefined : state.connectedApps.get(id);
    if (!app) throw new TokenError(401, 'invalid_client', 'Unknown client_id.');
    if (isPublicClient(app) ? secret !== null : secret !== app.client_secret) {
      throw new TokenError(401, 'invalid_client', isPublicClient(app) ? 'Public clients have no secret.' : 'Wrong or missing client_secret.');
    }
    return app;
  }

  async function tokens(request: Request, record: AuthorizationCodeRecord, app: ConnectedApp, at: number): Promise<JsonObject> {
    const user = state.users.get(record.userId);
    if (!user) throw new TokenError(400, 'invalid_grant', 'The user of this code no longer exists.');
    const { privateKey, jwk } = await key();
    const issuer = issuerOf(request);
    const iat = Math.floor(at / 1000);
    const exp = iat + TOKEN_MINUTES * 60;
    const sign = (claims: JsonObject, audience: string | string[]): Promise<string> =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? '', typ: 'JWT' }).setIssuer(issuer).setSubject(user.user.user_id).setAudience(audience).setIssuedAt(iat).setExpirationTime(exp).sign(privateKey);

    const scope = record.scopes.join(' ');
    const answer: JsonObject = {
      access_token: await sign({ scope, client_id: app.client_id }, [PROJECT_ID]),
      token_type: 'Bearer',
      expires_in: TOKEN_MINUTES * 60,
      scope,
    };
    if (record.scopes.includes('openid')) {
      const claims: JsonObject = {};
      if (record.nonce !== null) claims['nonce'] = record.nonce;
      const email = user.user.emails[0];
      if (record.scopes.includes('email') && email) Object.assign(claims, { email: email.email, email_verified: email.verified });
      const phone = user.user.phone_numbers[0];
      if (record.scopes.includes('phone') && phone) Object.assign(claims, { phone_number: phone.phone_number, phone_number_verified: phone.verified });
      if (record.scopes.includes('profile')) {
        const { first_name: given, last_name: family } = user.user.name;
        const name = [given, user.user.name.middle_name, family].filter(Boolean).join(' ');
        Object.assign(claims, name === '' ? {} : { name }, given === '' ? {} : { given_name: given }, family === '' ? {} : { family_name: family });
      }
      answer['id_token'] = await sign(claims, app.client_id);
    }
    return answer;
  }

  /** POST /v1/oauth2/token, also called in process by the relying party. */
  async function tokenEndpoint(request: Request): Promise<Response> {
    try {
      const type = (request.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/x-www-form-urlencoded') throw new TokenError(400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
      const form = new URLSearchParams(await request.text());
      for (const name of new Set(form.keys())) if (form.getAll(name).length > 1) throw new TokenError(400, 'invalid_request', `${name} is repeated.`);
      const grantType = form.get('grant_type');
      if (grantType !== 'authorization_code') throw new TokenError(400, 'unsupported_grant_type', 'Only grant_type=authorization_code is supported.');
      const app = tokenClient(request, form);
      const code = form.get('code');
      const record = code === null ? undefined : state.authorizationCodes.get(code);
      // Another client's code is not confirmed to exist (RFC 6749 §4.1.3).
      if (!record || record.clientId !== app.client_id) throw new TokenError(400, 'invalid_grant', 'Unknown authorization code.');
      if (record.usedAt !== null) throw new TokenError(400, 'invalid_grant', 'This authorization code was already used.');
      const at = now();
      // Spent by this attempt whatever its outcome, so a wrong verifier cannot be retried against it.
      record.usedAt = at;
      if (at > record.expiresAt) throw new TokenError(400, 'invalid_grant', `The authorization code expired (it works for ${AUTHORIZATION_CODE_MINUTES} minutes).`);
      if (form.get('redirect_uri') !== record.redirectUri) throw new TokenError(400, 'invalid_grant', 'redirect_uri is not the one the code was issued for.');
      const verifier = form.get('code_verifier');
      if (record.codeChallenge === null) {
        if (verifier !== null) throw new TokenError(400, 'invalid_grant', 'This code was issued without a code_challenge; send no code_verifier.');
      } else if (verifier === null || !CODE_VERIFIER.test(verifier) || (await s256(verifier)) !== record.codeChallenge) {
        throw new TokenError(400, 'invalid_grant', 'code_verifier does not match the code_challenge (PKCE).');
      }
      return jsonResponse(await tokens(request, record, app, at), 200, { Pragma: 'no-cache' });
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      const headers: Record<string, string> = error.status === 401 ? { 'WWW-Authenticate': 'Basic realm="sandbox"' } : {};
      return jsonResponse({ error: error.error, error_description: error.message }, error.status, headers);
    }
  }

  async function jwksEndpoint(): Promise<Response> {
    return jsonResponse({ keys: [(await key()).jwk] });
  }

  function discovery(request: Request): JsonObject {
    const origin = new URL(request.url).origin;
    const issuer = issuerOf(request);
    const policy = state.project.rbac_policy;
    return {
      issuer,
      // The authorization page is the app's (Vestibule's /oauth/authorize), as in Stytch's dashboard.
      authorization_endpoint: `${origin}/oauth/authorize`,
      end_session_endpoint: `${origin}/oauth/logout`,
      token_endpoint: `${issuer}/v1/oauth2/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: [...new Set([...OIDC_SCOPES, 'full_access', ...(policy?.scopes.map((entry) => entry.scope) ?? [])])],
      claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'phone_number', 'phone_number_verified', 'name', 'given_name', 'family_name'],
    };
  }

  /** The `sub` of an ID token this sandbox signed for `clientId` (expired ones too: a logout hint may be old), or why not. */
  async function idTokenHintSubject(hint: string, clientId: string, issuer: string): Promise<string> {
    const { jwk } = await key();
    let payload: unknown;
    try {
      const verified = await compactVerify(hint, await importJWK(jwk, 'RS256'));
      payload = JSON.parse(new TextDecoder().decode(verified.payload)) as unknown;
    } catch {
      throw new SandboxError(400, 'id_token_invalid', 'id_token_hint is not an ID token this provider signed.');
    }
    if (!isJsonObject(payload) || payload['iss'] !== issuer || typeof payload['sub'] !== 'string') {
      throw new SandboxError(400, 'id_token_invalid', 'id_token_hint is not an ID token this provider signed.');
    }
    if (payload['aud'] !== clientId) throw new SandboxError(400, 'id_token_incorrect_audience', 'id_token_hint was issued to another client.');
    return payload['sub'];
  }

  // ── the relying party ──────────────────────────────────────────────────────────────────────

  /** The relying party's server-side fetch: the token and JWKS endpoints, in process. */
  const relyingPartyFetch = async (url: string, init: { method: string; headers: Record<string, string>; body: BodyInit | undefined }): Promise<Response> => {
    const request = new Request(url, { method: init.method, headers: init.headers, ...(init.body === undefined ? {} : { body: init.body }) });
    const path = new URL(url).pathname;
    if (path === `${mountPath}/v1/oauth2/token`) return tokenEndpoint(request);
    if (path === `${mountPath}/.well-known/jwks.json`) return jwksEndpoint();
    throw new Error(`The relying party does not fetch ${path}.`);
  };

  function relyingPartyApp(request: Request): ConnectedApp | undefined {
    return state.connectedApps.get(new URL(request.url).searchParams.get('client_id') ?? DEMO_CLIENT_ID);
  }

  async function relyingPartyStart(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const app = relyingPartyApp(request);
    const loggedOut = url.searchParams.get('state') ?? undefined;
    const base = { ...(loggedOut === undefined ? {} : { loggedOutState: loggedOut.slice(0, 200) }) };
    if (!app) {
      return providerPageResponse(renderRelyingPartyStart({ ...base, clientName: 'Unknown app', clientId: url.searchParams.get('client_id') ?? '', authorizeHref: null, scopes: [], problem: 'No connected app has this client_id.' }), 404);
    }
    const redirectUri = `${url.origin}${RELYING_PARTY_CALLBACK_PATH}`;
    if (!isRegisteredUri(app.redirect_uris, redirectUri)) {
      const problem = `Register ${redirectUri} as a redirect URI of this app (POST /__sandbox/api/connected-apps) to sign in from here.`;
      return providerPageResponse(renderRelyingPartyStart({ ...base, clientName: app.client_name, clientId: app.client_id, authorizeHref: null, scopes: [], problem }), 400);
    }
    const wanted = url.searchParams.get('scope')?.split(' ').filter(Boolean) ?? ['openid', 'email', 'profile', 'read:orders'];
    const scopes = wanted.filter((scope) => app.scopes.includes(scope) || url.searchParams.has('scope'));

    const at = now();
    for (const [key, record] of state.relyingPartyStates) if (at > record.expiresAt) state.relyingPartyStates.delete(key);
    while (state.relyingPartyStates.size >= MAX_RELYING_PARTY_STATES) {
      const oldest = state.relyingPartyStates.keys().next().value;
      if (oldest === undefined) break;
      state.relyingPartyStates.delete(oldest);
    }
    const record = { state: randomToken(16), clientId: app.client_id, redirectUri, codeVerifier: randomToken(32), nonce: randomToken(16), createdAt: at, expiresAt: at + RELYING_PARTY_MINUTES * 60_000 };
    state.relyingPartyStates.set(record.state, record);
    const authorize = new URL('/oauth/authorize', url.origin);
    for (const [name, value] of Object.entries({
      client_id: app.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: scopes.join(' '),
      state: record.state,
      nonce: record.nonce,
      code_challenge: await s256(record.codeVerifier),
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    return providerPageResponse(renderRelyingPartyStart({ ...base, clientName: app.client_name, clientId: app.client_id, authorizeHref: `${authorize.pathname}${authorize.search}`, scopes }));
  }

  async function relyingPartyCallback(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const startHref = RELYING_PARTY_PATH;
    const stateParam = url.searchParams.get('state');
    const record = stateParam === null ? undefined : state.relyingPartyStates.get(stateParam);
    if (!record || now() > record.expiresAt) {
      const error = { code: 'unknown_state', description: 'This sign-in is unknown, expired or already finished: start again.' };
      return providerPageResponse(renderRelyingPartyResult({ clientName: 'Sandbox relying party', claims: {}, grantedScopes: [], error, startHref, logoutHref: null }), 400);
    }
    state.relyingPartyStates.delete(record.state);
    const app = state.connectedApps.get(record.clientId);
    const clientName = app?.client_name ?? record.clientId;
    const fail = (code: string, description: string, status: number): Response =>
      providerPageResponse(renderRelyingPartyResult({ clientName, claims: {}, grantedScopes: [], error: { code, description }, startHref, logoutHref: null }), status);
    if (!app) return fail('unknown_client', 'The app was removed from the registry meanwhile.', 400);

    const issuer = issuerOf(request);
    const as: oauth.AuthorizationServer = { issuer, token_endpoint: `${issuer}/v1/oauth2/token`, jwks_uri: `${issuer}/.well-known/jwks.json` };
    const client: oauth.Client = {
      client_id: app.client_id,
      id_token_signed_response_alg: 'RS256',
      // The sandbox's clock may be a test's: judge iat and exp by it.
      [oauth.clockSkew]: Math.round((now() - Date.now()) / 1000),
    };
    const options = { [oauth.customFetch]: relyingPartyFetch, [oauth.allowInsecureRequests]: true };
    try {
      const params = oauth.validateAuthResponse(as, client, url, record.state);
      const auth = app.client_secret === null ? oauth.None() : oauth.ClientSecretPost(app.client_secret);
      const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, record.redirectUri, record.codeVerifier, options);
      const result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: record.nonce, requireIdToken: true });
      // Not required over TLS (the token came straight from the server), but the point of the page.
      await oauth.validateApplicationLevelSignature(as, response, options);
      const claims = oauth.getValidatedIdTokenClaims(result) ?? {};
      const logout = new URL('/oauth/logout', url.origin);
      const postLogout = `${url.origin}${RELYING_PARTY_PATH}`;
      if (isRegisteredUri(app.post_logout_redirect_uris, postLogout)) {
        logout.searchParams.set('client_id', app.client_id);
        logout.searchParams.set('post_logout_redirect_uri', postLogout);
        logout.searchParams.set('state', randomToken(8));
        if (result.id_token !== undefined) logout.searchParams.set('id_token_hint', result.id_token);
      }
      return providerPageResponse(
        renderRelyingPartyResult({
          clientName,
          claims,
          grantedScopes: result.scope?.split(' ') ?? [],
          startHref,
          logoutHref: logout.searchParams.has('client_id') ? `${logout.pathname}${logout.search}` : null,
        }),
      );
    } catch (error) {
      if (error instanceof oauth.AuthorizationResponseError) return fail(error.error, error.error_description ?? '', 200);
      if (error instanceof oauth.ResponseBodyError) return fail(error.error, error.error_description ?? '', 400);
      if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) return fail('invalid_response', error.message, 502);
      throw error;
    }
  }

  // ── the SDK endpoints ──────────────────────────────────────────────────────────────────────

  return [
    route('post', `${sdk}/idp/oauth/authorize/start`, async (request) => {
      const { user } = requireLiveSession(state, caller.sessionToken(request), now());
      const authorize = readAuthorize(await readJsonObject(request));
      const { scopeResults, consentRequired } = judge(authorize, user);
      const { app } = authorize;
      return dataResponse({
        user_id: user.user.user_id,
        user: user.user,
        client: { client_id: app.client_id, client_type: app.client_type, client_name: app.client_name, client_description: app.client_description },
        consent_required: consentRequired,
        scope_results: scopeResults,
      });
    }),

    route('post', `${sdk}/idp/oauth/authorize/submit`, async (request) => {
      const { user } = requireLiveSession(state, caller.sessionToken(request), now());
      const body = await readJsonObject(request);
      const authorize = readAuthorize(body);
      const granted = body['consent_granted'];
      if (typeof granted !== 'boolean') throw new SandboxError(400, 'bad_request', 'consent_granted must be true or false.');
      const { grantable, consentRequired } = judge(authorize, user);
      const { app, redirectUri } = authorize;
      if (consentRequired && authorize.prompt.includes('none')) {
        return dataResponse({ redirect_uri: withParams(redirectUri, { error: 'consent_required', error_description: 'The user must consent, and prompt=none forbids asking.', state: authorize.state }) });
      }
      if (consentRequired && !granted) {
        return dataResponse({ redirect_uri: withParams(redirectUri, { error: 'access_denied', error_description: 'The user denied the request.', state: authorize.state }) });
      }
      const at = now();
      const key = grantKey(user.user.user_id, app.client_id);
      const previous = state.idpGrants.get(key)?.scopes ?? [];
      state.idpGrants.set(key, { userId: user.user.user_id, clientId: app.client_id, scopes: [...new Set([...previous, ...grantable])], grantedAt: at });

      for (const [stale, record] of state.authorizationCodes) if (at > record.expiresAt || record.usedAt !== null) state.authorizationCodes.delete(stale);
      const code = randomToken(32);
      state.authorizationCodes.set(code, {
        code,
        clientId: app.client_id,
        redirectUri,
        userId: user.user.user_id,
        scopes: grantable,
        nonce: authorize.nonce ?? null,
        codeChallenge: authorize.codeChallenge ?? null,
        createdAt: at,
        expiresAt: at + AUTHORIZATION_CODE_MINUTES * 60_000,
        usedAt: null,
      });
      return dataResponse({ redirect_uri: withParams(redirectUri, { code, state: authorize.state }), authorization_code: code });
    }),

    route('post', `${sdk}/oauth/logout/start`, async (request) => {
      const token = caller.sessionToken(request);
      const body = await readJsonObject(request);
      const app = state.connectedApps.get(requiredParam(body, 'client_id'));
      if (!app) throw unknownClient();
      const postLogout = requiredParam(body, 'post_logout_redirect_uri');
      if (!isRegisteredUri(app.post_logout_redirect_uris, postLogout)) throw unregisteredUri('post_logout_redirect_uri');
      const stateParam = boundedParam(body, 'state');
      const hint = boundedParam(body, 'id_token_hint');
      const hintSubject = hint === undefined || hint === '' ? null : await idTokenHintSubject(hint, app.client_id, issuerOf(request));
      const session = token === null ? null : findLiveSession(state, token, now());
      // Ask before logging out when there is a session, the app asks for consent, and no ID token
      // of this app proves it knows who is signed in (OpenID Connect RP-Initiated Logout §2).
      const consentRequired = session !== null && app.consent_required && hintSubject !== session.session.user_id;
      return dataResponse({ redirect_uri: withParams(postLogout, { state: stateParam }), consent_required: consentRequired });
    }),

    route('post', `${sdk}/sessions/attest`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const profileId = requiredParam(body, 'profile_id');
      const token = requiredParam(body, 'token');
      const duration = optionalNumber(body, 'session_duration_minutes');
      assertSessionDuration(duration, state.project.session_duration_minutes);
      if (profileId !== TRUSTED_TOKEN_PROFILE_ID) throw new SandboxError(404, 'trusted_token_profile_not_found', 'No trusted token profile has this profile_id.');
      const at = now();
      const record = state.trustedTokens.get(token);
      if (!record || record.profileId !== profileId || at > record.expiresAt) {
        throw new SandboxError(401, 'invalid_trusted_auth_token', 'The trusted auth token is unknown, expired, or not for this profile.');
      }
      // As Stytch: the token's e-mail names the user, who is created on first use.
      const found = findUserByEmail(state, record.email);
      const user = found?.record ?? createUser(state, at, { email: record.email, emailVerified: true });
      const proved = user.user.emails.find((entry) => entry.email === record.email);
      const factor: StytchTrustedAuthTokenFactor = {
        type: 'trusted_auth_token',
        delivery_method: 'trusted_token_exchange',
        last_authenticated_at: toIso(at),
        trusted_auth_token_factor: { token_id: `trusted-token-test-${record.token.slice(-12)}` },
      };
      return dataResponse(signIn(state, request, at, { user, factor, proved, durationMinutes: duration }));
    }),

    // ── the OAuth server ─────────────────────────────────────────────────────────────────────
    route('post', `${mount}/v1/oauth2/token`, (request) => tokenEndpoint(request)),
    route('get', `${mount}/.well-known/jwks.json`, () => jwksEndpoint()),
    route('get', `${mount}/.well-known/openid-configuration`, (request) => jsonResponse(discovery(request))),

    // ── the relying party ────────────────────────────────────────────────────────────────────
    route('get', `*${RELYING_PARTY_PATH}`, relyingPartyStart),
    route('get', `*${RELYING_PARTY_PATH.slice(0, -1)}`, relyingPartyStart),
    route('get', `*${RELYING_PARTY_CALLBACK_PATH}`, relyingPartyCallback),
  ];
}

// ── the control API ──────────────────────────────────────────────────────────────────────────

/**
 * `/__sandbox/api/connected-apps` (GET list, POST create or replace by client_id, DELETE
 * /:client_id), `/consents` (GET, DELETE), `/trusted-tokens` (POST) and `/users/:user_id/roles`
 * (PUT). Registered by ./control-handlers before its catch-all; transport rules in ./node-middleware.
 */
export function createIdpControlHandlers(ctx: SandboxContext, api: string): RequestHandler[] {
  const { state, now } = ctx;
  return [
    route('get', `${api}/connected-apps`, () => jsonResponse([...state.connectedApps.values()])),
    route('post', `${api}/connected-apps`, async (request) => {
      const app = parseConnectedApp(await readJsonObject(request), state.project.rbac_policy, () => `secret-test-${randomToken(24)}`);
      const replaced = state.connectedApps.has(app.client_id);
      state.connectedApps.set(app.client_id, app);
      return jsonResponse(app, replaced ? 200 : 201);
    }),
    route('delete', `${api}/connected-apps/:clientId`, (_request, params) => {
      const clientId = params['clientId'];
      if (typeof clientId !== 'string' || !state.connectedApps.delete(clientId)) throw new SandboxError(404, 'connected_app_not_found', 'No connected app has this client_id.');
      for (const [key, grant] of state.idpGrants) if (grant.clientId === clientId) state.idpGrants.delete(key);
      return emptyResponse();
    }),

    route('get', `${api}/consents`, () =>
      jsonResponse([...state.idpGrants.values()].map((grant) => ({ user_id: grant.userId, client_id: grant.clientId, scopes: grant.scopes, granted_at: toIso(grant.grantedAt) }))),
    ),
    route('delete', `${api}/consents`, () => {
      state.idpGrants.clear();
      return emptyResponse();
    }),

    route('post', `${api}/trusted-tokens`, async (request) => {
      const body = await readJsonObject(request);
      const unknown = Object.keys(body).filter((name) => !['email', 'profile_id', 'expires_in_minutes'].includes(name));
      if (unknown.length > 0) throw new SandboxError(400, 'bad_request', `Unknown key: ${unknown.join(', ')}.`);
      const email = validEmail(optionalString(body, 'email') ?? '');
      const profileId = optionalString(body, 'profile_id') ?? TRUSTED_TOKEN_PROFILE_ID;
      if (profileId !== TRUSTED_TOKEN_PROFILE_ID) throw new SandboxError(400, 'bad_request', `The sandbox has one trusted token profile: ${TRUSTED_TOKEN_PROFILE_ID}.`);
      const minutes = optionalNumber(body, 'expires_in_minutes') ?? TRUSTED_TOKEN_MINUTES;
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TRUSTED_TOKEN_MINUTES) {
        throw new SandboxError(400, 'bad_request', `expires_in_minutes must be an integer between 1 and ${MAX_TRUSTED_TOKEN_MINUTES}.`);
      }
      const at = now();
      const token = `trusted-token-test-${randomToken(24)}`;
      state.trustedTokens.set(token, { token, profileId, email, createdAt: at, expiresAt: at + minutes * 60_000 });
      return jsonResponse({ token, profile_id: profileId, email, expires_at: toIso(at + minutes * 60_000) }, 201);
    }),

    route('put', `${api}/users/:userId/roles`, async (request, params) => {
      const record = typeof params['userId'] === 'string' ? state.users.get(params['userId']) : undefined;
      if (!record) throw new SandboxError(404, 'user_not_found', 'No user has this user_id.');
      const body = await readJsonObject(request);
      record.user.roles = parseRoles(body['roles'], state.project.rbac_policy?.roles.map((role) => role.role_id) ?? null);
      return jsonResponse(record.user);
    }),
  ];
}

/**
 * A user's assigned roles (POST /users `roles`, PUT /users/:id/roles): distinct role ids the
 * project's policy defines (any id when it has none).
 */
export function parseRoles(value: unknown, known: readonly string[] | null): string[] {
  if (!Array.isArray(value) || value.length > 100 || !value.every((role): role is string => typeof role === 'string' && ROLE_ID.test(role))) {
    throw new SandboxError(400, 'bad_request', 'roles must be a list of role ids.');
  }
  const unknown = known === null ? [] : value.filter((role) => !known.includes(role));
  if (unknown.length > 0) throw new SandboxError(400, 'bad_request', `Roles the project's rbac_policy does not define: ${unknown.join(', ')}.`);
  return [...new Set(value)];
}
