import type { AuthError } from '../../domain/errors/auth-error';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { ReturnContext, SafePath } from '../../domain/redirects/safe-redirect';
import type { RetryWindow } from '../../domain/retry/retry-window';
import type { CommonEffect } from '../common-effects';

/**
 * What the token in hand is: a magic link's or an OAuth provider's, spent once (`/login/callback`,
 * the default), or a session handed over by a password or passcode sign-in (`/login/callback/web`,
 * SPEC §4), which is adopted rather than spent.
 */
type SignInCallbackCredential = 'signInToken' | 'sessionToken';

/** What a return page was opened with (its credentials already out of the address bar). */
export interface SignInCallbackInput {
  /**
   * The token from the address, or `null` when there was none: after a reload (a pending link is
   * then recalled from this tab's storage) or, on `/login/callback/web`, when the session came
   * through the tab's hand-off instead.
   */
  readonly token: string | null;
  /** The provider's `stytch_token_type`: magic links send `magic_links`, OAuth providers `oauth`. */
  readonly tokenType: string | null;
  /**
   * The OAuth error a provider sent back instead of a token (RFC 6749 §4.1.2.1 `error`, e.g.
   * `access_denied` when the visitor cancelled or denied consent), if any.
   */
  readonly providerError?: string | null;
  readonly returnContext: ReturnContext;
  readonly sessionDurationMinutes: number;
  /** Defaults to `signInToken`. */
  readonly credential?: SignInCallbackCredential;
}

/** The input without its token: what every screen keeps, so a used token is held by no state. */
export type SignInCallbackSettings = Omit<SignInCallbackInput, 'token'>;

/**
 * SPEC §2 'Logging in...' and its outcomes, by screen. The token is held only while it may still
 * be used (starting, authenticating, retryable); every later screen has none.
 */
export type SignInCallbackState =
  | { readonly screen: 'starting'; readonly settings: SignInCallbackSettings; readonly token: string | null }
  | { readonly screen: 'authenticating'; readonly settings: SignInCallbackSettings; readonly token: string }
  | {
      readonly screen: 'retryable';
      readonly settings: SignInCallbackSettings;
      readonly token: string;
      readonly message: MessageRef;
      /** A `Retry-After` wait before 'Try again' is possible, else `null`. */
      readonly retry: RetryWindow | null;
    }
  /** The token is used up: someone already signed in goes on, anyone else sees `message`. */
  | { readonly screen: 'checkingSession'; readonly settings: SignInCallbackSettings; readonly message: MessageRef }
  /** The visitor cancelled at the OAuth provider: back to the sign-in form (`destination`), which says so. */
  | { readonly screen: 'cancelled'; readonly settings: SignInCallbackSettings; readonly destination: SafePath }
  | { readonly screen: 'failed'; readonly settings: SignInCallbackSettings; readonly message: MessageRef }
  | { readonly screen: 'succeeded'; readonly settings: SignInCallbackSettings; readonly destination: SafePath };

export type SignInCallbackEvent =
  | { readonly type: 'started' }
  | { readonly type: 'tokenRecalled'; readonly token: string | null; readonly tokenType?: string | null }
  /** This tab's session hand-off, taken (`null`: none, stale or malformed). */
  | { readonly type: 'handoffTaken'; readonly token: string | null }
  /** `oauthProvider`: the provider an OAuth sign-in came through, remembered as 'Last used'. */
  | { readonly type: 'authenticated'; readonly oauthProvider?: string }
  | { readonly type: 'authenticationFailed'; readonly error: AuthError }
  | { readonly type: 'sessionKnown'; readonly signedIn: boolean }
  /** `noted`: this tab's note of the round trip now says it was cancelled (there was a note to mark). */
  | { readonly type: 'cancelNoted'; readonly noted: boolean }
  | { readonly type: 'retryClicked' }
  | { readonly type: 'tick' };

export type SignInCallbackEffect =
  | { readonly type: 'authenticateMagicLink'; readonly key: string; readonly token: string; readonly sessionDurationMinutes: number }
  | { readonly type: 'authenticateOAuth'; readonly key: string; readonly token: string; readonly sessionDurationMinutes: number }
  | { readonly type: 'adoptSession'; readonly key: string; readonly token: string }
  /** Takes (reads and removes) the session this tab's widget handed over. */
  | { readonly type: 'takeSessionHandoff' }
  | { readonly type: 'rememberToken'; readonly token: string; readonly tokenType: string | null }
  /**
   * The OAuth round trip ended signed in: remembers on this device which provider was used (SPEC §2
   * 'Last used'; this tab's note says which when the provider's answer was lost) and drops the note.
   */
  | { readonly type: 'finishOAuth'; readonly provider?: string }
  /** The OAuth round trip is over without a session: its note and proof (PKCE verifier) go. */
  | { readonly type: 'abandonOAuth' }
  /**
   * The visitor cancelled at the provider: the proof goes, and this tab's note of the round trip is
   * marked cancelled (kept, with the address typed), for the sign-in form to read and word.
   */
  | { readonly type: 'noteOAuthCancelled' }
  | { readonly type: 'recallToken' }
  | { readonly type: 'forgetToken' }
  /** Waits until the session store knows whether someone is signed in. */
  | { readonly type: 'awaitSession'; readonly key: string }
  | CommonEffect<SignInCallbackEvent>;

/** What a return page renders. */
export type SignInCallbackView =
  | { readonly screen: 'busy' }
  | {
      readonly screen: 'failed';
      readonly message: MessageRef;
      /** `null`: nothing to try again; else 'Try again', disabled for `inSeconds` when not `null`. */
      readonly retry: null | { readonly inSeconds: number | null };
    };
