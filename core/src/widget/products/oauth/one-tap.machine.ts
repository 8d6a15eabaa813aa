import type { AuthError } from '../../../domain/errors/auth-error';
import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import { sameOriginReturnPath } from '../../../domain/redirects/return-url';
import type { SafePath } from '../../../domain/redirects/safe-redirect';
import type { GooglePromptMoment, GooglePromptRequest } from '../../../ports/google-identity.port';
import type { OneTapSettings, OneTapSubmitRequest } from '../../../ports/oauth.port';
import type { CommonEffect } from '../../../flows/common-effects';
import type { TransitionContext } from '../../../flows/flow-runner';

/** How long One Tap may stay pending (settings, Google's script, the prompt) before the Google button takes its place. */
export const ONE_TAP_PENDING_TIMEOUT_MS = 10_000;

/** What a page showing One Tap starts it with. */
export interface OneTapInput {
  readonly origin: string;
  /** Where the provider sends the visitor with the OAuth token (the widget's OAuth return URLs). */
  readonly loginRedirectUrl: string;
  readonly signupRedirectUrl: string;
  /** Id of the element the prompt is embedded in; `null` lets Google float it. */
  readonly parentId: string | null;
  readonly cancelOnTapOutside: boolean;
  /** A configuration error's developer message is shown in the widget too (development only, issue 16 §10). */
  readonly showDeveloperMessages: boolean;
}

/**
 * Why One Tap gave way to the Google button. The configuration errors of SPEC §8 each have their
 * own reason (and developer message); `unavailable` covers the ordinary cases (no Google session,
 * the visitor opted out, a network failure, too slow).
 */
export type OneTapFailure =
  | 'origin_not_allowed'
  | 'invalid_client'
  | 'oauth_config_not_found'
  | 'no_login_redirect_urls_set'
  | 'no_signup_redirect_urls_set'
  | 'default_provider_not_allowed'
  | 'unavailable';

/** SPEC §4 One Tap states: pending, shown, cancelled, failed (then the normal Google button). */
export type OneTapState =
  | {
      readonly status: 'pending';
      readonly input: OneTapInput;
      readonly settings: OneTapSettings | null;
      /** Google's script is loaded. */
      readonly scriptReady: boolean;
      /** The element the prompt embeds in is on the page (always true for a floating prompt). */
      readonly parentReady: boolean;
    }
  | { readonly status: 'shown'; readonly input: OneTapInput; readonly settings: OneTapSettings }
  | { readonly status: 'submitting'; readonly input: OneTapInput }
  | { readonly status: 'redirecting'; readonly input: OneTapInput }
  | { readonly status: 'cancelled'; readonly input: OneTapInput }
  | { readonly status: 'failed'; readonly input: OneTapInput; readonly reason: OneTapFailure; readonly message: MessageRef | null };

export type OneTapEvent =
  | { readonly type: 'started' }
  | { readonly type: 'settingsLoaded'; readonly settings: OneTapSettings }
  | { readonly type: 'settingsFailed'; readonly error: AuthError }
  | { readonly type: 'scriptLoaded' }
  /** The page shows the element the prompt embeds in (`input.parentId`); Google needs it there when prompting. */
  | { readonly type: 'parentMounted' }
  | { readonly type: 'scriptFailed'; readonly error: AuthError }
  | { readonly type: 'moment'; readonly moment: GooglePromptMoment }
  | { readonly type: 'submitted'; readonly redirectUrl: string }
  | { readonly type: 'submitFailed'; readonly error: AuthError }
  | { readonly type: 'pendingTimedOut' };

export type OneTapEffect =
  | { readonly type: 'loadOneTapSettings'; readonly key: string }
  | { readonly type: 'loadGoogleScript'; readonly key: string }
  /** Shows Google's prompt for as long as the effect runs; cancelling the key closes it. */
  | { readonly type: 'showPrompt'; readonly key: string; readonly request: GooglePromptRequest }
  | { readonly type: 'submitCredential'; readonly key: string; readonly request: OneTapSubmitRequest }
  | CommonEffect<OneTapEvent>;

type Step = readonly [OneTapState, readonly OneTapEffect[]];

const PROMPT_KEY = 'prompt';

