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

/** True while `wait` still forbids the action at `now`. */
export function isWaiting(wait: RetryWindow | null, now: number): boolean {
  return wait !== null && now < wait.until;
}

/** Whole seconds left (rounded up) as of the last tick, or `null` when nothing is being waited out. */
export function retrySecondsLeft(wait: RetryWindow | null): number | null {
  if (wait === null) return null;
  const waitMs = wait.until - wait.now;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
}
