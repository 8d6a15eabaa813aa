import type { AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { AuthorizeParams, AuthorizeStart } from '../../ports/identity-provider.port';
import type { TransitionContext } from '../flow-runner';
import type { IdentityProviderEffect, IdentityProviderEvent, IdentityProviderInput, IdentityProviderState } from './identity-provider.types';

type Step = readonly [IdentityProviderState, readonly IdentityProviderEffect[]];

/** SPEC §9: an attested session lasts 60 minutes. */
const ATTESTED_SESSION_MINUTES = 60;

const stay = (state: IdentityProviderState): Step => [state, []];

/** The page opens: a refused request shows its problem and calls nothing. */
export function initialIdentityProviderState(input: IdentityProviderInput): IdentityProviderState {
  return input.request.kind === 'invalid' ? { screen: 'invalid', problem: input.request.problem, started: false } : { screen: 'opening', input };
}

/**
 * The first calls (SPEC §4). Authorize: with the page settings' trusted token, revoke any
 * session and attest one (60 minutes); otherwise check there is a session. Logout: its preflight.
 */
function begin(input: IdentityProviderInput): Step {
  const { request } = input;
  if (request.kind === 'logout') return [{ screen: 'preflight', input }, [{ type: 'startLogout', key: 'idp:call', params: request.params }]];
  if (input.attestation !== null) {
    return [{ screen: 'loading', input }, [{ type: 'attest', key: 'idp:call', request: { ...input.attestation, sessionDurationMinutes: ATTESTED_SESSION_MINUTES } }]];
  }
  return [{ screen: 'loading', input }, [{ type: 'checkSession', key: 'idp:call' }]];
}

/** SPEC §4 authorize: the preflight start call. */
function preflight(input: IdentityProviderInput): Step {
  if (input.request.kind !== 'authorize') return begin(input);
  return [{ screen: 'preflight', input }, [{ type: 'startAuthorize', key: 'idp:call', params: input.request.params }]];
}

/**
 * SPEC §6: the request as it is granted — the scopes the provider says this user may grant
 * (all of them, if it named none grantable: the provider then decides what to answer).
 */
function grantableOnly(params: AuthorizeParams, start: AuthorizeStart): AuthorizeParams {
  const grantable = start.scopeResults.filter((result) => result.isGrantable).map((result) => result.scope);
  return grantable.length === 0 ? params : { ...params, scopes: params.scopes.filter((scope) => grantable.includes(scope)) };
}

/** SPEC §8: start errors show the provider's `error_message` under 'Looks like there was an error!'. */
function failed(input: IdentityProviderInput, error: AuthError, message: MessageRef = errorMessage(error)): Step {
  return [{ screen: 'error', input, message }, [{ type: 'reportError', error }]];
}

const inputOf = (state: IdentityProviderState): IdentityProviderInput | null => (state.screen === 'invalid' ? null : state.input);

/** The identity-provider page as a pure machine (SPEC §4 consent and logout flows). */
export function identityProviderTransition(state: IdentityProviderState, event: IdentityProviderEvent, _context: TransitionContext): Step {
  const input = inputOf(state);
  // A refused request is an identity-provider screen too: it is logged, and nothing else happens.
  if (state.screen === 'invalid' || input === null) {
    if (state.screen !== 'invalid' || event.type !== 'started' || state.started) return stay(state);
    return [{ ...state, started: true }, [{ type: 'telemetry', event: { name: 'render_idp_screen', details: { flow: 'invalid' } } }]];
  }
  switch (event.type) {
    case 'started': {
      if (state.screen !== 'opening') return stay(state);
      const [next, effects] = begin(input);
      return [next, [{ type: 'telemetry', event: { name: 'render_idp_screen', details: { flow: input.request.kind } } }, ...effects]];
    }

    case 'sessionChecked':
      if (state.screen !== 'loading') return stay(state);
      return event.session === null ? stay({ screen: 'noSession', input }) : preflight(input);

    case 'attested':
      return state.screen === 'loading' ? preflight(input) : stay(state);

    case 'sessionCheckFailed':
    case 'attestFailed':
      return state.screen === 'loading' ? failed(input, event.error) : stay(state);

    case 'authorizeStarted': {
      if (state.screen !== 'preflight' || input.request.kind !== 'authorize') return stay(state);
      const params = grantableOnly(input.request.params, event.start);
      // SPEC §4: no consent needed, the decision goes at once (consent_granted false).
      if (!event.start.consentRequired) return [{ screen: 'submitting', input, params, start: event.start }, [{ type: 'submitAuthorize', key: 'idp:call', params, consentGranted: false }]];
      return stay({ screen: 'consent', input, params, start: event.start, submitting: null });
    }

    case 'allowClicked':
    case 'denyClicked': {
      if (state.screen !== 'consent' || state.submitting !== null) return stay(state);
      const granted = event.type === 'allowClicked';
      // SPEC §6: only grantable scopes can be granted; with none, there is nothing to allow.
      if (granted && !state.start.scopeResults.some((result) => result.isGrantable)) return stay(state);
      return [{ ...state, submitting: granted ? 'allow' : 'deny' }, [{ type: 'submitAuthorize', key: 'idp:call', params: state.params, consentGranted: granted }]];
    }

    case 'authorizeSubmitted': {
      if (state.screen !== 'consent' && state.screen !== 'submitting') return stay(state);
      const granted = state.screen === 'submitting' ? true : state.submitting === 'allow';
      // SPEC §4: to the redirect the provider returned — never the query's.
      if (event.redirectUri !== null) return [{ screen: 'leaving', input, start: state.start }, [{ type: 'leave', key: 'idp:leave', url: event.redirectUri }]];
      return stay(granted ? { screen: 'granted', input, start: state.start } : { screen: 'denied', input, start: state.start });
    }

    case 'logoutStarted':
      if (state.screen !== 'preflight' || input.request.kind !== 'logout') return stay(state);
      if (!event.consentRequired) return [{ screen: 'leaving', input, start: null }, [{ type: 'revokeForLogout', key: 'idp:call', redirectUri: event.redirectUri }]];
      return stay({ screen: 'logoutConsent', input, params: input.request.params, redirectUri: event.redirectUri, busy: false });

    case 'yesClicked':
      if (state.screen !== 'logoutConsent' || state.busy) return stay(state);
      return [{ ...state, busy: true }, [{ type: 'revokeForLogout', key: 'idp:call', redirectUri: state.redirectUri }]];

    case 'noClicked':
      if (state.screen !== 'logoutConsent' || state.busy) return stay(state);
      return stay({ screen: 'notLoggedOut', input });

    case 'revoked':
      if (state.screen !== 'leaving' && state.screen !== 'logoutConsent') return stay(state);
      return [{ screen: 'leaving', input, start: null }, [{ type: 'leave', key: 'idp:leave', url: event.redirectUri }]];

    case 'failed':
      if (state.screen === 'preflight' || state.screen === 'submitting' || (state.screen === 'consent' && state.submitting !== null)) return failed(input, event.error);
      return stay(state);

    case 'retryClicked':
      // The whole request again, as a reload would: the session may have changed meanwhile.
      if (state.screen !== 'error') return stay(state);
      return begin(input);
  }
}
