import {
  type AuthError,
  type AuthProviderPort,
  type ProjectSettings,
  type ProviderLogEvent,
  type ProviderSession,
  type Result,
  type SendMagicLinkRequest,
  ok,
} from '@vestibule/core';

/**
 * An in-memory auth provider for screen and flow tests. Results can be scripted per call;
 * every call is recorded. Calls resolve on the next microtask, like a real network would.
 */
export class FakeAuthProvider implements AuthProviderPort {
  readonly sentMagicLinks: SendMagicLinkRequest[] = [];
  readonly authenticatedTokens: string[] = [];
  readonly loggedEvents: ProviderLogEvent[] = [];
  revokeCount = 0;
  settings: ProjectSettings = { emailDomains: ['mail.vestibule.test'], passwordConfig: null };

  private session: ProviderSession = null;
  private readonly listeners = new Set<(session: ProviderSession) => void>();
  private readonly scriptedSend: Array<Result<void> | Promise<Result<void>>> = [];
  private readonly scriptedAuthenticate: Array<Result<ProviderSession>> = [];

  /** The next `sendMagicLink` resolves with this (a pending promise holds it in flight). */
  failNextSend(error: AuthError): void {
    this.scriptedSend.push({ ok: false, error });
  }

  holdNextSend(): (result: Result<void>) => void {
    let release: (result: Result<void>) => void = () => undefined;
    this.scriptedSend.push(new Promise((resolve) => (release = resolve)));
    return (result) => release(result);
  }

  failNextAuthenticate(error: AuthError): void {
    this.scriptedAuthenticate.push({ ok: false, error });
  }

  /** Pretends the visitor already has a session (or none). */
  setSession(session: ProviderSession): void {
    this.session = session;
    for (const listener of this.listeners) listener(session);
  }

  async sendMagicLink(request: SendMagicLinkRequest): Promise<Result<void>> {
    this.sentMagicLinks.push(request);
    return (await this.scriptedSend.shift()) ?? ok(undefined);
  }

  async authenticateMagicLink(token: string): Promise<Result<ProviderSession>> {
    this.authenticatedTokens.push(token);
    const scripted = this.scriptedAuthenticate.shift();
    if (scripted) return scripted;
    const session: ProviderSession = {
      user: { userId: 'user-test-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} },
      session: { sessionId: 'session-test-1', expiresAt: '2099-01-01T00:00:00Z' },
    };
    this.setSession(session);
    return ok(session);
  }

  async revokeSession(): Promise<Result<void>> {
    this.revokeCount++;
    this.setSession(null);
    return ok(undefined);
  }

  subscribeSession(listener: (session: ProviderSession) => void): () => void {
    this.listeners.add(listener);
    queueMicrotask(() => {
      if (this.listeners.has(listener)) listener(this.session);
    });
    return () => this.listeners.delete(listener);
  }

  async getProjectSettings(): Promise<Result<ProjectSettings>> {
    return ok(this.settings);
  }

  logEvent(event: ProviderLogEvent): void {
    this.loggedEvents.push(event);
  }
}
