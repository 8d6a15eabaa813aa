import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

/** SPEC §3 user search response. */
export type UserType = 'new' | 'password' | 'passwordless';

/** SPEC §3 password strength response. */
export interface PasswordStrength {
  readonly score: number;
  readonly validPassword: boolean;
  readonly breachedPassword: boolean;
  readonly strengthPolicy: 'zxcvbn' | 'luds' | null;
  readonly warning: string;
  readonly suggestions: readonly string[];
  readonly ludsRequirements: { readonly missingCharacters: number; readonly missingComplexity: number } | null;
}

export interface PasswordCredentials {
  readonly email: string;
  readonly password: string;
  readonly sessionDurationMinutes: number;
}

export interface ResetByEmailStartRequest {
  readonly email: string;
  readonly loginRedirectUrl?: string;
  readonly resetPasswordRedirectUrl?: string;
  readonly resetPasswordExpirationMinutes?: number;
  readonly resetPasswordTemplateId?: string;
  readonly locale?: string;
}

/** Passwords, user search and strength checks (SPEC §7). */
export interface PasswordsPort {
  searchUser(email: string, options?: CallOptions): Promise<Result<UserType>>;
  strengthCheck(password: string, email: string | null, options?: CallOptions): Promise<Result<PasswordStrength>>;
  create(credentials: PasswordCredentials, options?: CallOptions): Promise<Result<ProviderSession>>;
  authenticate(credentials: PasswordCredentials, options?: CallOptions): Promise<Result<ProviderSession>>;
  resetByEmailStart(request: ResetByEmailStartRequest, options?: CallOptions): Promise<Result<void>>;
  resetByEmail(token: string, password: string, sessionDurationMinutes: number, options?: CallOptions): Promise<Result<ProviderSession>>;
}
