import type { AuthCoreHost } from '../../create-auth-core';
import { authError, fail, ok, type AuthError, type Result } from '../../domain/errors/auth-error';
import type { IdentityProviderPort } from '../../ports/identity-provider.port';
import { interpretCommonEffect, isCommonEffect } from '../common-effects';
import { providerCall } from '../provider-call';
import { NO_EVENTS, stream, type Stream } from '../stream';
import type { IdentityProviderEffect, IdentityProviderEvent } from './identity-provider.types';

const failed = (error: AuthError): IdentityProviderEvent => ({ type: 'failed', error });

/** A page composed without the identity-provider port: a failure, logged, rather than a screen that waits. */
function withIdp<T>(host: AuthCoreHost, call: (idp: IdentityProviderPort) => Promise<Result<T>>): Promise<Result<T>> {
  const { identityProvider } = host.ports;
  if (identityProvider !== undefined) return call(identityProvider);
  host.logger.error('The identity-provider page was opened on a core without the identityProvider port');
  return Promise.resolve(fail(authError('unexpected')));
}

/**
 * Whether there is a session, as the core's session store learns it (it checks once for the whole
 * page; asking the provider again would be a second call for the same answer). A store that could
 * not tell is asked to try again.
 */
function sessionAnswer(host: AuthCoreHost): Stream<IdentityProviderEvent> {
  return stream<IdentityProviderEvent>((subscriber) => {
    const answer = (): boolean => {
      const state = host.session.getSnapshot();
      if (state.status === 'unknown') return false;
      if (state.status === 'unavailable') subscriber.next({ type: 'sessionCheckFailed', error: state.error });
      else subscriber.next({ type: 'sessionChecked', session: state.status === 'authenticated' ? { user: state.user, session: state.session } : null });
      subscriber.complete();
      return true;
    };
    if (host.session.getSnapshot().status === 'unavailable') host.session.retry();
    if (answer()) return undefined;
    const unsubscribe = host.session.subscribe(() => {
      if (!subscriber.closed) answer();
    });
    return unsubscribe;
  });
}

/** Runs the identity-provider page's effects: the provider's calls, the session's, and leaving for the provider's redirect. */
export function interpretIdentityProviderEffect(host: AuthCoreHost, effect: IdentityProviderEffect): Stream<IdentityProviderEvent> {
  if (isCommonEffect<IdentityProviderEvent>(effect)) return interpretCommonEffect(host, effect);
  switch (effect.type) {
    case 'checkSession':
      return sessionAnswer(host);
    case 'attest':
      return providerCall(
        host,
        async (options) => {
          // SPEC §4: any existing session is revoked first; a failure to revoke does not stop the attestation.
          await host.ports.session.revoke(options);
          return withIdp(host, (idp) => idp.attestSession(effect.request, options));
        },
        (result): IdentityProviderEvent => (result.ok && result.value !== null ? { type: 'attested' } : { type: 'attestFailed', error: result.ok ? authError('invalid_response') : result.error }),
        host.callTimeoutMs * 2,
      );
    case 'startAuthorize':
      return providerCall(
        host,
        (options) => withIdp(host, (idp) => idp.authorizeStart(effect.params, options)),
        (result): IdentityProviderEvent => (result.ok ? { type: 'authorizeStarted', start: result.value } : failed(result.error)),
      );
    case 'submitAuthorize':
      return providerCall(
        host,
        (options) => withIdp(host, (idp) => idp.authorizeSubmit(effect.params, effect.consentGranted, options)),
        (result): IdentityProviderEvent => (result.ok ? { type: 'authorizeSubmitted', redirectUri: result.value.redirectUri } : failed(result.error)),
      );
    case 'startLogout':
      return providerCall(
        host,
        (options) => withIdp(host, (idp) => idp.logoutStart(effect.params, options)),
        (result): IdentityProviderEvent => (result.ok ? { type: 'logoutStarted', consentRequired: result.value.consentRequired, redirectUri: result.value.redirectUri } : failed(result.error)),
      );
    case 'revokeForLogout':
      return providerCall(
        host,
        // SPEC §4: a failed revoke is ignored; the visitor still goes back to the application.
        async (options) => {
          const revoked = await host.ports.session.revoke(options);
          if (!revoked.ok) host.logger.error('Ending the session for a logout failed; going back to the application anyway', revoked.error);
          return ok(undefined);
        },
        (): IdentityProviderEvent => ({ type: 'revoked', redirectUri: effect.redirectUri }),
      );
    case 'leave':
      host.ports.navigation.leave(effect.url);
      return NO_EVENTS;
  }
}

/** An effect that failed outside its own handling (its interpreter threw) ends like a provider failure. */
export function identityProviderEffectFailure(_effect: IdentityProviderEffect, error: AuthError): IdentityProviderEvent {
  return failed(error);
}
