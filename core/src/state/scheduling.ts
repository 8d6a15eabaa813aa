import type { SchedulerAction, SchedulerLike, Subscription } from 'rxjs';

// Timers on the injected scheduler, without rxjs's `timer` (which brings its default async
// scheduler into the first load). Virtual time in tests, `setTimeout` in a browser.

/** Runs `work` once after `delayMs` on `scheduler`; unsubscribing cancels it. */
export function runAfter(scheduler: SchedulerLike, delayMs: number, work: () => void): Subscription {
  return scheduler.schedule(work, delayMs);
}

/** Runs `work` every `periodMs` on `scheduler` until unsubscribed. */
export function runEvery(scheduler: SchedulerLike, periodMs: number, work: () => void): Subscription {
  return scheduler.schedule(function repeat(this: SchedulerAction<undefined>) {
    work();
    this.schedule(undefined, periodMs);
  }, periodMs);
}
