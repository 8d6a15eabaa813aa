import type { Unsubscribable } from '../ports/scheduler.port';
import { runAfter, runEvery } from './scheduling';
import type { AuthError } from '../domain/errors/auth-error';
import { refreshBackoffMs, SESSION_REFRESH_INTERVAL_MS } from '../domain/session/refresh-schedule';
import { providerCall, type CallRuntime } from '../flows/provider-call';
import type { AuthSession, AuthUser, ProviderSession, SessionPort, SessionReport } from '../ports/session.port';
import type { TabLeadershipPort } from '../ports/tab-leadership.port';
import { createStore, readonlyStore, type ReadableStore } from './store';

/**
 * SPEC §4 session states. `unknown` lasts until the provider has answered once; `unavailable`
 * means it could not say (network, 5xx, timeout) — the visitor is told and may retry.
 */
export type SessionState =
  | { readonly status: 'unknown' }
  | { readonly status: 'authenticated'; readonly user: AuthUser; readonly session: AuthSession }
  /** Part-way through a multi-step sign-in: no session yet, and none after `expiresAt` (10 minutes). */
  | { readonly status: 'intermediate'; readonly expiresAt: string }
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

/** Intermediate tokens last 10 minutes (SPEC §9); a report claiming longer is held to that. */
const INTERMEDIATE_LIFETIME_MS = 10 * 60_000;

/** How the session store refreshes (SPEC §4 background refresh). */
export interface SessionPolicyOptions {
  /**
   * Shares the refresh among the visitor's tabs: only the tab holding the role refreshes.
   * Without it, this tab refreshes on its own.
   */
  readonly leadership?: TabLeadershipPort | undefined;
  /** Numbers in [0, 1) for the retry jitter; `Math.random` unless a test fixes them. */
  readonly random?: (() => number) | undefined;
}

const isIntermediate = (reported: SessionReport): reported is Extract<SessionReport, { intermediate: true }> => reported !== null && 'intermediate' in reported;

/**
 * Feeds a session store from the session port, and keeps a live session alive (SPEC §4).
 *
 * - The provider's answer to one check at start (under the core's call timeout) decides the first
 *   state: reports that arrive before it (a cached session the SDK replays) wait for it, so a
 *   session the provider cannot confirm is shown as `unavailable` — with a retry — rather than as
 *   signed in or as loading forever. After that, every change the provider reports is followed.
 * - While a session is live, the tab holding the refresh role asks the provider again 3 minutes
 *   after it last confirmed the session. A refresh that fails for a reason that may pass (offline,
 *   5xx, 429, timeout) keeps the visitor signed in and is retried after 2 s, 4 s … 256 s (±175 ms),
 *   or after the provider's `Retry-After` when that is longer; only the provider saying there is no
 *   session signs them out.
 * - An intermediate session becomes `destroyed` when its token lapses.
 */
export function createSessionStore(port: SessionPort, runtime: CallRuntime, options: SessionPolicyOptions = {}): SessionStore {
  const { scheduler } = runtime;
  const random = options.random ?? Math.random;
  const store = createStore<SessionState>({ status: 'unknown' });
  let confirmed = false;
  let countdown: Unsubscribable | null = null;
  let lapse: Unsubscribable | null = null;
  // The refresh: whether this tab holds the role, when the provider last confirmed the session,
  // and after failures when to try again.
  let leading = options.leadership === undefined;
  let confirmedAt = scheduler.now();
  let failures = 0;
  let retryAt: number | null = null;
  let nextRefresh: Unsubscribable | null = null;
  let refreshing: Unsubscribable | null = null;

  /** Arms the one refresh timer for the current state; a no-op unless this tab leads a live session. */
  const planRefresh = () => {
    nextRefresh?.unsubscribe();
    nextRefresh = null;
    if (!leading || refreshing !== null || store.getSnapshot().status !== 'authenticated') return;
    const due = retryAt ?? confirmedAt + SESSION_REFRESH_INTERVAL_MS;
    nextRefresh = runAfter(scheduler, Math.max(0, due - scheduler.now()), refresh);
  };

  const refresh = () => {
    nextRefresh = null;
    let settled = false;
    const call = providerCall(runtime, (callOptions) => port.check(callOptions), (result) => result).subscribe((result) => {
      settled = true;
      refreshing = null;
      if (result.ok) return confirm(result.value);
      failures += 1;
      retryAt = scheduler.now() + Math.max(refreshBackoffMs(failures, random), result.error.retryAfterMs ?? 0);
      planRefresh();
    });
    if (!settled) refreshing = call;
  };

  /** The provider has just answered for the session (a check, a refresh, a reported change). */
  const confirm = (reported: SessionReport) => {
    confirmedAt = scheduler.now();
    failures = 0;
    retryAt = null;
    apply(reported);
  };

  const apply = (reported: SessionReport) => {
    lapse?.unsubscribe();
    lapse = null;
    if (isIntermediate(reported)) {
      const left = Math.min(Date.parse(reported.expiresAt) - scheduler.now(), INTERMEDIATE_LIFETIME_MS);
      // An expiry that does not parse or has passed is no intermediate session (fail secure).
      if (!(left > 0)) return apply(null);
      store.set({ status: 'intermediate', expiresAt: reported.expiresAt });
      lapse = runAfter(scheduler, left, () => apply(null));
    } else {
      store.update((current) => {
        if (reported === null) return current.status === 'destroyed' ? current : { status: 'destroyed' };
        // Keep the reference when nothing a reader cares about changed (refreshes re-report).
        if (sameSession(current, reported)) return current;
        return { status: 'authenticated', user: reported.user, session: reported.session };
      });
    }
    planRefresh();
  };

  /** Shows the failure, counting down `Retry-After` once a second on the core's scheduler. */
  const unavailable = (error: AuthError) => {
    countdown?.unsubscribe();
    const until = error.retryAfterMs === undefined ? null : scheduler.now() + error.retryAfterMs;
    const secondsLeft = () => (until === null ? null : Math.max(0, Math.ceil((until - scheduler.now()) / 1000)) || null);
    store.set({ status: 'unavailable', error, retryInSeconds: secondsLeft() });
    if (until === null) return;
    countdown = runEvery(scheduler, 1000, () => {
      const current = store.getSnapshot();
      if (current.status !== 'unavailable') return countdown?.unsubscribe();
      const left = secondsLeft();
      store.set({ ...current, retryInSeconds: left });
      if (left === null) countdown?.unsubscribe();
    });
  };

  const runCheck = () =>
    providerCall(runtime, (callOptions) => port.check(callOptions), (result) => result).subscribe((result) => {
      if (result.ok) {
        confirmed = true;
        confirm(result.value);
      } else {
        unavailable(result.error);
      }
    });

  let check = runCheck();
  const unsubscribe = port.subscribe((reported) => {
    if (reported !== null && !confirmed) return;
    // A report is newer than a refresh still in flight (a sign-out while it runs): that
    // refresh's answer would bring back what the report ended.
    refreshing?.unsubscribe();
    refreshing = null;
    // A sign-out is always believed; anything else only once the provider has answered.
    if (reported === null) apply(null);
    else confirm(reported);
  });
  const resign = options.leadership?.request(() => {
    leading = true;
    // Taking over from a closed tab: refresh now if this tab's last confirmation is 3 minutes old.
    planRefresh();
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
      lapse?.unsubscribe();
      nextRefresh?.unsubscribe();
      refreshing?.unsubscribe();
      resign?.();
      unsubscribe();
    },
  };
}