/** SPEC §8: what a developer reads in the console for each configuration error (never shown to visitors). */
export const ONE_TAP_DEVELOPER_MESSAGES: Readonly<Record<Exclude<OneTapFailure, 'unavailable'>, string>> = {
  origin_not_allowed:
    "One Tap cannot render: this page's origin is not an Authorized JavaScript origin of the project's Google client. Add it in the Google API console (for localhost, add both http://localhost and http://localhost:<port>).",
  invalid_client: "One Tap cannot render: Google does not recognise the project's Google client ID. Check that the client ID saved with the provider matches the one in the Google Cloud console.",
  oauth_config_not_found: 'One Tap cannot render: the project has no Google OAuth client configured. Configure one in the provider dashboard.',
  no_login_redirect_urls_set:
    'One Tap cannot render: the project has no login redirect URLs, so the oauthOptions.loginRedirectURL cannot be verified. Register one in the provider dashboard.',
  no_signup_redirect_urls_set:
    'One Tap cannot render: the project has no signup redirect URLs, so the oauthOptions.signupRedirectURL cannot be verified. Register one in the provider dashboard.',
  default_provider_not_allowed: "One Tap cannot render: the provider's default (shared) Google client cannot be used with One Tap. Configure the project's own Google client.",
};

const CONFIGURATION_ERROR_TYPES: ReadonlySet<string> = new Set(['oauth_config_not_found', 'no_login_redirect_urls_set', 'no_signup_redirect_urls_set', 'default_provider_not_allowed']);

/** Google's not-displayed reasons that mean the project is misconfigured. */
function promptFailure(reason: string): OneTapFailure {
  if (reason === 'unregistered_origin' || reason === 'origin_mismatch') return 'origin_not_allowed';
  if (reason === 'invalid_client') return 'invalid_client';
  return 'unavailable';
}

function settingsFailure(error: AuthError): OneTapFailure {
  const type = error.providerType ?? error.code;
  return CONFIGURATION_ERROR_TYPES.has(type) ? (type as OneTapFailure) : 'unavailable';
}

export const initialOneTapState = (input: OneTapInput): OneTapState => ({ status: 'pending', input, settings: null, scriptReady: false, parentReady: input.parentId === null });

/** Prompts once everything it needs is there: the settings, Google's script, and the element it embeds in. */
function promptWhenReady(state: Extract<OneTapState, { readonly status: 'pending' }>): Step {
  const { settings, input } = state;
  if (settings === null || !state.scriptReady || !state.parentReady) return [state, []];
  return [state, [{ type: 'showPrompt', key: PROMPT_KEY, request: { clientId: settings.googleClientId, parentId: input.parentId, cancelOnTapOutside: input.cancelOnTapOutside } }]];
}

/** Gives way to the Google button, telling the developer why when it is their configuration. */
function fail(input: OneTapInput, reason: OneTapFailure, detail: string, message: MessageRef | null = null): Step {
  const log: OneTapEffect[] =
    reason === 'unavailable' ? [{ type: 'log', message: `One Tap is not shown (${detail}); the Google button is shown instead.` }] : [{ type: 'log', message: ONE_TAP_DEVELOPER_MESSAGES[reason], detail }];
  return [{ status: 'failed', input, reason, message }, [{ type: 'cancel', key: PROMPT_KEY }, { type: 'cancel', key: 'pending' }, ...log]];
}

