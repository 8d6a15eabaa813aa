import { authError, type AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import { appPath, withReturnContext } from '../../domain/redirects/app-paths';
import { destinationOf } from '../../domain/redirects/safe-redirect';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../domain/retry/retry-countdown';
import { isWaiting } from '../../domain/retry/retry-window';
import type { TransitionContext } from '../flow-runner';
import type { SignInCallbackEffect, SignInCallbackEvent, SignInCallbackInput, SignInCallbackSettings, SignInCallbackState } from './sign-in-callback.types';

const SUPPORTED_TOKEN_TYPES = new Set([null, 'magic_links', 'login', 'oauth']);
const LOGIN_PATH = appPath('/login');
/** RFC 6749 §4.1.2.1: the resource owner (here, the visitor) denied the request — at Google, 'Cancel'. */
const ACCESS_DENIED = 'access_denied';
/**
 * What Stytch's `oauth/authenticate` answers for a round trip that came back from the provider
 * without a grant (the sandbox's Cancel; a denial at the provider's page).
 */
const CANCELLED_AT_PROVIDER = 'oauth_flow_callback_error';
const TICK: SignInCallbackEvent = { type: 'tick' };

type Step = readonly [SignInCallbackState, readonly SignInCallbackEffect[]];

/** The page's first state: the token it was opened with, if any, is not used yet. */
export function initialSignInCallbackState({ token, providerError, ...settings }: SignInCallbackInput): SignInCallbackState {
  // A provider's error counts only in place of a token: beside one, it is noise (or a crafted link).
  const withError = token === null || token === '' ? { ...settings, providerError: providerError ?? null } : settings;
  return { screen: 'starting', settings: withError, token };
}

const providerErrorOf = (settings: SignInCallbackSettings) => settings.providerError ?? null;
const isOAuth = (settings: SignInCallbackSettings) =>
  settings.credential !== 'sessionToken' && (settings.tokenType === 'oauth' || providerErrorOf(settings) !== null);

function authenticate(settings: SignInCallbackSettings, token: string): Step {
  return [
    { screen: 'authenticating', settings, token },
    [
      settings.credential === 'sessionToken'
        ? { type: 'adoptSession', key: 'authenticate', token }
        : isOAuth(settings)
          ? { type: 'authenticateOAuth', key: 'authenticate', token, sessionDurationMinutes: settings.sessionDurationMinutes }
          : { type: 'authenticateMagicLink', key: 'authenticate', token, sessionDurationMinutes: settings.sessionDurationMinutes },
    ],
  ];
}

function succeed(settings: SignInCallbackSettings, oauthProvider?: string): Step {
  const destination = destinationOf(settings.returnContext);
  const remember: SignInCallbackEffect[] = isOAuth(settings) ? [{ type: 'finishOAuth', ...(oauthProvider === undefined ? {} : { provider: oauthProvider }) }] : [];
  // A session handed over from the widget was announced there; a link or a round trip signs in here.
  const announce: SignInCallbackEffect[] =
    settings.credential === 'sessionToken' ? [] : [{ type: 'event', event: { type: 'sign_in_completed', data: { product: isOAuth(settings) ? 'oauth' : 'magicLink' } } }];
  // Replace, so Back from the destination never shows this page (and its used link) again.
  return [{ screen: 'succeeded', settings, destination }, [{ type: 'forgetToken' }, ...remember, ...announce, { type: 'navigate', path: destination, replace: true }]];
}

/** Nothing to authenticate: someone already signed in goes on, anyone else is told `error`. */
function unable(settings: SignInCallbackSettings, error: AuthError): Step {
  return [{ screen: 'checkingSession', settings, message: errorMessage(error) }, [{ type: 'reportError', error }, { type: 'awaitSession', key: 'session' }]];
}

/** The token is used up: this tab forgets it, then as {@link unable}. */
function usedUp(settings: SignInCallbackSettings, error: AuthError): Step {
  const [next, effects] = unable(settings, error);
  return [next, [{ type: 'forgetToken' }, ...effects]];
}

/**
 * Cancelled at the provider: not a failure to explain on this page. The visitor goes back to the
 * sign-in form with the return context, which finds the round trip's note marked and says so.
 */
function cancel(settings: SignInCallbackSettings): Step {
  const destination = withReturnContext(LOGIN_PATH, settings.returnContext);
  return [{ screen: 'cancelled', settings, destination }, [{ type: 'forgetToken' }, { type: 'noteOAuthCancelled' }]];
}

/**
 * Only this tab's hand-off is adopted (issue 16 §1). A `session_token` in the address alone is
 * another site's link, or a login CSRF: it never replaces a session, so a visitor already signed in
 * goes on as themselves, and anyone else is told plainly. Refused rather than confirmed ('Continue
 * as …?'): naming its account would mean adopting it first (docs/decisions.md).
 */
function adoptHandedOver(state: Extract<SignInCallbackState, { screen: 'starting' }>, handedOver: string | null): Step {
  // Never stored: after a reload the session cookie it set speaks for it.
  if (handedOver !== null) return authenticate(state.settings, handedOver);
  const fromAddress = state.token !== null && state.token !== '';
  return unable(state.settings, authError(fromAddress ? 'unbound_session_token' : 'missing_token'));
}

function start(state: Extract<SignInCallbackState, { screen: 'starting' }>): Step {
  const { settings, token } = state;
  if (settings.credential === 'sessionToken') return [state, [{ type: 'takeSessionHandoff' }]];
  if (token === null || token === '') {
    const providerError = providerErrorOf(settings);
    if (providerError === ACCESS_DENIED) return cancel(settings);
    // Any other provider error: the round trip failed; the page says so, with the way back.
    if (providerError !== null) return unable(settings, authError(CANCELLED_AT_PROVIDER));
  }
  if (!SUPPORTED_TOKEN_TYPES.has(settings.tokenType)) return unable(settings, authError('missing_token'));
  if (token === null || token === '') return [state, [{ type: 'recallToken' }]];
  const [next, effects] = authenticate(settings, token);
  // Kept for this tab until the link is used up, so a reload after a network failure can retry.
  return [next, [{ type: 'rememberToken', token, tokenType: settings.tokenType }, ...effects]];
}

/**
 * The sign-in return pages: `/login/callback` (a magic link's or an OAuth provider's token →
 * authenticate) and `/login/callback/web` (a handed-over session → adopt), then the validated
 * destination.
 */
export function signInCallbackTransition(state: SignInCallbackState, event: SignInCallbackEvent, context: TransitionContext): Step {
  const { settings } = state;
  switch (event.type) {
    case 'started':
      return state.screen === 'starting' ? start(state) : [state, []];

    case 'handoffTaken':
      if (state.screen !== 'starting' || settings.credential !== 'sessionToken') return [state, []];
      return adoptHandedOver(state, event.token);

    case 'tokenRecalled': {
      if (state.screen !== 'starting') return [state, []];
      if (event.token === null) return unable(settings, authError('missing_token'));
      // The reloaded address no longer says what the token was; storage does.
      return authenticate(event.tokenType === undefined ? settings : { ...settings, tokenType: event.tokenType }, event.token);
    }

    case 'authenticated':
      if (state.screen !== 'authenticating') return [state, []];
      return succeed(settings, event.oauthProvider);

    case 'authenticationFailed': {
      if (state.screen !== 'authenticating') return [state, []];
      if (isOAuth(settings) && event.error.code === CANCELLED_AT_PROVIDER) return cancel(settings);
      if (event.error.retryable) {
        const retry = retryWindowAfter(event.error, context.now);
        return [
          { screen: 'retryable', settings, token: state.token, message: errorMessage(event.error), retry },
          [{ type: 'reportError', error: event.error }, ...(retry === null ? [] : [retryTick('callback', TICK)])],
        ];
      }
      // The link is used up. Someone already signed in (a second click on the link, a retried call
      // that went through) goes on.
      return usedUp(settings, event.error);
    }

    case 'sessionKnown':
      if (state.screen !== 'checkingSession') return [state, []];
      if (event.signedIn) return succeed(settings);
      // An OAuth round trip that ends here without a session: its note and proof go.
      return [{ screen: 'failed', settings, message: state.message }, isOAuth(settings) ? [{ type: 'abandonOAuth' }] : []];

    case 'cancelNoted':
      if (state.screen !== 'cancelled') return [state, []];
      if (event.noted) return [state, [{ type: 'navigate', path: state.destination, replace: true }]];
      // No note to mark (another tab started the round trip, or storage is blocked): the form could
      // not say what happened, so this page does, with the way back.
      return [{ screen: 'failed', settings, message: errorMessage(authError(CANCELLED_AT_PROVIDER)) }, [{ type: 'abandonOAuth' }]];

    case 'retryClicked':
      if (state.screen !== 'retryable' || isWaiting(state.retry, context.now)) return [state, []];
      return authenticate(settings, state.token);

    case 'tick': {
      if (state.screen !== 'retryable' || state.retry === null) return [state, []];
      const retry = tickRetryWindow(state.retry, context.now);
      return [{ ...state, retry }, retry === null ? [] : [retryTick('callback', TICK)]];
    }
  }
}
