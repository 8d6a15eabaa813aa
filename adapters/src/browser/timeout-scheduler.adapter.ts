import type { Scheduler } from '@vestibule/core';

/**
 * The browser's scheduler for the core: `setTimeout`. It is in every page's first load, so it is
 * a few lines rather than rxjs's `asyncScheduler` (action pools, intervals the core does not use).
 * Tests pass a virtual-time scheduler instead.
 */
export const timeoutScheduler: Scheduler = {
  now: () => Date.now(),
  schedule(work, delay = 0) {
    const handle = setTimeout(work, delay);
    return { unsubscribe: () => clearTimeout(handle) };
  },
};
