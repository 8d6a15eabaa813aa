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

/**
 * A sign-in the provider completed with a password: the session, and its token for the
 * `/login/callback/web` hand-off (SPEC §4: the page moves there with the session token).
 */
export interface PasswordSignIn {
  readonly session: NonNullable<ProviderSession>;
  readonly sessionToken: string;
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
  /** Whether `email` is new, has a password, or signs in without one (`users/search`). */
  searchUser(email: string, options?: CallOptions): Promise<Result<UserType>>;
  /** The provider's verdict on `password`; `email` is passed on account creation (it counts against the password). */
  strengthCheck(password: string, email: string | null, options?: CallOptions): Promise<Result<PasswordStrength>>;
  create(credentials: PasswordCredentials, options?: CallOptions): Promise<Result<PasswordSignIn>>;
  authenticate(credentials: PasswordCredentials, options?: CallOptions): Promise<Result<PasswordSignIn>>;
  /** Sends the reset e-mail; its link returns to `resetPasswordRedirectUrl` with the token. */
  resetByEmailStart(request: ResetByEmailStartRequest, options?: CallOptions): Promise<Result<void>>;
  /** Sets a new password with the e-mailed token and signs in. */
  resetByEmail(token: string, password: string, sessionDurationMinutes: number, options?: CallOptions): Promise<Result<PasswordSignIn>>;
}
