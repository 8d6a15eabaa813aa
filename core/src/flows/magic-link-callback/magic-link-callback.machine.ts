import { authError, type AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import type { MessageRef } from '../../domain/i18n/message-ref';
import { destinationOf, type ReturnContext, type SafePath } from '../../domain/redirects/safe-redirect';
import type { CommonEffect } from '../common-effects';
import type { TransitionContext } from '../flow-runner';

/** What the return page was opened with (its credentials already out of the address bar). */
export interface CallbackInput {
  /** The link's token, or `null` when the page was reloaded (it is then recalled from storage). */
  readonly token: string | null;
  /** The provider's `stytch_token_type`: magic links send `magic_links`, OAuth providers `oauth`. */
  readonly tokenType: string | null;
  readonly returnContext: ReturnContext;
  readonly sessionDurationMinutes: number;
  /**
   * What the token is: a magic link's (default; `/login/callback`) or a session token handed over
   * by a password sign-in (`/login/callback/web`, SPEC §4), which is adopted rather than spent.
   */
  readonly credential?: 'magicLink' | 'sessionToken';
}

/**
 * SPEC §2 'Logging in...' and its outcomes. The token lives in state only while it may still be
 * used (authenticating, or a retryable failure); afterwards it is gone.
 */
export type CallbackState =
  | { readonly status: 'starting'; readonly input: CallbackInput }
  | { readonly status: 'authenticating'; readonly input: CallbackInput; readonly token: string }
  | {
      readonly status: 'retryable';
      readonly input: CallbackInput;
      readonly token: string;
      readonly message: MessageRef;
      /** Epoch ms until which 'Try again' stays disabled (a 429 with `Retry-After`). */
      readonly retryAt: number | null;
      readonly now: number;
    }
  | { readonly status: 'checkingSession'; readonly input: CallbackInput; readonly message: MessageRef }
  | { readonly status: 'failed'; readonly input: CallbackInput; readonly message: MessageRef }
  | { readonly status: 'succeeded'; readonly input: CallbackInput; readonly destination: SafePath };

export type CallbackEvent =
  | { readonly type: 'started' }
  | { readonly type: 'tokenRecalled'; readonly token: string | null; readonly tokenType?: string | null }
  /** `oauthProvider`: the provider an OAuth sign-in came through, remembered as 'Last used'. */
  | { readonly type: 'authenticated'; readonly oauthProvider?: string }
  | { readonly type: 'authenticationFailed'; readonly error: AuthError }
  | { readonly type: 'sessionKnown'; readonly signedIn: boolean }
  | { readonly type: 'retryClicked' }
  | { readonly type: 'tick' };

export type CallbackEffect =
  | { readonly type: 'authenticateMagicLink'; readonly key: string; readonly token: string; readonly sessionDurationMinutes: number }
  | { readonly type: 'authenticateOAuth'; readonly key: string; readonly token: string; readonly sessionDurationMinutes: number }
  | { readonly type: 'adoptSession'; readonly key: string; readonly token: string }
  | { readonly type: 'rememberToken'; readonly token: string; readonly tokenType: string | null }
  /**
   * The OAuth round trip ended signed in: remembers on this device which provider was used (SPEC §2
   * 'Last used'; this tab's note says which when the provider's answer was lost) and drops the note.
   */
  | { readonly type: 'finishOAuth'; readonly provider?: string }
  /** The OAuth round trip is over without a session: its note and proof (PKCE verifier) go. */
  | { readonly type: 'abandonOAuth' }
  | { readonly type: 'recallToken' }
  | { readonly type: 'forgetToken' }
  /** Waits until the session store knows whether someone is signed in. */
  | { readonly type: 'awaitSession'; readonly key: string }
  | CommonEffect<CallbackEvent>;

export const initialCallbackState = (input: CallbackInput): CallbackState => ({ status: 'starting', input });

const SUPPORTED_TOKEN_TYPES = new Set([null, 'magic_links', 'login', 'oauth']);
const isOAuth = (input: CallbackInput) => input.credential === undefined && input.tokenType === 'oauth';
const TICK_MS = 1000;

type Step = readonly [CallbackState, readonly CallbackEffect[]];

function authenticate(input: CallbackInput, token: string): Step {
  return [
    { status: 'authenticating', input, token },
    [
      input.credential === 'sessionToken'
        ? { type: 'adoptSession', key: 'authenticate', token }
        : isOAuth(input)
          ? { type: 'authenticateOAuth', key: 'authenticate', token, sessionDurationMinutes: input.sessionDurationMinutes }
          : { type: 'authenticateMagicLink', key: 'authenticate', token, sessionDurationMinutes: input.sessionDurationMinutes },
    ],
  ];
}

function succeed(input: CallbackInput, oauthProvider?: string): Step {
  const destination = destinationOf(input.returnContext);
  const remember: CallbackEffect[] = isOAuth(input) ? [{ type: 'finishOAuth', ...(oauthProvider === undefined ? {} : { provider: oauthProvider }) }] : [];
  // Replace, so Back from the destination never shows this page (and its used link) again.
  return [{ status: 'succeeded', input, destination }, [{ type: 'forgetToken' }, ...remember, { type: 'navigate', path: destination, replace: true }]];
}

function missingToken(input: CallbackInput): Step {
  const error = authError('missing_token');
  return [{ status: 'checkingSession', input, message: errorMessage(error) }, [{ type: 'reportError', error }, { type: 'awaitSession', key: 'session' }]];
}

/**
 * The sign-in return page (`/login/callback`): a magic link's or an OAuth provider's token →
 * authenticate → session → the validated destination.
 */
export function callbackTransition(state: CallbackState, event: CallbackEvent, context: TransitionContext): Step {
  const { input } = state;
  switch (event.type) {
    case 'started': {
      if (state.status !== 'starting') return [state, []];
      if (input.credential === 'sessionToken') {
        // A session token is never stored: after a reload the session cookie it set speaks for it.
        return input.token === null || input.token === '' ? missingToken(input) : authenticate(input, input.token);
      }
      if (!SUPPORTED_TOKEN_TYPES.has(input.tokenType)) return missingToken(input);
      if (input.token === null || input.token === '') return [state, [{ type: 'recallToken' }]];
      const [next, effects] = authenticate(input, input.token);
      // Kept for this tab until the link is used up, so a reload after a network failure can retry.
      return [next, [{ type: 'rememberToken', token: input.token, tokenType: input.tokenType }, ...effects]];
    }
    case 'tokenRecalled': {
      if (state.status !== 'starting') return [state, []];
      if (event.token === null) return missingToken(input);
      // The reloaded address no longer says what the token was; storage does.
      return authenticate(event.tokenType === undefined ? input : { ...input, tokenType: event.tokenType }, event.token);
    }

    case 'authenticated':
      if (state.status !== 'authenticating') return [state, []];
      return succeed(input, event.oauthProvider);

    case 'authenticationFailed': {
      if (state.status !== 'authenticating') return [state, []];
      const message = errorMessage(event.error);
      if (event.error.retryable) {
        const retryAt = event.error.retryAfterMs === undefined ? null : context.now + event.error.retryAfterMs;
        return [
          { status: 'retryable', input, token: state.token, message, retryAt, now: context.now },
          [{ type: 'reportError', error: event.error }, ...(retryAt === null ? [] : [{ type: 'timer', key: 'tick', delayMs: TICK_MS, event: { type: 'tick' } } as const])],
        ];
      }
      // The link is used up. Someone already signed in (a second click on the link, a retried call
      // that went through) goes on.
      return [{ status: 'checkingSession', input, message }, [{ type: 'forgetToken' }, { type: 'reportError', error: event.error }, { type: 'awaitSession', key: 'session' }]];
    }

    case 'sessionKnown':
      if (state.status !== 'checkingSession') return [state, []];
      if (event.signedIn) return succeed(input);
      // An OAuth round trip that ends here without a session: its note and proof go.
      return [{ status: 'failed', input, message: state.message }, isOAuth(input) ? [{ type: 'abandonOAuth' }] : []];

    case 'retryClicked':
      if (state.status !== 'retryable' || (state.retryAt !== null && context.now < state.retryAt)) return [state, []];
      return authenticate(input, state.token);

    case 'tick':
      if (state.status !== 'retryable' || state.retryAt === null) return [state, []];
      if (context.now >= state.retryAt) return [{ ...state, retryAt: null, now: context.now }, []];
      return [{ ...state, now: context.now }, [{ type: 'timer', key: 'tick', delayMs: TICK_MS, event: { type: 'tick' } }]];
  }
}

/** What the return page renders. */
export type CallbackView =
  | { readonly status: 'busy' }
  | { readonly status: 'failed'; readonly message: MessageRef; readonly retry: null | { readonly inSeconds: number | null } };

/** Maps callback state to its view model. */
export function callbackView(state: CallbackState): CallbackView {
  switch (state.status) {
    case 'starting':
    case 'authenticating':
    case 'checkingSession':
    case 'succeeded':
      return { status: 'busy' };
    case 'failed':
      return { status: 'failed', message: state.message, retry: null };
    case 'retryable': {
      const waitMs = state.retryAt === null ? 0 : state.retryAt - state.now;
      return { status: 'failed', message: state.message, retry: { inSeconds: waitMs > 0 ? Math.ceil(waitMs / 1000) : null } };
    }
  }
}
