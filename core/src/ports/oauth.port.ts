import type { OAuthProviderType } from '../domain/config/config-choices';
import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

/** SPEC §7 "oauth provider start": where the provider sends the visitor back, and what to ask for. */
export interface OAuthStartRequest {
  readonly provider: OAuthProviderType;
  /** Absolute URL the provider returns an existing user to (`/login/callback?…` on this origin). */
  readonly loginRedirectUrl: string;
  /** Absolute URL the provider returns a new user to. */
  readonly signupRedirectUrl: string;
  readonly customScopes?: readonly string[];
  readonly providerParams?: Readonly<Record<string, string>>;
}

/** A finished OAuth sign-in: the session, and which provider it came through ('Last used'). */
export interface OAuthAuthentication {
  readonly session: ProviderSession;
  /** The provider's type as the provider reports it (`google`, …). */
  readonly provider: string;
}

/** What the provider tells a page that wants to show Google One Tap (SPEC §7 "One Tap client create"). */
export interface OneTapSettings {
  /** The project's Google OAuth client id, handed to Google's Identity Services. */
  readonly googleClientId: string;
  /** Names this One Tap attempt when its credential is submitted. */
  readonly callbackId: string;
}

export interface OneTapSubmitRequest {
  /** The ID token Google's prompt handed over. */
  readonly credential: string;
  readonly callbackId: string;
  readonly loginRedirectUrl: string;
  readonly signupRedirectUrl: string;
}

/**
 * OAuth sign-in through the provider (SPEC §7). `start` prepares the round trip — the PKCE pair
 * (SPEC §9) is made and kept by the provider's SDK — and then leaves the page; `authenticate`
 * finishes it on the return page. Errors use the provider's error types (`oauth_token_not_found`,
 * `oauth_flow_callback_error`, `pkce_mismatch`, …).
 */
export interface OAuthPort {
  /** Resolves once the browser was asked to leave for the provider (the page may still be here). */
  start(request: OAuthStartRequest, options?: CallOptions): Promise<Result<void>>;
  authenticate(token: string, sessionDurationMinutes: number, options?: CallOptions): Promise<Result<OAuthAuthentication>>;
  /** Forgets the proof of a round trip that ended without a session (cancelled, failed, stale). */
  abandon(): void;
  /**
   * The project's One Tap settings. Configuration errors arrive as errors of the provider's types:
   * `oauth_config_not_found`, `no_login_redirect_urls_set`, `no_signup_redirect_urls_set`,
   * `default_provider_not_allowed`.
   */
  oneTapSettings(options?: CallOptions): Promise<Result<OneTapSettings>>;
  /** Exchanges One Tap's credential for the URL to continue at (the login or sign-up redirect URL with a token). */
  oneTapSubmit(request: OneTapSubmitRequest, options?: CallOptions): Promise<Result<{ readonly redirectUrl: string }>>;
}
