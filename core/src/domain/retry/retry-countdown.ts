// Opening and ticking a RetryWindow, apart from reading one (the reader module beside this file): Main, in every first
// load, only reads one; the machines that count down load with their products and pages.
import type { AuthError } from '../errors/auth-error';
import type { RetryWindow } from './retry-window';

/** How often a countdown is refreshed while a {@link RetryWindow} is open. */
const RETRY_TICK_MS = 1000;

/** The wait `error` imposes from `now`, or `null` when the provider named none. */
export function retryWindowAfter(error: Pick<AuthError, 'retryAfterMs'>, now: number): RetryWindow | null {
  return error.retryAfterMs === undefined ? null : { until: now + error.retryAfterMs, now };
}

/** The wait after a tick at `now`: `null` once it is over, else the same deadline seen at `now`. */
export function tickRetryWindow(wait: RetryWindow | null, now: number): RetryWindow | null {
  if (wait === null || now >= wait.until) return null;
  return { until: wait.until, now };
}

/**
 * The timer effect that drives a countdown: `<scope>:retry-tick` is the one key convention, so a
 * flow that cancels `<scope>:` stops its countdown too.
 */
export function retryTick<E>(scope: string, event: E): { readonly type: 'timer'; readonly key: string; readonly delayMs: number; readonly event: E } {
  return { type: 'timer', key: `${scope}:retry-tick`, delayMs: RETRY_TICK_MS, event };
}
