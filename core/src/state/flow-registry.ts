import { type SchedulerLike, type Subscription, timer } from 'rxjs';
import type { Flow } from '../flows/flow-runner';

/** How long an unused flow is kept before disposal; covers React StrictMode's remount. */
export const FLOW_GC_DELAY_MS = 1000;

/**
 * Owns flow instances by key, so components only attach to them. A flow nobody retains is
 * disposed after {@link FLOW_GC_DELAY_MS}; a quick detach/re-attach (StrictMode) reuses it.
 */
export interface FlowRegistry {
  /** The flow for `key`, created with `create` the first time. */
  get<S, E>(key: string, create: () => Flow<S, E>): Flow<S, E>;
  /** Keeps the flow alive until the returned function is called. */
  retain(key: string): () => void;
  disposeAll(): void;
}

export function createFlowRegistry(scheduler: SchedulerLike): FlowRegistry {
  const entries = new Map<string, { flow: Flow<unknown, unknown>; holders: number; gc: Subscription | null }>();

  const scheduleGc = (key: string) => {
    const entry = entries.get(key);
    if (!entry || entry.holders > 0) return;
    entry.gc?.unsubscribe();
    entry.gc = timer(FLOW_GC_DELAY_MS, scheduler).subscribe(() => {
      if (entry.holders > 0) return;
      entry.flow.dispose();
      entries.delete(key);
    });
  };

  return {
    get: <S, E>(key: string, create: () => Flow<S, E>): Flow<S, E> => {
      const existing = entries.get(key);
      if (existing) return existing.flow as Flow<S, E>;
      const flow = create();
      entries.set(key, { flow: flow as Flow<unknown, unknown>, holders: 0, gc: null });
      scheduleGc(key); // a render that never mounts must not leak its flow
      return flow;
    },
    retain: (key) => {
      const entry = entries.get(key);
      if (!entry) return () => undefined;
      entry.holders++;
      entry.gc?.unsubscribe();
      entry.gc = null;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.holders--;
        scheduleGc(key);
      };
    },
    disposeAll: () => {
      for (const entry of entries.values()) {
        entry.gc?.unsubscribe();
        entry.flow.dispose();
      }
      entries.clear();
    },
  };
}
