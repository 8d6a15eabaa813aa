import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

export interface OAuthStartRequest {
  readonly provider: string;
  readonly loginRedirectUrl: string;
  readonly signupRedirectUrl: string;
  readonly customScopes?: readonly string[];
  readonly providerParams?: Readonly<Record<string, string>>;
}

/** OAuth sign-in (SPEC §7 "oauth provider start"); `start` leaves the page. */
export interface OAuthPort {
  start(request: OAuthStartRequest): Promise<Result<void>>;
  authenticate(token: string, sessionDurationMinutes: number, options?: CallOptions): Promise<Result<ProviderSession>>;
}
