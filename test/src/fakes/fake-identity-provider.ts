import {
  fail,
  ok,
  providerError,
  toProviderUrl,
  type AttestRequest,
  type AuthError,
  type AuthorizeParams,
  type AuthorizeStart,
  type CallOptions,
  type IdentityProviderPort,
  type LogoutParams,
  type ProviderSession,
  type ProviderUrl,
  type Result,
} from '@vestibule/core';
import {
  type ConnectedApp,
  type GrantRecord,
  type RbacPolicyWire,
  defaultRbacPolicy,
  demoConnectedApp,
  effectiveRoles,
  grantKey,
  isConsentRequired,
  isGrantable,
  isRegisteredUri,
  parseConnectedApp,
  parsePrompt,
  scopeDescription,
  withParams,
} from '../sandbox/idp';
import { SandboxError } from '../sandbox/wire';
import { CallScript } from './call-script';
import { type FakeSession, sessionFor } from './fake-session';

/** The sandbox's one trusted token profile (sessions/attest), which the fake shares. */
export const FAKE_TRUSTED_TOKEN_PROFILE_ID = 'trusted-token-profile-test-sandbox';

const failure = (type: string, status: number, message: string): AuthError => providerError(type, { status, serverMessage: message });

/** The sandbox's refusal (its rules throw `SandboxError`) as the port reports it. */
const asFailure = (error: unknown): AuthError => {
  if (error instanceof SandboxError) return failure(error.errorType, error.status, error.message);
  throw error;
};

/** A provider redirect as the adapter mints it (the sandbox's URIs are all http(s)). */
const providerUrl = (uri: string): ProviderUrl => {
  const url = toProviderUrl(uri);
  if (url === null) throw new Error(`the fake built a redirect the browser may not follow: ${uri}`);
  return url;
};

/**
 * The identity provider as an in-memory provider with the sandbox's rules (`test/src/sandbox/idp`),
 * on the linked {@link FakeSession}: who is signed in, and where an attestation signs in.
 *
 * **The provider.** The registry starts with the sandbox's demo app (`connected-app-test-demo`,
 * third-party public, consent required, its callback on any loopback port); {@link registerApp}
 * adds or replaces one with the control API's validation. The role policy is the sandbox's
 * default ({@link rbacPolicy}, settable). Authorize needs a session (401 `user_unauthenticated`),
 * a known client (400 `invalid_client_id`), a registered redirect URI compared exactly (400
 * `connected_app_invalid_redirect_url`), `response_type` `code`, scopes the app may request (400
 * `oauth_invalid_scope_requested`) and, for public clients, a code challenge (400
 * `pkce_required_for_idp_authorization_flow`). Scopes are grantable by the session user's roles
 * (`user.roles`, plus the implicit `stytch_user`); consent is required when the app asks for it
 * and the user has not granted every grantable scope before, or `prompt` has `consent`. A submit
 * needing consent and not granted redirects with `error=access_denied`; otherwise it records the
 * grant and redirects with a `code` (`fake-code-<n>`) and the `state`. Logout needs a known client
 * and a registered post-logout URI, and asks first when a session is live and the app requires
 * consent (the fake has no ID tokens: any `id_token_hint` is 400 `id_token_invalid`). Attestation
 * accepts tokens from {@link mintTrustedToken} for {@link FAKE_TRUSTED_TOKEN_PROFILE_ID} (404
 * `trusted_token_profile_not_found` for another profile, 401 `invalid_trusted_auth_token` for
 * another token) and signs in the user the token names.
 *
 * **Scripting.** `starts`, `submits`, `logouts` and `attestations`, each a {@link CallScript}
 * (`failNext`, `resolveNext`, `holdNext`); `startRequests`, `submitRequests`, `logoutRequests`
 * and `attestRequests` record every call.
 *
 * @example
 * const ports = createFakePorts();
 * ports.session.setSession(sessionFor('ada@example.com'));
 * const idp = new FakeIdentityProvider(ports.session);
 * await idp.authorizeStart({ clientId: 'connected-app-test-demo', redirectUri: 'http://localhost:5173/__sandbox/relying-party/callback', responseType: 'code', scopes: ['openid'], codeChallenge: '…43 characters…' });
 * idp.submits.failNext(authError('network_unreachable'));
 */
