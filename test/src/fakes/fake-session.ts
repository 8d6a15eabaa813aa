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
 * when scripted to fail, as the port requires.
 */
export class FakeSession implements SessionPort {
  /** Scripts for each method: `fake.checks.failNext(error)`, `fake.revokes.holdNext()`. */
  readonly checks = new CallScript<ProviderSession>();
  readonly revokes = new CallScript<void>();
  checkCount = 0;
  revokeCount = 0;

  private current: ProviderSession;
  private readonly listeners = new Set<(session: ProviderSession) => void>();

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

  check(options?: CallOptions): Promise<Result<ProviderSession>> {
    this.checkCount++;
    return this.checks.run(options, () => ok(this.current));
  }

  subscribe(listener: (session: ProviderSession) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async revoke(options?: CallOptions): Promise<Result<void>> {
    this.revokeCount++;
    const result = await this.revokes.run(options, () => ok(undefined));
    // Local state goes even when the provider could not be told.
    if (this.current !== null) this.setSession(null);
    return result;
  }
}
