import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ChainType } from './crypto-wallets.port';

/** The signed-in user, in the product's vocabulary. */
export interface AuthUser {
  readonly userId: string;
  /** Primary e-mail address, when the user has one. */
  readonly email: string | null;
  /** Primary phone number (E.164), when the user has one (a user signed up by SMS or WhatsApp). */
  readonly phoneNumber?: string;
  /** The user's first crypto wallet, when they have one (a user signed up with a wallet). */
  readonly cryptoWallet?: { readonly address: string; readonly chain: ChainType };
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

/**
 * @public Part-way through a multi-step sign-in (SPEC §4 "intermediate"): the browser holds only
 * the intermediate session token, for 10 minutes, and no session.
 */
export interface IntermediateSession {
  readonly intermediate: true;
  /** ISO-8601 time the intermediate token lapses. */
  readonly expiresAt: string;
}

/** What the provider reports about the visitor: a session, an intermediate one, or none. */
export type SessionReport = ProviderSession | IntermediateSession;

/** The provider's view of the visitor's session (SPEC §4 "Session"). */
export interface SessionPort {
  /**
   * Asks the provider whether the stored session is still valid, refreshing it (the SPEC §4
   * background refresh is this call, on the core's schedule). Resolves with the session,
   * `null` when there is none (or it was rejected), or an error when the provider could not say
   * (network, 5xx, timeout): the caller then keeps what it knew and may retry.
   */
  check(options?: CallOptions): Promise<Result<SessionReport>>;
  /**
   * Reports every later change: sign-in, sign-out, refresh failure, another tab. Returns an
   * unsubscribe function. Never calls back synchronously.
   */
  subscribe(listener: (session: SessionReport) => void): () => void;
  /**
   * Takes over a session by its token (the `/login/callback/web` hand-off): stores it as the
   * current session and asks the provider whether it is valid. `null` when it was rejected.
   */
  adopt(sessionToken: string, options?: CallOptions): Promise<Result<ProviderSession>>;
  /** Ends the session at the provider; local session state is cleared even when this fails. */
  revoke(options?: CallOptions): Promise<Result<void>>;
}
