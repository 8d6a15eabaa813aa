import type { Unsubscribable } from '../ports/scheduler.port';
import { runEvery } from './scheduling';
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
  | {
      readonly status: 'unavailable';
      readonly error: AuthError;
      /** Whole seconds until `retry()` may ask again (the provider's `Retry-After`), or `null`. */
      readonly retryInSeconds: number | null;
    };

/** The session as every front end reads it. */
export interface SessionStore extends ReadableStore<SessionState> {
  /** Asks the provider again (after `unavailable`). */
  retry(): void;
  dispose(): void;
}

/** Provider data as JSON, or `null` for data that is not (a cycle from a hand-written port). */
function asJson(value: unknown): string | null {
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

/**
 * Whether a report carries nothing a reader has not seen: the whole user (its roles in order,
 * its untrusted metadata, its e-mail, phone and wallet) and the whole session, compared as the
 * JSON they came as (the adapters build them in a fixed key order). Anything that cannot be
 * compared counts as changed: publishing an unchanged state again costs a render, while a role
 * gained or lost must be published (the permissions query follows it).
 */
function sameSession(current: SessionState, reported: NonNullable<ProviderSession>): boolean {
  if (current.status !== 'authenticated') return false;
  const seen = asJson([current.user, current.session]);
  return seen !== null && seen === asJson([reported.user, reported.session]);
}

/**
 * Feeds a session store from the session port. The provider's answer to one check at start
 * (under the core's call timeout) decides the first state: reports that arrive before it (a
 * cached session the SDK replays) wait for it, so a session the provider cannot confirm is shown
 * as `unavailable` — with a retry — rather than as signed in or as loading forever. After that,
 * every change the provider reports is followed.
 */
export function createSessionStore(port: SessionPort, runtime: CallRuntime): SessionStore {
  const store = createStore<SessionState>({ status: 'unknown' });
  let confirmed = false;
  let countdown: Unsubscribable | null = null;
  const apply = (reported: ProviderSession) =>
    store.update((current) => {
      if (reported === null) return current.status === 'destroyed' ? current : { status: 'destroyed' };
      // Keep the reference when nothing a reader cares about changed (refreshes re-report).
      if (sameSession(current, reported)) return current;
      return { status: 'authenticated', user: reported.user, session: reported.session };
    });

  /** Shows the failure, counting down `Retry-After` once a second on the core's scheduler. */
  const unavailable = (error: AuthError) => {
    countdown?.unsubscribe();
    const until = error.retryAfterMs === undefined ? null : runtime.scheduler.now() + error.retryAfterMs;
    const secondsLeft = () => (until === null ? null : Math.max(0, Math.ceil((until - runtime.scheduler.now()) / 1000)) || null);
    store.set({ status: 'unavailable', error, retryInSeconds: secondsLeft() });
    if (until === null) return;
    countdown = runEvery(runtime.scheduler, 1000, () => {
      const current = store.getSnapshot();
      if (current.status !== 'unavailable') return countdown?.unsubscribe();
      const left = secondsLeft();
      store.set({ ...current, retryInSeconds: left });
      if (left === null) countdown?.unsubscribe();
    });
  };

  const runCheck = () =>
    providerCall(runtime, (options) => port.check(options), (result) => result).subscribe((result) => {
      if (result.ok) {
        confirmed = true;
        apply(result.value);
      } else {
        unavailable(result.error);
      }
    });

  let check = runCheck();
  const unsubscribe = port.subscribe((reported) => {
    // A sign-out is always believed; anything else only once the provider has answered.
    if (confirmed || reported === null) apply(reported);
  });

  return {
    ...readonlyStore(store),
    retry: () => {
      const current = store.getSnapshot();
      if (current.status !== 'unavailable' || current.retryInSeconds !== null) return;
      check.unsubscribe();
      store.set({ status: 'unknown' });
      check = runCheck();
    },
    dispose: () => {
      check.unsubscribe();
      countdown?.unsubscribe();
      unsubscribe();
    },
  };
}
