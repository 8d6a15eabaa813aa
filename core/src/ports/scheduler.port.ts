/** A handle that stops what it was returned for (a timer, a subscription). */
export interface Unsubscribable {
  unsubscribe(): void;
}

/**
 * The core's clock and timers. Any rxjs scheduler fits (a `VirtualTimeScheduler` drives tests on
 * virtual time); the browser's is `setTimeout` (`timeoutScheduler`), with no rxjs in a page's
 * first load.
 */
export interface Scheduler {
  /** Epoch milliseconds (virtual in tests). */
  now(): number;
  /** Runs `work` once after `delay` ms (0 by default); unsubscribing first cancels it. */
  schedule(work: () => void, delay?: number): Unsubscribable;
}
