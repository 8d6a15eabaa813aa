import { runAfter } from '../state/scheduling';
import { authError, type AuthError } from '../domain/errors/auth-error';
import type { LoggerPort } from '../ports/logger.port';
import type { Scheduler, Unsubscribable } from '../ports/scheduler.port';
import { createStore, interoperable, type ReadableStore } from '../state/store';
import { stream, type Stream } from './stream';

/** What a transition knows besides its state and event: the time, read from the injected scheduler. */
export interface TransitionContext {
  /** Epoch milliseconds (virtual in tests). */
  readonly now: number;
}

/** A pure state machine: `transition(state, event, context) → [nextState, effects]`. */
export type Transition<S, E, F> = (state: S, event: E, context: TransitionContext) => readonly [S, readonly F[]];

/**
 * Effects may carry a `key`: a new effect with the same key cancels the previous one (a restarted
 * timer, a superseded request), so machines never see stale results from it.
 */
export interface KeyedEffect {
  readonly type: string;
  readonly key?: string;
}

/** Cancels the running effect with `key`, or every running effect whose key starts with `prefix`. */
export type CancelEffect = { readonly type: 'cancel'; readonly key: string } | { readonly type: 'cancel'; readonly prefix: string };

/** Runs one effect against the ports; every value it emits is fed back as an event. */
type EffectInterpreter<E, F> = (effect: F) => Stream<E>;

/** A running flow: a store of its state plus a way to send it events. */
export interface Flow<S, E> extends ReadableStore<S> {
  send(event: E): void;
  /** True once the flow was disposed: it ignores events and a new one must be opened. */
  readonly disposed: boolean;
  /** Cancels pending effects at once; later events are ignored. */
  dispose(): void;
}

/** How long a flow outlives its last subscriber (covers StrictMode remounts, Suspense, route changes). */
const FLOW_RELEASE_DELAY_MS = 10_000;

export interface FlowDefinition<S, E, F extends KeyedEffect> {
  readonly transition: Transition<S, E, F>;
  readonly initial: S;
  readonly interpret: EffectInterpreter<E, F>;
  /** Sent when the first subscriber arrives: opening a flow starts nothing. */
  readonly start?: E;
  /**
   * The event a machine receives when an effect failed outside its own error handling (the
   * interpreter threw or its observable errored). Return `null` to only log it.
   */
  readonly onEffectFailure: (effect: F, error: AuthError) => E | null;
}

export interface FlowRuntime {
  readonly scheduler: Scheduler;
  readonly logger: LoggerPort;
  /** Defaults to {@link FLOW_RELEASE_DELAY_MS}. */
  readonly releaseDelayMs?: number;
  /** Called once the flow is disposed (the registry forgets it). */
  readonly onDisposed?: () => void;
}

/**
 * Interprets a pure machine: applies transitions, runs their effects, and feeds effect results
 * back in. Events sent while a transition is being applied are queued, so each transition sees
 * the state its predecessor produced.
 *
 * Lifecycle: the flow starts (sends `start`) when its first subscriber arrives — through
 * `subscribe` or `state$` — and is disposed {@link FlowRuntime.releaseDelayMs} after its last
 * subscriber left, unless another arrives first.
 */
export function runFlow<S, E, F extends KeyedEffect>(definition: FlowDefinition<S, E, F>, runtime: FlowRuntime): Flow<S, E> {
  const { transition, interpret, onEffectFailure } = definition;
  const { scheduler, logger } = runtime;
  const store = createStore(definition.initial);
  const running = new Set<Unsubscribable>();
  const keyed = new Map<string, Unsubscribable>();
  const queue: E[] = [];
  let draining = false;
  let disposed = false;
  let started = false;
  let holders = 0;
  let releaseTimer: Unsubscribable | null = null;

  const failed = (effect: F, cause: unknown) => {
    logger.error(`Effect "${effect.type}" failed`, cause);
    const event = onEffectFailure(effect, authError('unexpected', { cause }));
    if (event !== null) send(event);
  };

  const cancel = (effect: CancelEffect) => {
    for (const [key, subscription] of [...keyed]) {
      if ('key' in effect ? key === effect.key : key.startsWith(effect.prefix)) subscription.unsubscribe();
    }
  };

  const start = (effect: F) => {
    if (effect.type === 'cancel') {
      cancel(effect as unknown as CancelEffect);
      return;
    }
    const { key } = effect;
    if (key !== undefined) keyed.get(key)?.unsubscribe();
    // The handle stands for the effect from before it subscribes: an effect may end synchronously.
    let ended = false;
    let subscription: Unsubscribable | null = null;
    const handle: Unsubscribable = {
      unsubscribe: () => {
        forget();
        subscription?.unsubscribe();
      },
    };
    const forget = () => {
      ended = true;
      running.delete(handle);
      if (key !== undefined && keyed.get(key) === handle) keyed.delete(key);
    };
    running.add(handle);
    if (key !== undefined) keyed.set(key, handle);
    try {
      subscription = interpret(effect).subscribe({
        next: (event) => send(event),
        error: (error: unknown) => {
          forget();
          failed(effect, error);
        },
        complete: forget,
      });
    } catch (error) {
      forget();
      failed(effect, error);
      return;
    }
    // Ended while subscribing: nothing of it is left to cancel.
    if (ended) subscription.unsubscribe();
  };

  function send(event: E): void {
    if (disposed) return;
    queue.push(event);
    if (draining) return;
    draining = true;
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        let step: readonly [S, readonly F[]];
        try {
          step = transition(store.getSnapshot(), next, { now: scheduler.now() });
        } catch (error) {
          logger.error('A flow transition threw; the event was dropped', error);
          continue;
        }
        store.set(step[0]);
        for (const effect of step[1]) {
          if (disposed) return;
          start(effect);
        }
      }
    } finally {
      draining = false;
    }
  }

  const dispose = () => {
    if (disposed) return;
    disposed = true;
    queue.length = 0;
    releaseTimer?.unsubscribe();
    for (const subscription of [...running]) subscription.unsubscribe();
    runtime.onDisposed?.();
  };

  /** Keeps the flow alive and started while someone listens. */
  const retain = (): (() => void) => {
    holders++;
    releaseTimer?.unsubscribe();
    releaseTimer = null;
    if (!started && !disposed) {
      started = true;
      if (definition.start !== undefined) send(definition.start);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holders--;
      if (holders > 0 || disposed) return;
      releaseTimer = runAfter(scheduler, runtime.releaseDelayMs ?? FLOW_RELEASE_DELAY_MS, () => {
        if (holders === 0) dispose();
      });
    };
  };

  return {
    getSnapshot: store.getSnapshot,
    subscribe: (onChange) => {
      const release = retain();
      const unsubscribe = store.subscribe(onChange);
      return () => {
        unsubscribe();
        release();
      };
    },
    state$: interoperable(
      stream<S>((subscriber) => {
        const release = retain();
        const subscription = store.state$.subscribe(subscriber);
        return () => {
          subscription.unsubscribe();
          release();
        };
      }),
    ),
    send,
    get disposed() {
      return disposed;
    },
    dispose,
  };
}