/** Google One Tap on the production host (SPEC §2, §4, §8): settings → Google's script → prompt → credential → the OAuth return page. */
export function oneTapTransition(state: OneTapState, event: OneTapEvent, _context: TransitionContext): Step {
  const { input } = state;
  switch (event.type) {
    case 'started':
      if (state.status !== 'pending' || state.settings !== null) return [state, []];
      return [
        state,
        [
          { type: 'loadOneTapSettings', key: 'settings' },
          { type: 'timer', key: 'pending', delayMs: ONE_TAP_PENDING_TIMEOUT_MS, event: { type: 'pendingTimedOut' } },
        ],
      ];
    case 'settingsLoaded':
      if (state.status !== 'pending') return [state, []];
      return [{ ...state, settings: event.settings }, [{ type: 'loadGoogleScript', key: 'script' }]];
    case 'settingsFailed':
      if (state.status !== 'pending') return [state, []];
      return fail(input, settingsFailure(event.error), event.error.providerType ?? event.error.code);
    case 'scriptLoaded':
      if (state.status !== 'pending' || state.settings === null || state.scriptReady) return [state, []];
      return promptWhenReady({ ...state, scriptReady: true });
    case 'parentMounted':
      if (state.status !== 'pending' || state.parentReady) return [state, []];
      return promptWhenReady({ ...state, parentReady: true });
    case 'scriptFailed':
      if (state.status !== 'pending') return [state, []];
      return fail(input, 'unavailable', `Google's script did not load: ${event.error.code}`);
    case 'pendingTimedOut':
      if (state.status !== 'pending') return [state, []];
      return fail(input, 'unavailable', `not ready after ${ONE_TAP_PENDING_TIMEOUT_MS / 1000} s`);
    case 'moment':
      return onMoment(state, event.moment);
    case 'submitted': {
      if (state.status !== 'submitting') return [state, []];
      const path: SafePath | null = sameOriginReturnPath(event.redirectUrl, input.origin, [input.loginRedirectUrl, input.signupRedirectUrl]);
      if (path === null) return fail(input, 'unavailable', 'the provider returned a redirect URL that is not one of the OAuth return URLs', { key: 'error.unexpected' });
      return [{ status: 'redirecting', input }, [{ type: 'navigate', path }]];
    }
    case 'submitFailed':
      if (state.status !== 'submitting') return [state, []];
      return fail(input, 'unavailable', `the credential was refused: ${event.error.providerType ?? event.error.code}`, errorMessage(event.error));
  }
}

function onMoment(state: OneTapState, moment: GooglePromptMoment): Step {
  const { input } = state;
  switch (moment.type) {
    case 'displayed':
      if (state.status !== 'pending' || state.settings === null) return [state, []];
      return [{ status: 'shown', input, settings: state.settings }, [{ type: 'cancel', key: 'pending' }]];
    case 'notDisplayed':
      if (state.status !== 'pending' && state.status !== 'shown') return [state, []];
      return fail(input, promptFailure(moment.reason), `Google did not display the prompt: ${moment.reason}`);
    case 'skipped':
    case 'dismissed':
      // A credential's own dismissal follows it; every other close is the visitor's (or Google's) choice.
      if (moment.type === 'dismissed' && moment.reason === 'credential_returned') return [state, []];
      if (state.status !== 'pending' && state.status !== 'shown') return [state, []];
      return [{ status: 'cancelled', input }, [{ type: 'cancel', key: PROMPT_KEY }, { type: 'cancel', key: 'pending' }]];
    case 'credential': {
      if (state.status !== 'shown' && state.status !== 'pending') return [state, []];
      const settings = state.settings;
      if (settings === null) return [state, []];
      return [
        { status: 'submitting', input },
        [
          { type: 'cancel', key: 'pending' },
          {
            type: 'submitCredential',
            key: 'submit',
            request: { credential: moment.credential, callbackId: settings.callbackId, loginRedirectUrl: input.loginRedirectUrl, signupRedirectUrl: input.signupRedirectUrl },
          },
        ],
      ];
    }
  }
}

/** What the One Tap slot renders. */
export interface OneTapView {
  readonly status: OneTapState['status'];
  /** The prompt's place is kept (pending, shown, submitting, redirecting). */
  readonly holdsPlace: boolean;
  /** One Tap gave way: the normal Google button is shown. */
  readonly fallback: boolean;
  /** A message for the visitor (a credential the provider refused), shown by the Google button. */
  readonly message: MessageRef | null;
  /** SPEC §8: why One Tap cannot render, for the developer, when the page shows developer messages; else `null`. */
  readonly developerMessage: string | null;
}

export function oneTapView(state: OneTapState): OneTapView {
  const fallback = state.status === 'cancelled' || state.status === 'failed';
  const developerMessage = state.status === 'failed' && state.reason !== 'unavailable' && state.input.showDeveloperMessages ? ONE_TAP_DEVELOPER_MESSAGES[state.reason] : null;
  return { status: state.status, holdsPlace: !fallback, fallback, message: state.status === 'failed' ? state.message : null, developerMessage };
}
