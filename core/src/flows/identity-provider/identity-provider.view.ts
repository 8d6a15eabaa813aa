import { clientNameOf, consentScopes } from '../../domain/identity-provider/consent-scopes';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { RbacPolicy } from '../../ports/project-settings.port';
import type { AuthorizeStart } from '../../ports/identity-provider.port';
import type { IdentityProviderInput, IdentityProviderState, IdentityProviderView } from './identity-provider.types';

/** The client's name for a request (SPEC §6: the registered one, else the redirect's host, else 'The App'). */
function clientName(input: IdentityProviderInput, start: AuthorizeStart | null): MessageRef {
  const redirect = input.request.kind === 'authorize' ? input.request.params.redirectUri : input.request.kind === 'logout' ? input.request.params.postLogoutRedirectUri : '';
  return clientNameOf(start?.clientName ?? null, redirect);
}

/**
 * What the identity-provider page renders. `projectScopes`: the project's scope list, once read
 * (it describes the scopes; without it, the provider's and the catalogue's words are used).
 */
export function identityProviderView(state: IdentityProviderState, projectScopes: RbacPolicy['scopes'] = []): IdentityProviderView {
  switch (state.screen) {
    case 'invalid':
      return { screen: 'invalid', problem: state.problem };
    case 'opening':
    case 'loading':
    case 'preflight':
    case 'submitting':
      return { screen: 'busy', message: state.input.request.kind === 'logout' && state.screen === 'preflight' ? 'idp.loggingOut' : 'idp.loading', clientName: null };
    case 'leaving':
      return { screen: 'busy', message: state.input.request.kind === 'logout' ? 'idp.loggingOut' : 'idp.redirecting', clientName: clientName(state.input, state.start) };
    case 'noSession':
      return { screen: 'noSession', loginPath: state.input.loginPath };
    case 'consent': {
      const scopes = consentScopes(state.start.scopeResults, projectScopes);
      // A sign-in only (openid and profile data) reads as one; anything more as access to the account.
      const signInOnly = state.start.scopeResults.every((result) => ['openid', 'profile', 'email', 'phone'].includes(result.scope));
      return {
        screen: 'consent',
        title: scopes.custom ? 'idp.accessTitleCustom' : signInOnly ? 'idp.signInTitle' : 'idp.accessTitle',
        projectName: state.input.projectName,
        clientName: clientName(state.input, state.start),
        clientDescription: state.start.clientDescription,
        scopes,
        submitting: state.submitting,
      };
    }
    case 'denied':
      return { screen: 'denied' };
    case 'granted':
      return { screen: 'granted', clientName: clientName(state.input, state.start) };
    case 'logoutConsent':
      return { screen: 'logoutConsent', projectName: state.input.projectName, busy: state.busy };
    case 'notLoggedOut':
      return { screen: 'notLoggedOut' };
    case 'error':
      return { screen: 'error', message: state.message };
  }
}
