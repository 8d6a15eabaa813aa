import {
  fail,
  ok,
  providerError,
  type CallOptions,
  type OAuthAuthentication,
  type OAuthPort,
  type OAuthStartRequest,
  type OneTapSettings,
  type OneTapSubmitRequest,
  type Result,
} from '@vestibule/core';
import { CallScript } from './call-script';
import { type FakeSession, sessionFor } from './fake-session';

/** A token the fake provider sent the visitor back with. */
export interface FakeOAuthToken {
  readonly token: string;
  readonly provider: string;
  /** The account chosen at the provider ('' when cancelled). */
  readonly email: string;
  readonly outcome: 'granted' | 'cancelled';
  readonly via: 'redirect' | 'one_tap';
  used: boolean;
}

/**
 * OAuth as an in-memory provider. `start` records the request (the page would leave here);
 * {@link completeAtProvider} plays the visitor at the provider for the newest start and returns
 * the token they come back with. `authenticate` signs in on the linked {@link FakeSession} once;
 * a reused or unknown token fails with `oauth_token_not_found`, a cancelled round trip with
 * `oauth_flow_callback_error`, as the sandbox answers. One Tap answers {@link oneTap} and issues
 * tokens for {@link oneTapEmail}.
 */
export class FakeOAuth implements OAuthPort {
  /** Scripts: `fake.starts.failNext(error)`, `fake.authentications.holdNext()`, … */
  readonly starts = new CallScript<void>();
  readonly authentications = new CallScript<OAuthAuthentication>();
  readonly oneTapSettingsCalls = new CallScript<OneTapSettings>();
  readonly oneTapSubmits = new CallScript<{ readonly redirectUrl: string }>();

  /** Every start that reached the provider, oldest first. */
  readonly startRequests: OAuthStartRequest[] = [];
  /** Every token the provider issued, oldest first. */
  readonly issued: FakeOAuthToken[] = [];
  /** Every token presented to `authenticate`, in order. */
  readonly authenticatedTokens: string[] = [];
  /** Every One Tap credential submitted, in order. */
  readonly oneTapRequests: OneTapSubmitRequest[] = [];
  /** How many times `abandon` was called. */
  abandonCount = 0;
  /** What `oneTapSettings` answers unless scripted. */
  oneTap: OneTapSettings = { googleClientId: 'fake-google-client.apps.googleusercontent.com', callbackId: 'fake-one-tap-callback' };
  /** The Google account One Tap signs in. */
  oneTapEmail = 'one.tap@example.com';

  /** How many starts the visitor has finished (a start is finished once, like a provider page). */
  private completed = 0;

  constructor(private readonly session: FakeSession) {}

  /** The newest start (throws when nothing was started). */
  get lastStart(): OAuthStartRequest {
    const last = this.startRequests.at(-1);
    if (!last) throw new Error('FakeOAuth: start() never reached the provider.');
    return last;
  }

  /**
   * The visitor finishes at the provider for the newest start not finished yet: picks `email`
   * (`granted`), or cancels. Returns the token the redirect URL would carry.
   */
  completeAtProvider(email: string, outcome: 'granted' | 'cancelled' = 'granted'): string {
    const start = this.startRequests.at(-1);
    if (!start || this.completed === this.startRequests.length) throw new Error('FakeOAuth: no start is waiting at the provider.');
    this.completed = this.startRequests.length;
    return this.issue(start.provider, outcome === 'granted' ? email : '', outcome, 'redirect').token;
  }

  /** The visitor cancels at the provider; the token the login redirect URL would carry. */
  cancelAtProvider(): string {
    return this.completeAtProvider('', 'cancelled');
  }

  start(request: OAuthStartRequest, options?: CallOptions): Promise<Result<void>> {
    return this.starts.run(options, () => {
      this.startRequests.push(request);
      return ok(undefined);
    });
  }

  authenticate(token: string, _sessionDurationMinutes: number, options?: CallOptions): Promise<Result<OAuthAuthentication>> {
    this.authenticatedTokens.push(token);
    return this.authentications.run(options, () => {
      const issued = this.issued.find((candidate) => candidate.token === token);
      if (issued === undefined || issued.used) {
        return fail(providerError('oauth_token_not_found', { status: 404, serverMessage: 'The OAuth token could not be found.' }));
      }
      issued.used = true;
      if (issued.outcome === 'cancelled') {
        return fail(providerError('oauth_flow_callback_error', { status: 400, serverMessage: 'The visitor cancelled at the provider.' }));
      }
      const session = sessionFor(issued.email, this.session.userNumberFor(issued.email));
      this.session.setSession(session);
      return ok({ session, provider: issued.provider });
    });
  }

  abandon(): void {
    this.abandonCount++;
  }

  oneTapSettings(options?: CallOptions): Promise<Result<OneTapSettings>> {
    return this.oneTapSettingsCalls.run(options, () => ok(this.oneTap));
  }

  oneTapSubmit(request: OneTapSubmitRequest, options?: CallOptions): Promise<Result<{ readonly redirectUrl: string }>> {
    this.oneTapRequests.push(request);
    return this.oneTapSubmits.run(options, () => {
      const email = this.oneTapEmail;
      // Known accounts log in, new ones sign up, as at the real provider.
      const target = new URL(this.session.hasUser(email) ? request.loginRedirectUrl : request.signupRedirectUrl);
      target.searchParams.set('stytch_token_type', 'oauth');
      target.searchParams.set('token', this.issue('google', email, 'granted', 'one_tap').token);
      return ok({ redirectUrl: target.href });
    });
  }

  private issue(provider: string, email: string, outcome: FakeOAuthToken['outcome'], via: FakeOAuthToken['via']): FakeOAuthToken {
    const issued: FakeOAuthToken = { token: `fake-oauth-token-${this.issued.length + 1}`, provider, email, outcome, via, used: false };
    this.issued.push(issued);
    return issued;
  }
}
