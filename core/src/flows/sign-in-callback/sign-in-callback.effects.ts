import { NO_EVENTS, stream, type Stream } from '../stream';
import type { AuthCoreHost } from '../../create-auth-core';
import { authError, fail, type AuthError } from '../../domain/errors/auth-error';
import { LAST_USED_OAUTH_STORAGE_KEY, PENDING_OAUTH_STORAGE_KEY, readPendingOAuth } from '../../domain/oauth/oauth-buttons';
import { writePendingOAuth } from '../../domain/oauth/pending-oauth-note';
import { takeSessionHandoff } from '../../domain/session/session-handoff';
import { runAfter } from '../../state/scheduling';
import { authenticateMagicLink } from '../../use-cases/authenticate-magic-link.use-case';
import { interpretCommonEffect, isCommonEffect } from '../common-effects';
import { providerCall } from '../provider-call';
import type { SignInCallbackEffect, SignInCallbackEvent } from './sign-in-callback.types';

/** Where a link that may still be used waits out a reload (per tab). */
export const PENDING_LINK_STORAGE_KEY = 'vestibule.pendingMagicLink';
/** A plausible token: what storage hands back is another tab's or an attacker's data until checked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_=-]{8,200}$/;
/** Stored OAuth tokens carry this prefix (magic-link tokens are stored bare, as before). */
const OAUTH_PREFIX = 'oauth:';

const answer = (event: SignInCallbackEvent) =>
  stream<SignInCallbackEvent>((subscriber) => {
    subscriber.next(event);
    subscriber.complete();
  });

function recallToken(stored: string | null): SignInCallbackEvent {
  if (stored === null) return { type: 'tokenRecalled', token: null };
  const oauth = stored.startsWith(OAUTH_PREFIX);
  const token = oauth ? stored.slice(OAUTH_PREFIX.length) : stored;
  if (!TOKEN_SHAPE.test(token)) return { type: 'tokenRecalled', token: null };
  return { type: 'tokenRecalled', token, tokenType: oauth ? 'oauth' : 'magic_links' };
}

/** Marks this tab's note of the round trip cancelled; `false` when there is no (well-formed) note to mark. */
function noteCancelled(host: AuthCoreHost): boolean {
  const note = readPendingOAuth(host.ports.storage.get(PENDING_OAUTH_STORAGE_KEY));
  if (note === null) return false;
  host.ports.storage.set(PENDING_OAUTH_STORAGE_KEY, writePendingOAuth({ ...note, outcome: 'cancelled' }));
  return true;
}

/** Runs a return page's effects against the ports they name. */
export function interpretSignInCallbackEffect(host: AuthCoreHost, effect: SignInCallbackEffect): Stream<SignInCallbackEvent> {
  if (isCommonEffect<SignInCallbackEvent>(effect)) return interpretCommonEffect(host, effect);
  const { storage } = host.ports;
  switch (effect.type) {
    case 'authenticateMagicLink': {
      const { magicLinks } = host.ports;
      return providerCall(
        host,
        (options) => (magicLinks ? authenticateMagicLink({ magicLinks })(effect.token, effect.sessionDurationMinutes, options) : Promise.resolve(fail(authError('unexpected')))),
        (result): SignInCallbackEvent => (result.ok ? { type: 'authenticated' } : { type: 'authenticationFailed', error: result.error }),
      );
    }
    case 'authenticateOAuth': {
      const { oauth } = host.ports;
      return providerCall(
        host,
        (options) => (oauth ? oauth.authenticate(effect.token, effect.sessionDurationMinutes, options) : Promise.resolve(fail(authError('unexpected')))),
        (result): SignInCallbackEvent => {
          if (!result.ok) return { type: 'authenticationFailed', error: result.error };
          if (result.value.session === null) return { type: 'authenticationFailed', error: authError('unexpected') };
          return { type: 'authenticated', oauthProvider: result.value.provider };
        },
      );
    }
    case 'adoptSession':
      return providerCall(
        host,
        (options) => host.ports.session.adopt(effect.token, options),
        (result): SignInCallbackEvent =>
          !result.ok
            ? { type: 'authenticationFailed', error: result.error }
            : result.value === null
              ? { type: 'authenticationFailed', error: authError('invalid_session_token') }
              : { type: 'authenticated' },
      );
    case 'takeSessionHandoff':
      return answer({ type: 'handoffTaken', token: takeSessionHandoff(storage, host.scheduler.now()) });
    case 'finishOAuth': {
      const provider = effect.provider ?? readPendingOAuth(storage.get(PENDING_OAUTH_STORAGE_KEY))?.provider;
      if (provider !== undefined) (host.ports.durableStorage ?? storage).set(LAST_USED_OAUTH_STORAGE_KEY, provider);
      storage.remove(PENDING_OAUTH_STORAGE_KEY);
      return NO_EVENTS;
    }
    case 'abandonOAuth':
      storage.remove(PENDING_OAUTH_STORAGE_KEY);
      host.ports.oauth?.abandon();
      return NO_EVENTS;
    case 'noteOAuthCancelled': {
      // The proof goes now, whether or not the sign-in form is ever opened to read the note.
      host.ports.oauth?.abandon();
      return answer({ type: 'cancelNoted', noted: noteCancelled(host) });
    }
    case 'rememberToken':
      storage.set(PENDING_LINK_STORAGE_KEY, effect.tokenType === 'oauth' ? `${OAUTH_PREFIX}${effect.token}` : effect.token);
      return NO_EVENTS;
    case 'forgetToken':
      storage.remove(PENDING_LINK_STORAGE_KEY);
      return NO_EVENTS;
    case 'recallToken':
      return answer(recallToken(storage.get(PENDING_LINK_STORAGE_KEY)));
    case 'awaitSession':
      return stream<SignInCallbackEvent>((subscriber) => {
        const report = () => {
          const { status } = host.session.getSnapshot();
          if (status === 'unknown') return false;
          subscriber.next({ type: 'sessionKnown', signedIn: status === 'authenticated' });
          subscriber.complete();
          return true;
        };
        if (report()) return undefined;
        const unsubscribe = host.session.subscribe(() => void report());
        // The session check has its own timeout; this only guards against a store that never answers.
        const deadline = runAfter(host.scheduler, host.callTimeoutMs, () => {
          subscriber.next({ type: 'sessionKnown', signedIn: false });
          subscriber.complete();
        });
        return () => {
          unsubscribe();
          deadline.unsubscribe();
        };
      });
  }
}

/**
 * The event for an effect that failed outside its own handling (an interpreter that threw, a
 * storage port that broke its contract): never 'Logging in...' forever.
 */
export function signInCallbackEffectFailure(effect: SignInCallbackEffect, error: AuthError): SignInCallbackEvent | null {
  switch (effect.type) {
    case 'authenticateMagicLink':
    case 'authenticateOAuth':
    case 'adoptSession':
      return { type: 'authenticationFailed', error };
    // Storage that throws reads as nothing stored.
    case 'recallToken':
      return { type: 'tokenRecalled', token: null };
    case 'takeSessionHandoff':
      return { type: 'handoffTaken', token: null };
    case 'noteOAuthCancelled':
      return { type: 'cancelNoted', noted: false };
    default:
      return null;
  }
}
