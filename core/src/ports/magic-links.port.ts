import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

export interface SendMagicLinkRequest {
  readonly email: string;
  readonly loginRedirectUrl: string;
  readonly signupRedirectUrl: string;
  readonly loginExpirationMinutes: number;
  readonly signupExpirationMinutes: number;
}

/** E-mail magic links (SPEC §7 "magicLinks e-mail loginOrCreate", "magicLinks authenticate"). */
export interface MagicLinksPort {
  send(request: SendMagicLinkRequest, options?: CallOptions): Promise<Result<void>>;
  authenticate(token: string, sessionDurationMinutes: number, options?: CallOptions): Promise<Result<ProviderSession>>;
}
