import {
  fail,
  ok,
  providerError,
  type CallOptions,
  type MagicLinksPort,
  type ProviderSession,
  type Result,
  type SendMagicLinkRequest,
} from '@vestibule/core';
// The provider's own address check is the sandbox's, which is the client's rule.
import { isValidEmail } from '@vestibule/core/email-validation';
import { CallScript } from './call-script';
import { type FakeSession, sessionFor } from './fake-session';

/** A link the fake provider "e-mailed". */
export interface SentMagicLink {
  readonly request: SendMagicLinkRequest;
  readonly token: string;
  used: boolean;
}

/**
 * Magic links as an in-memory provider: `send` rejects a malformed address with `invalid_email`
 * and records a single-use token; `authenticate` signs in on the linked {@link FakeSession},
 * then fails a reused token with `unable_to_auth_magic_link` and an unknown one with the
 * provider's `magic_link_not_found`.
 */
export class FakeMagicLinks implements MagicLinksPort {
  /** Scripts: `fake.sends.failNext(error)`, `fake.authentications.holdNext()`. */
  readonly sends = new CallScript<void>();
  readonly authentications = new CallScript<ProviderSession>();
  /** Every link sent, oldest first. */
  readonly sent: SentMagicLink[] = [];
  /** Every token presented to `authenticate`, in order. */
  readonly authenticatedTokens: string[] = [];

  constructor(private readonly session: FakeSession) {}

  /** The requests of every send that reached the provider. */
  get sentRequests(): SendMagicLinkRequest[] {
    return this.sent.map((link) => link.request);
  }

  /** The token of the newest link sent (to `email`, if given). */
  latestToken(email?: string): string | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const link = this.sent[i];
      if (link !== undefined && (email === undefined || link.request.email === email)) return link.token;
    }
    return undefined;
  }

  send(request: SendMagicLinkRequest, options?: CallOptions): Promise<Result<void>> {
    return this.sends.run(options, () => {
      if (!isValidEmail(request.email)) return fail(providerError('invalid_email', { status: 400, serverMessage: 'Email format is invalid.' }));
      this.sent.push({ request, token: `fake-magic-link-token-${this.sent.length + 1}`, used: false });
      return ok(undefined);
    });
  }

  authenticate(token: string, _sessionDurationMinutes: number, options?: CallOptions): Promise<Result<ProviderSession>> {
    this.authenticatedTokens.push(token);
    return this.authentications.run(options, () => {
      const link = this.sent.find((candidate) => candidate.token === token);
      if (link === undefined) return fail(providerError('magic_link_not_found', { status: 404, serverMessage: 'Magic link could not be found.' }));
      if (link.used) return fail(providerError('unable_to_auth_magic_link', { status: 401, serverMessage: 'Magic link could not be authenticated.' }));
      link.used = true;
      const email = link.request.email;
      const session = sessionFor(email, this.session.userNumberFor(email));
      this.session.setSession(session);
      return ok(session);
    });
  }
}
