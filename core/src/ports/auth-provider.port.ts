import type { Result } from '../domain/errors/auth-error';

/** The signed-in user, in the product's vocabulary. */
export interface AuthUser {
  readonly userId: string;
  /** Primary e-mail address, when the user has one. */
  readonly email: string | null;
  readonly roles: readonly string[];
  readonly untrustedMetadata: Readonly<Record<string, unknown>>;
}

/** An authenticated session as the provider reports it. */
export interface AuthSession {
  readonly sessionId: string;
  /** ISO-8601 expiry; session cookies expire with it. */
  readonly expiresAt: string;
}

/** What the provider knows about the current visitor. `null` means signed out. */
export type ProviderSession = { readonly user: AuthUser; readonly session: AuthSession } | null;

/** Public project settings the provider holds (its bootstrap data). */
export interface ProjectSettings {
  /** Domains the provider sends e-mail from; the first narrows webmail searches. */
  readonly emailDomains: readonly string[];
  readonly passwordConfig: { readonly ludsComplexity: number; readonly ludsMinimumCount: number } | null;
}

export interface SendMagicLinkRequest {
  readonly email: string;
  readonly loginRedirectUrl: string;
  readonly signupRedirectUrl: string;
  readonly loginExpirationMinutes: number;
  readonly signupExpirationMinutes: number;
}

/** Provider-side analytics events (SPEC §7 "log events"). */
export type ProviderLogEvent =
  | { readonly name: 'render_login_screen'; readonly details: Readonly<Record<string, unknown>> }
  | { readonly name: 'email_sent'; readonly details: { readonly email: string; readonly type: 'login_or_create_eml' } }
  | { readonly name: 'email_try_again_clicked'; readonly details: { readonly email: string; readonly type: 'login_or_create_eml' } };

/**
 * The authentication provider (Stytch in production, the sandbox offline, fakes in tests).
 * Every call resolves to a {@link Result}; implementations translate vendor errors.
 */
export interface AuthProviderPort {
  sendMagicLink(request: SendMagicLinkRequest): Promise<Result<void>>;
  authenticateMagicLink(token: string, sessionDurationMinutes: number): Promise<Result<ProviderSession>>;
  /** Ends the session at the provider; local session state is cleared even when this fails. */
  revokeSession(): Promise<Result<void>>;
  /**
   * Reports the session now (asynchronously, once known) and after every change: sign-in,
   * sign-out, refresh failure, another tab. Returns an unsubscribe function.
   */
  subscribeSession(listener: (session: ProviderSession) => void): () => void;
  getProjectSettings(): Promise<Result<ProjectSettings>>;
  /** Fire-and-forget provider telemetry; never fails the caller. */
  logEvent(event: ProviderLogEvent): void;
}
