import type { Scheduler } from '../ports/scheduler.port';
import type { Flow, FlowRuntime } from '../flows/flow-runner';
import type { LoggerPort } from '../ports/logger.port';

/**
 * Owns flow instances by key, so components only attach to them and a remount (React
 * StrictMode, Suspense) finds the same instance. A flow manages its own life: it starts with its
 * first subscriber and disposes itself a while after its last one left; the registry then
 * forgets it, and the next `get` opens a fresh one.
 */
export interface FlowRegistry {
  /** The live flow for `key`, created with `create` when there is none (or it was disposed). */
  get<S, E>(key: string, create: (runtime: FlowRuntime) => Flow<S, E>): Flow<S, E>;
  /** Disposes every flow (the core is being torn down). */
  disposeAll(): void;
}

export function createFlowRegistry(options: { readonly scheduler: Scheduler; readonly logger: LoggerPort; readonly releaseDelayMs?: number }): FlowRegistry {
  const entries = new Map<string, Flow<unknown, unknown>>();
  return {
    get: <S, E>(key: string, create: (runtime: FlowRuntime) => Flow<S, E>): Flow<S, E> => {
      const existing = entries.get(key);
      if (existing && !existing.disposed) return existing as Flow<S, E>;
      // An unstarted flow runs nothing, so one rendered but never mounted costs only memory;
      // it is kept (not timed out) so a commit that comes late still finds it alive.
      const flow: Flow<S, E> = create({
        scheduler: options.scheduler,
        logger: options.logger,
        ...(options.releaseDelayMs === undefined ? {} : { releaseDelayMs: options.releaseDelayMs }),
        onDisposed: () => {
          if (entries.get(key) === (flow as Flow<unknown, unknown>)) entries.delete(key);
        },
      });
      entries.set(key, flow as Flow<unknown, unknown>);
      return flow;
    },
    disposeAll: () => {
      for (const flow of [...entries.values()]) flow.dispose();
      entries.clear();
    },
  };
}
