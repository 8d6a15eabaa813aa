import type { AuthError } from '../errors/auth-error';

/**
 * A wait the provider imposed (a 429 with `Retry-After`): the action it refused stays disabled
 * until `until`, and the countdown shows whole seconds measured from `now`, the time last seen.
 * One helper for every machine, so each counts down the same way on the injected scheduler.
 */
export interface RetryWindow {
  /** Epoch ms from which the action may be tried again. */
  readonly until: number;
  /** Epoch ms of the last tick (what the countdown is measured from). */
  readonly now: number;
}

/** How often a countdown is refreshed while a {@link RetryWindow} is open. */
const RETRY_TICK_MS = 1000;

/** The wait `error` imposes from `now`, or `null` when the provider named none. */
export function retryWindowAfter(error: Pick<AuthError, 'retryAfterMs'>, now: number): RetryWindow | null {
  return error.retryAfterMs === undefined ? null : { until: now + error.retryAfterMs, now };
}

/** True while `window` still forbids the action at `now`. */
export function isWaiting(window: RetryWindow | null, now: number): boolean {
  return window !== null && now < window.until;
}

/** The window after a tick at `now`: `null` once it is over, else the same deadline seen at `now`. */
export function tickRetryWindow(window: RetryWindow | null, now: number): RetryWindow | null {
  if (window === null || now >= window.until) return null;
  return { until: window.until, now };
}

/** Whole seconds left (rounded up) as of the last tick, or `null` when nothing is being waited out. */
export function retrySecondsLeft(window: RetryWindow | null): number | null {
  if (window === null) return null;
  const waitMs = window.until - window.now;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
}

/**
 * The timer effect that drives a countdown: `<scope>:retry-tick` is the one key convention, so a
 * flow that cancels `<scope>:` stops its countdown too.
 */
export function retryTick<E>(scope: string, event: E): { readonly type: 'timer'; readonly key: string; readonly delayMs: number; readonly event: E } {
  return { type: 'timer', key: `${scope}:retry-tick`, delayMs: RETRY_TICK_MS, event };
}
