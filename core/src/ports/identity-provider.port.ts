import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';

/**
 * An OAuth authorize request, as the identity-provider front end receives it.
 * @public Named by an adapter implementing {@link IdentityProviderPort} (it has no adapter yet).
 */
export interface AuthorizeParams {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly responseType: string;
  readonly scopes: readonly string[];
  readonly codeChallenge?: string;
  readonly state?: string;
  readonly nonce?: string;
  readonly prompt?: string;
}

/**
 * SPEC §3 authorize start response.
 * @public See {@link AuthorizeParams}.
 */
export interface AuthorizeStart {
  readonly consentRequired: boolean;
  readonly clientName: string | null;
  readonly scopeResults: readonly { readonly scope: string; readonly isGrantable: boolean }[];
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

/** The OAuth identity-provider front end (SPEC §2 consent and logout screens, §7). */
export interface IdentityProviderPort {
  authorizeStart(params: AuthorizeParams, options?: CallOptions): Promise<Result<AuthorizeStart>>;
  authorizeSubmit(params: AuthorizeParams, consentGranted: boolean, options?: CallOptions): Promise<Result<{ readonly redirectUri: string | null }>>;
  logoutStart(params: LogoutParams, options?: CallOptions): Promise<Result<{ readonly consentRequired: boolean; readonly redirectUri: string }>>;
}
