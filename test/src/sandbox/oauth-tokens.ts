// The tokens an OAuth round trip ends with, shared by the emulated provider page (redirect flow)
// and One Tap: both send the visitor to a redirect URL with `stytch_token_type=oauth&token=…`,
// and POST /sdk/v1/oauth/authenticate redeems the token once.

import type { OAuthTokenRecord, SandboxState } from './state';
import { paddedToken } from './wire';

/** Stytch's OAuth tokens are short-lived: the visitor comes straight back with them. */
export const OAUTH_TOKEN_MINUTES = 10;

export interface IssueOAuthToken {
  provider: string;
  email: string;
  outcome: OAuthTokenRecord['outcome'];
  via: OAuthTokenRecord['via'];
  codeChallenge: string | null;
  customScopes?: string[];
  providerParams?: Record<string, string>;
}

/** Records a single-use token for a finished (or cancelled) round trip and returns it. */
export function issueOAuthToken(state: SandboxState, now: number, request: IssueOAuthToken): string {
  const token = paddedToken();
  state.oauthTokens.set(token, {
    token,
    provider: request.provider,
    email: request.email,
    outcome: request.outcome,
    via: request.via,
    customScopes: request.customScopes ?? [],
    providerParams: request.providerParams ?? {},
    createdAt: now,
    expiresAt: now + OAUTH_TOKEN_MINUTES * 60_000,
    usedAt: null,
    codeChallenge: request.codeChallenge,
  });
  return token;
}

/** `redirectUrl` with the token appended (its own query kept), as Stytch sends the visitor back. */
export function withOAuthToken(redirectUrl: URL, token: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('stytch_token_type', 'oauth');
  url.searchParams.set('token', token);
  return url.toString();
}
