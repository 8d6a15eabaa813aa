import { Subscription, type SchedulerAction, type SchedulerLike } from 'rxjs';

/**
 * The browser's scheduler for the core: `setTimeout` behind rxjs's `SchedulerLike`. rxjs's own
 * `asyncScheduler` does the same with several kilobytes more in the first load (actions pools,
 * intervals) that the core does not use. Tests pass a virtual-time scheduler instead.
 */
export const timeoutScheduler: SchedulerLike = {
  now: () => Date.now(),
  schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, delay = 0, state?: T): Subscription {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const subscription = new Subscription(() => clearTimeout(handle));
    const action: SchedulerAction<T> = Object.assign(subscription, {
      schedule(nextState?: T, nextDelay = 0): Subscription {
        if (subscription.closed) return subscription;
        clearTimeout(handle);
        handle = setTimeout(() => work.call(action, nextState), nextDelay);
        return subscription;
      },
    });
    return action.schedule(state, delay);
  },
};

