import type { Observable } from 'rxjs';
import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail } from '../../../domain/errors/auth-error';
import { PENDING_OAUTH_STORAGE_KEY } from '../../../domain/oauth/oauth-buttons';
import { providerCall } from '../../../flows/provider-call';
import type { OAuthEffect, OAuthEvent } from './oauth.types';

/** Runs the OAuth product's one provider call. */
export function interpretOAuthEffect(effect: OAuthEffect, host: AuthCoreHost): Observable<OAuthEvent> {
  const { oauth, storage } = host.ports;
  return providerCall(
    host,
    async (options) => {
      if (!oauth) return fail(authError('unexpected'));
      // Noted before the page may leave: a visitor back on Main without the return page is told.
      storage.set(PENDING_OAUTH_STORAGE_KEY, effect.request.provider);
      const result = await oauth.start(effect.request, options);
      if (!result.ok) storage.remove(PENDING_OAUTH_STORAGE_KEY);
      return result;
    },
    (result): OAuthEvent => (result.ok ? { type: 'started' } : { type: 'startFailed', error: result.error }),
  );
}
