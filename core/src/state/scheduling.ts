import type { Scheduler, Unsubscribable } from '../ports/scheduler.port';

// Timers on the injected scheduler (virtual time in tests, `setTimeout` in a browser).

/** Runs `work` once after `delayMs` on `scheduler`; unsubscribing cancels it. */
export function runAfter(scheduler: Scheduler, delayMs: number, work: () => void): Unsubscribable {
  return scheduler.schedule(work, delayMs);
}

/** Runs `work` every `periodMs` on `scheduler` until unsubscribed. */
export function runEvery(scheduler: Scheduler, periodMs: number, work: () => void): Unsubscribable {
  let stopped = false;
  let next: Unsubscribable | null = null;
  const tick = () => {
    if (stopped) return;
    next = scheduler.schedule(tick, periodMs);
    work();
  };
  next = scheduler.schedule(tick, periodMs);
  return {
    unsubscribe: () => {
      stopped = true;
      next?.unsubscribe();
    },
  };
}
