import type { OAuthProviderType } from '../../../domain/config/widget-config';
import { errorMessage } from '../../../domain/errors/error-catalogue';
import { oauthProviderName } from '../../../domain/oauth/oauth-buttons';
import { buildReturnUrl } from '../../../domain/redirects/return-url';
import type { CommonEffect } from '../../../flows/common-effects';
import type { OAuthStartRequest } from '../../../ports/oauth.port';
import { LOGIN_CALLBACK_PATH } from '../../../domain/redirects/return-urls';
import type { ProductContext, ProductStep, SlotAction, WidgetInput } from '../../widget.types';
import type { OAuthSelection } from './oauth.slot';
import type { OAuthEffect, OAuthEvent, OAuthState } from './oauth.types';

/**
 * How long the page may stay after the browser was asked to leave for the provider. Past it the
 * provider's page is not coming (a hung or refused navigation), so the button works again.
 */
export const OAUTH_LEAVE_TIMEOUT_MS = 15_000;

type Step = ProductStep<OAuthState, OAuthEffect | CommonEffect<OAuthEvent>>;

/**
 * SPEC §7 "oauth provider start": the return URLs (`/login/callback` carrying redirect and source,
 * unless configured), and the provider entry's custom scopes and parameters.
 */
export function oauthStartRequest(input: WidgetInput, provider: OAuthProviderType): OAuthStartRequest {
  const options = input.config.oauthOptions;
  const entry = options?.providers.find((candidate) => candidate.type === provider);
  const defaultUrl = buildReturnUrl(input.origin, LOGIN_CALLBACK_PATH, input.returnContext);
  const loginRedirectUrl = options?.loginRedirectURL ?? defaultUrl;
  return {
    provider,
    loginRedirectUrl,
    signupRedirectUrl: options?.signupRedirectURL ?? loginRedirectUrl,
    ...(entry?.custom_scopes === undefined ? {} : { customScopes: entry.custom_scopes }),
    ...(entry?.provider_params === undefined ? {} : { providerParams: entry.provider_params }),
  };
}

/** Main's OAuth button pressed (the OAuth slot's action): start the round trip. */
export function enterOAuth(action: SlotAction<OAuthSelection>, context: ProductContext): Step {
  const { provider } = action.detail;
  return {
    state: { screen: 'starting', provider },
    effects: [{ type: 'startOAuth', key: 'start', request: oauthStartRequest(context.input, provider), email: action.email }],
  };
}

export function oauthTransition(state: OAuthState, event: OAuthEvent, context: ProductContext): Step {
  switch (event.type) {
    case 'started':
      if (state.screen !== 'starting') return { state, effects: [] };
      return {
        state: { screen: 'leaving', provider: state.provider },
        effects: [{ type: 'timer', key: 'leave', delayMs: OAUTH_LEAVE_TIMEOUT_MS, event: { type: 'leaveTimedOut' } }],
      };
    case 'startFailed': {
      if (state.screen !== 'starting') return { state, effects: [] };
      const retryAfterMs = event.error.retryAfterMs;
      return {
        state,
        effects: [{ type: 'reportError', error: event.error }],
        output: {
          type: 'showMain',
          error: errorMessage(event.error),
          ...(retryAfterMs === undefined ? {} : { retryAt: context.now + retryAfterMs }),
        },
      };
    }
    case 'leaveTimedOut':
      if (state.screen !== 'leaving') return { state, effects: [] };
      return {
        state,
        effects: [{ type: 'stopLeaving' }],
        output: { type: 'showMain', error: { key: 'error.oauthDidNotOpen', params: { provider: oauthProviderName(state.provider) } } },
      };
  }
}

/** The OAuth product has no screen of its own (it works from Main, then leaves the page): nothing to bring back. */
export const oauthSnapshot = (): null => null;

/** See {@link oauthSnapshot}: no record is one of the OAuth product's. */
export const resumeOAuth = (): null => null;
