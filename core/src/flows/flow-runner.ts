import { type Observable, type Subscription } from 'rxjs';
import { createStore, type ReadableStore } from '../state/store';

/** A pure state machine: `transition(state, event) → [nextState, effects]`. */
export type Transition<S, E, F> = (state: S, event: E) => readonly [S, readonly F[]];

/**
 * Effects may carry a `key`: a new effect with the same key cancels the previous one
 * (a restarted timer, a superseded request), so machines never see stale results from it.
 */
export interface KeyedEffect {
  readonly key?: string;
}

/** Runs one effect against the ports; every value it emits is fed back as an event. */
export type EffectInterpreter<E, F> = (effect: F) => Observable<E>;

/** A running flow: a store of its state plus a way to send it events. */
export interface Flow<S, E> extends ReadableStore<S> {
  send(event: E): void;
  /** Cancels pending effects; later events are ignored. */
  dispose(): void;
}

/**
 * Interprets a pure machine: applies transitions, runs their effects, and feeds effect results
 * back in. Events sent while a transition is being applied are queued, so each transition
 * sees the state its predecessor produced.
 */
export function runFlow<S, E, F extends KeyedEffect>(
  transition: Transition<S, E, F>,
  initial: S,
  interpret: EffectInterpreter<E, F>,
): Flow<S, E> {
  const store = createStore(initial);
  const running = new Set<Subscription>();
  const keyed = new Map<string, Subscription>();
  const queue: E[] = [];
  let draining = false;
  let disposed = false;

  const start = (effect: F) => {
    if (effect.key !== undefined) keyed.get(effect.key)?.unsubscribe();
    const subscription = interpret(effect).subscribe({
      next: (event) => send(event),
      error: () => undefined, // interpreters map failures to events; a stray error must not kill the flow
    });
    if (subscription.closed) return;
    running.add(subscription);
    subscription.add(() => running.delete(subscription));
    if (effect.key !== undefined) {
      const key = effect.key;
      keyed.set(key, subscription);
      subscription.add(() => {
        if (keyed.get(key) === subscription) keyed.delete(key);
      });
    }
  };

  function send(event: E): void {
    if (disposed) return;
    queue.push(event);
    if (draining) return;
    draining = true;
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const [state, effects] = transition(store.getSnapshot(), next);
        store.set(state);
        for (const effect of effects) {
          if (disposed) return;
          start(effect);
        }
      }
    } finally {
      draining = false;
    }
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    state$: store.state$,
    send,
    dispose: () => {
      disposed = true;
      queue.length = 0;
      for (const subscription of [...running]) subscription.unsubscribe();
    },
  };
}