export class FakeIdentityProvider implements IdentityProviderPort {
  readonly starts = new CallScript<AuthorizeStart>();
  readonly submits = new CallScript<{ readonly redirectUri: ProviderUrl | null }>();
  readonly logouts = new CallScript<{ readonly consentRequired: boolean; readonly redirectUri: ProviderUrl }>();
  readonly attestations = new CallScript<ProviderSession>();
  readonly startRequests: AuthorizeParams[] = [];
  readonly submitRequests: { readonly params: AuthorizeParams; readonly consentGranted: boolean }[] = [];
  readonly logoutRequests: LogoutParams[] = [];
  readonly attestRequests: AttestRequest[] = [];
  /** The project's role policy (the bootstrap's `rbac_policy`); `null` as a provider without one. */
  rbacPolicy: RbacPolicyWire | null = defaultRbacPolicy();

  private readonly apps = new Map<string, ConnectedApp>([[demoConnectedApp().client_id, demoConnectedApp()]]);
  private readonly grants = new Map<string, GrantRecord>();
  private readonly trustedTokens = new Map<string, string>();
  private codes = 0;

  /** @param session the provider's session: who consents, and where an attestation signs in */
  constructor(private readonly session: FakeSession) {}

  /** Adds or replaces a connected app, as POST /__sandbox/api/connected-apps (throws on what it refuses). */
  registerApp(app: Record<string, unknown>): ConnectedApp {
    const parsed = parseConnectedApp(app, this.rbacPolicy, () => `secret-fake-${this.apps.size + 1}-0123456789`);
    this.apps.set(parsed.client_id, parsed);
    return parsed;
  }

  /** What each user granted each app so far. */
  get consents(): readonly GrantRecord[] {
    return [...this.grants.values()];
  }

  /** A trusted auth token naming `email`, as POST /__sandbox/api/trusted-tokens mints one. */
  mintTrustedToken(email: string): string {
    const token = `trusted-token-fake-${this.trustedTokens.size + 1}`;
    this.trustedTokens.set(token, email.toLowerCase());
    return token;
  }

  authorizeStart(params: AuthorizeParams, options?: CallOptions): Promise<Result<AuthorizeStart>> {
    this.startRequests.push(params);
    return this.starts.run(options, () => {
      try {
        const { app, scopeResults, consentRequired } = this.judge(params);
        return ok({
          consentRequired,
          clientName: app.client_name,
          clientDescription: app.client_description === '' ? null : app.client_description,
          scopeResults: scopeResults.map((result) => ({ scope: result.scope, isGrantable: result.isGrantable, description: result.description === '' ? null : result.description })),
        });
      } catch (error) {
        return fail(asFailure(error));
      }
    });
  }

  authorizeSubmit(params: AuthorizeParams, consentGranted: boolean, options?: CallOptions): Promise<Result<{ readonly redirectUri: ProviderUrl | null }>> {
    this.submitRequests.push({ params, consentGranted });
    return this.submits.run(options, () => {
      try {
        const { app, user, scopeResults, consentRequired, prompt } = this.judge(params);
        if (consentRequired && prompt.includes('none')) return ok({ redirectUri: providerUrl(withParams(params.redirectUri, { error: 'consent_required', state: params.state })) });
        if (consentRequired && !consentGranted) {
          return ok({ redirectUri: providerUrl(withParams(params.redirectUri, { error: 'access_denied', error_description: 'The user denied the request.', state: params.state })) });
        }
        const key = grantKey(user.userId, app.client_id);
        const granted = scopeResults.filter((result) => result.isGrantable).map((result) => result.scope);
        this.grants.set(key, { userId: user.userId, clientId: app.client_id, scopes: [...new Set([...(this.grants.get(key)?.scopes ?? []), ...granted])], grantedAt: Date.now() });
        return ok({ redirectUri: providerUrl(withParams(params.redirectUri, { code: `fake-code-${++this.codes}`, state: params.state })) });
      } catch (error) {
        return fail(asFailure(error));
      }
    });
  }

