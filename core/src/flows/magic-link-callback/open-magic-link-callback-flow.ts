import { stream, type Stream } from '../../flows/stream';
import { runAfter } from '../../state/scheduling';
import type { AuthCore, AuthCoreHost } from '../../create-auth-core';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../../domain/config/widget-config';
import { LAST_USED_OAUTH_STORAGE_KEY, PENDING_OAUTH_STORAGE_KEY, readPendingOAuth } from '../../domain/oauth/oauth-buttons';
import { authError, fail } from '../../domain/errors/auth-error';
import { authenticateMagicLink } from '../../use-cases/authenticate-magic-link.use-case';
import { interpretCommonEffect, isCommonEffect } from '../common-effects';
import type { ReturnContext } from '../../domain/redirects/safe-redirect';
import { runFlow, type Flow } from '../flow-runner';
import { providerCall } from '../provider-call';
import {
  type CallbackEffect,
  type CallbackEvent,
  type CallbackInput,
  type CallbackState,
  callbackTransition,
  initialCallbackState,
} from './magic-link-callback.machine';

/** Where a link that may still be used waits out a reload (per tab). */
export const PENDING_LINK_STORAGE_KEY = 'vestibule.pendingMagicLink';
/** A plausible token: what storage hands back is another tab's or an attacker's data until checked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_=-]{8,200}$/;
/** Stored OAuth tokens carry this prefix (magic-link tokens are stored bare, as before). */
const OAUTH_PREFIX = 'oauth:';

function recallToken(stored: string | null): CallbackEvent {
  if (stored === null) return { type: 'tokenRecalled', token: null };
  const oauth = stored.startsWith(OAUTH_PREFIX);
  const token = oauth ? stored.slice(OAUTH_PREFIX.length) : stored;
  if (!TOKEN_SHAPE.test(token)) return { type: 'tokenRecalled', token: null };
  return { type: 'tokenRecalled', token, tokenType: oauth ? 'oauth' : 'magic_links' };
}

function interpret(host: AuthCoreHost, effect: CallbackEffect): Stream<CallbackEvent> {
  if (isCommonEffect<CallbackEvent>(effect)) return interpretCommonEffect(host, effect);
  switch (effect.type) {
    case 'authenticateMagicLink': {
      const { magicLinks } = host.ports;
      return providerCall(
        host,
        (options) => (magicLinks ? authenticateMagicLink({ magicLinks })(effect.token, effect.sessionDurationMinutes, options) : Promise.resolve(fail(authError('unexpected')))),
        (result): CallbackEvent => (result.ok ? { type: 'authenticated' } : { type: 'authenticationFailed', error: result.error }),
      );
    }
    case 'authenticateOAuth': {
      const { oauth } = host.ports;
      return providerCall(
        host,
        (options) => (oauth ? oauth.authenticate(effect.token, effect.sessionDurationMinutes, options) : Promise.resolve(fail(authError('unexpected')))),
        (result): CallbackEvent => {
          if (!result.ok) return { type: 'authenticationFailed', error: result.error };
          if (result.value.session === null) return { type: 'authenticationFailed', error: authError('unexpected') };
          return { type: 'authenticated', oauthProvider: result.value.provider };
        },
      );
    }
    case 'finishOAuth': {
      const provider = effect.provider ?? readPendingOAuth(host.ports.storage.get(PENDING_OAUTH_STORAGE_KEY))?.provider;
      if (provider !== undefined) (host.ports.durableStorage ?? host.ports.storage).set(LAST_USED_OAUTH_STORAGE_KEY, provider);
      host.ports.storage.remove(PENDING_OAUTH_STORAGE_KEY);
      return stream<CallbackEvent>((subscriber) => subscriber.complete());
    }
    case 'abandonOAuth':
      host.ports.storage.remove(PENDING_OAUTH_STORAGE_KEY);
      host.ports.oauth?.abandon();
      return stream<CallbackEvent>((subscriber) => subscriber.complete());
    case 'adoptSession':
      return providerCall(
        host,
        (options) => host.ports.session.adopt(effect.token, options),
        (result): CallbackEvent =>
          !result.ok
            ? { type: 'authenticationFailed', error: result.error }
            : result.value === null
              ? { type: 'authenticationFailed', error: authError('invalid_session_token') }
              : { type: 'authenticated' },
      );
    case 'rememberToken':
      host.ports.storage.set(PENDING_LINK_STORAGE_KEY, effect.tokenType === 'oauth' ? `${OAUTH_PREFIX}${effect.token}` : effect.token);
      return stream<CallbackEvent>((subscriber) => subscriber.complete());
    case 'forgetToken':
      host.ports.storage.remove(PENDING_LINK_STORAGE_KEY);
      return stream<CallbackEvent>((subscriber) => subscriber.complete());
    case 'recallToken':
      return stream<CallbackEvent>((subscriber) => {
        subscriber.next(recallToken(host.ports.storage.get(PENDING_LINK_STORAGE_KEY)));
        subscriber.complete();
      });
    case 'awaitSession':
      return stream<CallbackEvent>((subscriber) => {
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

/** The magic-link return page flow: authenticates once, then leaves for the destination. */
export function openMagicLinkCallbackFlow(
  core: Pick<AuthCore, 'host'>,
  key: string,
  input: Omit<CallbackInput, 'sessionDurationMinutes'> & { readonly sessionDurationMinutes?: number },
): Flow<CallbackState, CallbackEvent> {
  const { host } = core;
  return host.flows.get(key, (runtime) =>
    runFlow(
      {
        transition: callbackTransition,
        initial: initialCallbackState({ ...input, sessionDurationMinutes: input.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES }),
        interpret: (effect) => interpret(host, effect),
        start: { type: 'started' },
        onEffectFailure: (effect, error) => {
          if (effect.type === 'authenticateMagicLink' || effect.type === 'authenticateOAuth' || effect.type === 'adoptSession') return { type: 'authenticationFailed', error };
          // A storage port that throws anyway reads as nothing stored, never as 'Logging in...' forever.
          if (effect.type === 'recallToken') return { type: 'tokenRecalled', token: null };
          return null;
        },
      },
      runtime,
    ),
  );
}

/**
 * `/login/callback/web` (SPEC §2, §4): adopts the session token a password sign-in handed over,
 * then leaves for the validated destination; the same page states as the magic link's return.
 */
export function openWebCallbackFlow(
  core: Pick<AuthCore, 'host'>,
  key: string,
  input: { readonly sessionToken: string | null; readonly returnContext: ReturnContext },
): Flow<CallbackState, CallbackEvent> {
  return openMagicLinkCallbackFlow(core, key, { token: input.sessionToken, tokenType: null, returnContext: input.returnContext, credential: 'sessionToken' });
}
