import { ok, type CallOptions, type ProviderSession, type Result, type SessionPort } from '@vestibule/core';
import { CallScript } from './call-script';

/** A signed-in session for `email`, as the provider would report it. */
export function sessionFor(email: string, id = 1): NonNullable<ProviderSession> {
  return {
    user: { userId: `user-test-${id}`, email, roles: [], untrustedMetadata: {} },
    session: { sessionId: `session-test-${id}`, expiresAt: '2099-01-01T00:00:00Z' },
  };
}

/**
 * The session as an in-memory provider holds it. `check` answers the current session,
 * `subscribe` reports each later change (never during `subscribe`), `revoke` signs out — also
 * when scripted to fail, as the port requires. `adopt` takes over a session by a token the
 * provider issued ({@link issueToken}, as the fake password sign-ins do); any other token is
 * rejected: signed out, as the real SDK drops a token the provider refuses.
 */
export class FakeSession implements SessionPort {
  /** Scripts for each method: `fake.checks.failNext(error)`, `fake.revokes.holdNext()`. */
  readonly checks = new CallScript<ProviderSession>();
  readonly adoptions = new CallScript<ProviderSession>();
  readonly revokes = new CallScript<void>();
  checkCount = 0;
  revokeCount = 0;
  /** Every token presented to `adopt`, in order. */
  readonly adoptedTokens: string[] = [];

  private current: ProviderSession;
  private readonly listeners = new Set<(session: ProviderSession) => void>();
  private readonly tokens = new Map<string, NonNullable<ProviderSession>>();
  private issued = 0;
  private readonly userNumbers = new Map<string, number>();

  constructor(initial: ProviderSession = null) {
    this.current = initial;
  }

  /** What the provider currently holds. */
  get session(): ProviderSession {
    return this.current;
  }

  /** Changes the provider's session and tells subscribers at once (a sign-in elsewhere, another tab, expiry). */
  setSession(session: ProviderSession): void {
    this.current = session;
    for (const listener of [...this.listeners]) listener(session);
  }

  /**
   * The provider's user directory, shared by the fakes that sign in: the number of the user with
   * this address (`user-test-<n>`), given out in order of first sign-in.
   */
  userNumberFor(email: string): number {
    const known = this.userNumbers.get(email);
    if (known !== undefined) return known;
    const next = this.userNumbers.size + 1;
    this.userNumbers.set(email, next);
    return next;
  }

  /** Whether a user with this address has signed in (or been created) at this provider. */
  hasUser(email: string): boolean {
    return this.userNumbers.has(email);
  }

  /** A session token for `session`, as the provider hands one out with a sign-in; `adopt` accepts it. */
  issueToken(session: NonNullable<ProviderSession>): string {
    const token = `fake-session-token-${++this.issued}`;
    this.tokens.set(token, session);
    return token;
  }

  check(options?: CallOptions): Promise<Result<ProviderSession>> {
    this.checkCount++;
    return this.checks.run(options, () => ok(this.current));
  }

  subscribe(listener: (session: ProviderSession) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  adopt(sessionToken: string, options?: CallOptions): Promise<Result<ProviderSession>> {
    this.adoptedTokens.push(sessionToken);
    return this.adoptions.run(options, () => {
      const session = this.tokens.get(sessionToken) ?? null;
      if (session !== this.current) this.setSession(session);
      return ok(session);
    });
  }

  async revoke(options?: CallOptions): Promise<Result<void>> {
    this.revokeCount++;
    const ended = this.current;
    const result = await this.revokes.run(options, () => {
      // The provider ends the session: its tokens no longer adopt.
      for (const [token, session] of this.tokens) if (session === ended) this.tokens.delete(token);
      return ok(undefined);
    });
    // Local state goes even when the provider could not be told.
    if (this.current !== null) this.setSession(null);
    return result;
  }
}
