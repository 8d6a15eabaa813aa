import type { Observable } from 'rxjs';
import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import type { OAuthEffect, OAuthEvent } from './oauth.types';

/** Runs the OAuth product's one provider call. */
export function interpretOAuthEffect(effect: OAuthEffect, host: AuthCoreHost): Observable<OAuthEvent> {
  const { oauth } = host.ports;
  return providerCall(
    host,
    (options) => (oauth ? oauth.start(effect.request, options) : Promise.resolve(fail(authError('unexpected')))),
    (result): OAuthEvent => (result.ok ? { type: 'started' } : { type: 'startFailed', error: result.error }),
  );
}
