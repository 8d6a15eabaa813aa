import { stream, type Stream } from '../../../flows/stream';
import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, type AuthError } from '../../../domain/errors/auth-error';
import { PENDING_OAUTH_STORAGE_KEY } from '../../../domain/oauth/oauth-buttons';
import { writePendingOAuth } from '../../../domain/oauth/pending-oauth-note';
import { providerCall } from '../../../flows/provider-call';
import type { OAuthEffect, OAuthEvent } from './oauth.types';

/** Runs the OAuth product's one provider call. */
export function interpretOAuthEffect(effect: OAuthEffect, host: AuthCoreHost): Stream<OAuthEvent> {
  const { oauth, storage, navigation } = host.ports;
  if (effect.type === 'stopLeaving') {
    navigation.stop?.();
    // Not rxjs's NO_EVENTS: importing it here made the bundler split shared modules out of /login's first load.
    return stream<OAuthEvent>((subscriber) => subscriber.complete());
  }
  const start = providerCall(
    host,
    async (options) => {
      if (!oauth) return fail(authError('unexpected'));
      // Noted before the page may leave: a visitor back on Main without the return page is told.
      storage.set(PENDING_OAUTH_STORAGE_KEY, writePendingOAuth({ provider: effect.request.provider, email: effect.email }));
      const result = await oauth.start(effect.request, options);
      if (!result.ok) storage.remove(PENDING_OAUTH_STORAGE_KEY);
      return result;
    },
    (result): OAuthEvent => (result.ok ? { type: 'started' } : { type: 'startFailed', error: result.error }),
  );
  // What Main may have to say after the round trip ('not completed' on Back, 'did not open') is
  // here before the page leaves: a catalogue still on its way then never arrives (the stop of a
  // hung page load stops it too, and Chromium leaves it pending in a page restored from its
  // back-forward cache), so Main would have no words for 8 s. The wait has its own deadline (the
  // translator's, and it never rejects); the start's begins after it. Cancelled meanwhile, the
  // start never begins.
  return stream<OAuthEvent>((subscriber) => {
    let inner: { unsubscribe(): void } | null = null;
    void host.prepareErrorDisplay().then(() => {
      if (!subscriber.closed) inner = start.subscribe(subscriber);
    });
    return () => inner?.unsubscribe();
  });
}

/** The event for an OAuth effect that failed outside its own handling (a start that threw). */
export function oauthEffectFailure(effect: OAuthEffect, error: AuthError): OAuthEvent | null {
  return effect.type === 'startOAuth' ? { type: 'startFailed', error } : null;
}
