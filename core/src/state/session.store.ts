import type { AuthError } from '../domain/errors/auth-error';
import { providerCall, type CallRuntime } from '../flows/provider-call';
import type { AuthSession, AuthUser, ProviderSession, SessionPort } from '../ports/session.port';
import { createStore, readonlyStore, type ReadableStore } from './store';

/**
 * SPEC §4 session states. `unknown` lasts until the provider has answered once; `unavailable`
 * means it could not say (network, 5xx, timeout) — the visitor is told and may retry.
 */
export type SessionState =
  | { readonly status: 'unknown' }
  | { readonly status: 'authenticated'; readonly user: AuthUser; readonly session: AuthSession }
  | { readonly status: 'destroyed' }
  | { readonly status: 'unavailable'; readonly error: AuthError };

/** The session as every front end reads it. */
export interface SessionStore extends ReadableStore<SessionState> {
  /** Asks the provider again (after `unavailable`). */
  retry(): void;
  dispose(): void;
}

const sameSession = (current: SessionState, reported: NonNullable<ProviderSession>) =>
  current.status === 'authenticated' &&
  current.session.sessionId === reported.session.sessionId &&
  current.session.expiresAt === reported.session.expiresAt &&
  current.user.userId === reported.user.userId &&
  current.user.email === reported.user.email;

/**
 * Feeds a session store from the session port: one check with the provider on start (under the
 * core's call timeout), then every change the provider reports.
 */
export function createSessionStore(port: SessionPort, runtime: CallRuntime): SessionStore {
  const store = createStore<SessionState>({ status: 'unknown' });
  const apply = (reported: ProviderSession) =>
    store.update((current) => {
      if (reported === null) return current.status === 'destroyed' ? current : { status: 'destroyed' };
      // Keep the reference when nothing a reader cares about changed (refreshes re-report).
      if (sameSession(current, reported)) return current;
      return { status: 'authenticated', user: reported.user, session: reported.session };
    });

  let check = providerCall(runtime, (options) => port.check(options), (result) => result).subscribe((result) => {
    if (result.ok) apply(result.value);
    // A session already known stays; only an unanswered first check becomes `unavailable`.
    else store.update((current) => (current.status === 'unknown' ? { status: 'unavailable', error: result.error } : current));
  });
  const unsubscribe = port.subscribe(apply);

  return {
    ...readonlyStore(store),
    retry: () => {
      if (store.getSnapshot().status !== 'unavailable') return;
      check.unsubscribe();
      store.set({ status: 'unknown' });
      check = providerCall(runtime, (options) => port.check(options), (result) => result).subscribe((result) => {
        if (result.ok) apply(result.value);
        else store.update((current) => (current.status === 'unknown' ? { status: 'unavailable', error: result.error } : current));
      });
    },
    dispose: () => {
      check.unsubscribe();
      unsubscribe();
    },
  };
}
