import type { InteropObservable } from 'rxjs';
import { stream, type Stream } from '../flows/stream';

/**
 * A readable snapshot store: the one state contract every front end binds to.
 *
 * - `getSnapshot()` returns the same reference until the state changes (React's
 *   `useSyncExternalStore` compares with `Object.is`).
 * - `subscribe(onChange)` only reports future changes; it never calls back synchronously
 *   from inside `subscribe` (a synchronous replay there causes render loops).
 * - `state$` replays the current value and then every change. It is rxjs's `Subscribable` (and
 *   interoperable: rxjs's `from(store.state$)`, or {@link observe}, gives an `Observable` with
 *   every operator); the store itself brings no rxjs into a page's first load.
 *
 * Errors are part of the state: a store never errors or completes.
 */
export interface ReadableStore<S> {
  getSnapshot(): S;
  subscribe(onChange: () => void): () => void;
  readonly state$: StateStream<S>;
}

/** `Symbol.observable` where the platform has it, else the name rxjs also looks for. */
const OBSERVABLE: symbol | '@@observable' = (typeof Symbol === 'function' && (Symbol as { readonly observable?: symbol }).observable) || '@@observable';

/**
 * A store's states: a stream declaring itself observable (`Symbol.observable`), so
 * rxjs's `from` and other libraries adopt it as it is.
 */
export type StateStream<S> = Stream<S> & InteropObservable<S>;

/** `states` made interoperable: its `Symbol.observable` (or `@@observable`) returns it. */
export function interoperable<S>(states: Stream<S>): StateStream<S> {
  return Object.assign(states, { [OBSERVABLE]: () => states }) as unknown as StateStream<S>;
}

/** A store the core itself writes to. Not exposed to front ends. */
export interface WritableStore<S> extends ReadableStore<S> {
  set(next: S): void;
  update(change: (current: S) => S): void;
}

/**
 * Creates a store. A listener set rather than rxjs's `BehaviorSubject`: the store is in every
 * page's first load, and `Subject` would bring its machinery there for what a `Set` does.
 */
export function createStore<S>(initial: S): WritableStore<S> {
  let value = initial;
  const listeners = new Set<(next: S) => void>();
  const listen = (listener: (next: S) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  // Only real changes are emitted; a listener removed while others run is not called after.
  const set = (next: S) => {
    if (Object.is(next, value)) return;
    value = next;
    for (const listener of [...listeners]) if (listeners.has(listener)) listener(next);
  };
  return {
    getSnapshot: () => value,
    subscribe: (onChange) => listen(() => onChange()),
    state$: interoperable(
      stream<S>((subscriber) => {
        subscriber.next(value);
        return listen((next) => subscriber.next(next));
      }),
    ),
    set,
    update: (change) => set(change(value)),
  };
}

/** Narrows a writable store to its read-only face. */
export function readonlyStore<S>(store: ReadableStore<S>): ReadableStore<S> {
  return { getSnapshot: store.getSnapshot, subscribe: store.subscribe, state$: store.state$ };
}