  logoutStart(params: LogoutParams, options?: CallOptions): Promise<Result<{ readonly consentRequired: boolean; readonly redirectUri: ProviderUrl }>> {
    this.logoutRequests.push(params);
    return this.logouts.run(options, () => {
      const app = this.apps.get(params.clientId);
      if (!app) return fail(failure('invalid_client_id', 400, 'No connected app has this client_id.'));
      if (!isRegisteredUri(app.post_logout_redirect_uris, params.postLogoutRedirectUri)) {
        return fail(failure('connected_app_invalid_redirect_url', 400, 'The post_logout_redirect_uri is not one of the URLs registered for this connected app (compared exactly).'));
      }
      if (params.idTokenHint !== undefined && params.idTokenHint !== '') return fail(failure('id_token_invalid', 400, 'id_token_hint is not an ID token this provider signed.'));
      return ok({ consentRequired: this.session.session !== null && app.consent_required, redirectUri: providerUrl(withParams(params.postLogoutRedirectUri, { state: params.state })) });
    });
  }

  attestSession(request: AttestRequest, options?: CallOptions): Promise<Result<ProviderSession>> {
    this.attestRequests.push(request);
    return this.attestations.run(options, () => {
      if (request.profileId !== FAKE_TRUSTED_TOKEN_PROFILE_ID) return fail(failure('trusted_token_profile_not_found', 404, 'No trusted token profile has this profile_id.'));
      const email = this.trustedTokens.get(request.token);
      if (email === undefined) return fail(failure('invalid_trusted_auth_token', 401, 'The trusted auth token is unknown, expired, or not for this profile.'));
      const session = sessionFor(email, this.session.userNumberFor(email));
      this.session.setSession(session);
      return ok(session);
    });
  }

  /** The sandbox's checks and judgement of an authorize request; throws `SandboxError`. */
  private judge(params: AuthorizeParams) {
    const current = this.session.session;
    if (current === null) throw new SandboxError(401, 'user_unauthenticated', 'This endpoint needs a signed-in user.');
    const app = this.apps.get(params.clientId);
    if (!app) throw new SandboxError(400, 'invalid_client_id', 'No connected app has this client_id.');
    if (!isRegisteredUri(app.redirect_uris, params.redirectUri)) {
      throw new SandboxError(400, 'connected_app_invalid_redirect_url', 'The redirect_uri is not one of the URLs registered for this connected app (compared exactly).');
    }
    if (params.responseType !== 'code') throw new SandboxError(400, 'bad_request', 'response_type must be "code" (the authorization code flow).');
    const scopes = [...new Set(params.scopes)];
    const foreign = scopes.filter((scope) => !app.scopes.includes(scope));
    if (scopes.length === 0 || foreign.length > 0) throw new SandboxError(400, 'oauth_invalid_scope_requested', `This connected app may not request: ${foreign.join(', ') || 'no scope'}.`);
    if (params.codeChallenge === undefined && app.client_type.endsWith('_public')) {
      throw new SandboxError(400, 'pkce_required_for_idp_authorization_flow', 'Public clients must send a PKCE code_challenge.');
    }
    const prompt = parsePrompt(params.prompt);
    const roles = effectiveRoles(current.user.roles);
    const scopeResults = scopes.map((scope) => ({ scope, isGrantable: isGrantable(this.rbacPolicy, roles, scope), description: scopeDescription(this.rbacPolicy, scope) }));
    const grantable = scopeResults.filter((result) => result.isGrantable).map((result) => result.scope);
    const consentRequired = isConsentRequired(app, this.grants.get(grantKey(current.user.userId, app.client_id)), grantable, prompt);
    return { app, user: current.user, scopeResults, consentRequired, prompt };
  }
}
