import type { Result } from '../domain/errors/auth-error';
import type { ProviderUrl } from '../domain/redirects/provider-url';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

/**
 * An OAuth authorize request, as the identity-provider front end receives it (SPEC §3: `scope`
 * split on spaces; `response_type` defaults to `code`; the rest passed through).
 * @public Named by the adapters implementing {@link IdentityProviderPort}.
 */
export interface AuthorizeParams {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly responseType: string;
  readonly scopes: readonly string[];
  readonly codeChallenge?: string;
  readonly codeChallengeMethod?: string;
  readonly state?: string;
  readonly nonce?: string;
  readonly prompt?: string;
}

/**
 * One requested scope as the provider judged it for this user: whether they may grant it, and
 * the project's description of it (untrusted text: shown as text only).
 * @public See {@link AuthorizeParams}.
 */
export interface ScopeResult {
  readonly scope: string;
  readonly isGrantable: boolean;
  readonly description: string | null;
}

/**
 * SPEC §3 authorize start response: whether consent is needed, the client as the provider
 * registered it (its name and description are the client's own text), and each scope's result.
 * @public See {@link AuthorizeParams}.
 */
export interface AuthorizeStart {
  readonly consentRequired: boolean;
  readonly clientName: string | null;
  readonly clientDescription: string | null;
  readonly scopeResults: readonly ScopeResult[];
}

/**
 * A logout request, as the identity-provider front end receives it.
 * @public See {@link AuthorizeParams}.
 */
export interface LogoutParams {
  readonly clientId: string;
  readonly postLogoutRedirectUri: string;
  readonly idTokenHint?: string;
  readonly state?: string;
}

/** SPEC §3 session attestation: a trusted token from the page's settings, for a session of `sessionDurationMinutes`. */
export interface AttestRequest {
  readonly token: string;
  readonly profileId: string;
  readonly sessionDurationMinutes: number;
}

/**
 * The OAuth identity-provider front end (SPEC §2 consent and logout screens, §7). Redirects come
 * back as {@link ProviderUrl}s the adapter checked: the page leaves only for what the provider
 * returned, never for a URL from the query.
 */
export interface IdentityProviderPort {
  authorizeStart(params: AuthorizeParams, options?: CallOptions): Promise<Result<AuthorizeStart>>;
  /** Submits the visitor's decision; `redirectUri`: where the provider sends them (with a code, or `error=access_denied`). */
  authorizeSubmit(params: AuthorizeParams, consentGranted: boolean, options?: CallOptions): Promise<Result<{ readonly redirectUri: ProviderUrl | null }>>;
  logoutStart(params: LogoutParams, options?: CallOptions): Promise<Result<{ readonly consentRequired: boolean; readonly redirectUri: ProviderUrl }>>;
  /** Takes over a session from a trusted token (SPEC §4: after revoking any existing one). */
  attestSession(request: AttestRequest, options?: CallOptions): Promise<Result<ProviderSession>>;
}
