import { authError, fail, type Result } from '@vestibule/core';

/**
 * A module that loads once, on demand, shared by every port deferred on it (the composition
 * chunk with the container, or a product's adapters and, behind them, vendor SDKs).
 */
export interface LazyModule<T> {
  /** Starts loading now (idempotent; retried after a failure); resolves once loaded. */
  load(): Promise<T>;
  /** Settles once something has started the load, with its outcome; starts nothing itself. */
  started(): Promise<T>;
}

/** Wraps a loader as a {@link LazyModule}. */
export function lazyModule<T>(loader: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | null = null;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const load = (): Promise<T> => {
    loading ??= loader().catch((error: unknown) => {
      loading = null; // a failed chunk download may succeed on the next attempt
      throw error;
    });
    markStarted();
    return loading;
  };
  return { load, started: () => started.then(load) };
}

/**
 * How a deferred method behaves before the real port is loaded:
 * - `urgent`: someone is waiting (send a link, sign out, navigate): starts the load; a
 *   `Result` call resolves to `network_unreachable` if the code cannot be loaded;
 * - `await`: the same for a plain promise (not a `Result`: phone number formatting), which
 *   rejects with the load's error instead, since it has no failure value to resolve to;
 * - `background`: waits until something else started the load (idle, first interaction, an
 *   urgent call), so it never competes with the first render; same failure as `urgent`;
 * - `fire`: returns nothing; forwarded once something else started the load, dropped if it fails;
 * - `subscribe`: returns its unsubscribe at once; subscribes once something else started the load.
 */
type DeferMode = 'urgent' | 'await' | 'background' | 'fire' | 'subscribe';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- matching any parameter list
type AnyArgs = any[];

/** The modes a method of this type can take; `never` for methods that cannot be deferred (synchronous values). A `Result` call never rejects, so only a plain promise may `await`. */
type ModesFor<F> = F extends (...args: AnyArgs) => Promise<Result<unknown>>
  ? 'urgent' | 'background'
  : F extends (...args: AnyArgs) => Promise<unknown>
    ? 'await'
    : F extends (...args: AnyArgs) => () => void
      ? 'subscribe'
      : F extends (...args: AnyArgs) => void
        ? ReturnType<F> extends void
          ? 'fire' | 'urgent'
          : never
        : never;

/** One mode per method of `P`: the mapped type makes leaving a method out a compile error. */
export type DeferPlan<P> = { readonly [K in keyof P]-?: ModesFor<P[K]> };

const unreachable = () => fail(authError('network_unreachable'));

/**
 * A stand-in for port `P` that forwards every call to the port `module` loads, timed by `plan`.
 * One generic helper instead of a hand-written stand-in per port (issue 6 §7). A module that
 * never loads gives a port whose calls never answer (the build-time renderer's ports).
 *
 * @example
 * const session = deferPort(lazyModule(loadSession), { check: 'background', adopt: 'urgent', subscribe: 'subscribe', revoke: 'urgent' });
 */
export function deferPort<P extends object>(module: LazyModule<P>, plan: DeferPlan<P>): P {
  const port: Record<string, (...args: unknown[]) => unknown> = {};
  for (const key of Object.keys(plan) as Array<keyof P & string>) {
    const mode = plan[key] as DeferMode;
    const forward = (loaded: P, args: unknown[]) => (loaded[key] as (...args: unknown[]) => unknown).apply(loaded, args);
    switch (mode) {
      case 'urgent':
        port[key] = (...args) => module.load().then((loaded) => forward(loaded, args), unreachable);
        break;
      case 'await':
        port[key] = (...args) => module.load().then((loaded) => forward(loaded, args));
        break;
      case 'background':
        port[key] = (...args) => module.started().then((loaded) => forward(loaded, args), unreachable);
        break;
      case 'fire':
        port[key] = (...args) => {
          void module.started().then(
            (loaded) => forward(loaded, args),
            () => undefined, // fire-and-forget: nothing to report to
          );
        };
        break;
      case 'subscribe':
        port[key] = (...args) => {
          let active = true;
          let unsubscribe: (() => void) | null = null;
          void module.started().then(
            (loaded) => {
              if (active) unsubscribe = forward(loaded, args) as () => void;
            },
            () => undefined, // without the code nothing can change; calls report the failure
          );
          return () => {
            active = false;
            unsubscribe?.();
          };
        };
        break;
    }
  }
  return port as P;
}
