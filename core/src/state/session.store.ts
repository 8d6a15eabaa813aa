import type { AuthSession, AuthUser, AuthProviderPort } from '../ports/auth-provider.port';
import { createStore, readonlyStore, type ReadableStore } from './store';

/**
 * SPEC §4 session states. `unknown` lasts until the provider has reported once (it may need
 * to check a session cookie with the server first).
 */
export type SessionState =
  | { readonly status: 'unknown' }
  | { readonly status: 'authenticated'; readonly user: AuthUser; readonly session: AuthSession }
  | { readonly status: 'destroyed' };

/** Feeds a session store from the provider port; the UI reads only this store. */
export function createSessionStore(auth: AuthProviderPort): { store: ReadableStore<SessionState>; dispose(): void } {
  const store = createStore<SessionState>({ status: 'unknown' });
  const unsubscribe = auth.subscribeSession((reported) => {
    store.update((current) => {
      if (reported === null) return current.status === 'destroyed' ? current : { status: 'destroyed' };
      // Keep the reference when nothing a reader cares about changed (refreshes re-report).
      if (
        current.status === 'authenticated' &&
        current.session.sessionId === reported.session.sessionId &&
        current.session.expiresAt === reported.session.expiresAt &&
        current.user.userId === reported.user.userId &&
        current.user.email === reported.user.email
      ) {
        return current;
      }
      return { status: 'authenticated', user: reported.user, session: reported.session };
    });
  });
  return { store: readonlyStore(store), dispose: unsubscribe };
}
