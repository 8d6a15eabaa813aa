import { BehaviorSubject, type Observable } from 'rxjs';

/**
 * A readable snapshot store: the one state contract every front end binds to.
 *
 * - `getSnapshot()` returns the same reference until the state changes (React's
 *   `useSyncExternalStore` compares with `Object.is`).
 * - `subscribe(onChange)` only reports future changes; it never calls back synchronously
 *   from inside `subscribe` (a synchronous replay there causes render loops).
 * - `state$` replays the current value and then every change, for RxJS consumers.
 *
 * Errors are part of the state: a store never errors or completes.
 */
export interface ReadableStore<S> {
  getSnapshot(): S;
  subscribe(onChange: () => void): () => void;
  readonly state$: Observable<S>;
}

/** A store the core itself writes to. Not exposed to front ends. */
export interface WritableStore<S> extends ReadableStore<S> {
  set(next: S): void;
  update(change: (current: S) => S): void;
}

/** Creates a store backed by a `BehaviorSubject`. */
export function createStore<S>(initial: S): WritableStore<S> {
  // `set`/`update` only emit real changes, so the subject needs no de-duplicating operator.
  const subject = new BehaviorSubject<S>(initial);
  return {
    getSnapshot: () => subject.getValue(),
    subscribe: (onChange) => {
      let replay = true; // a BehaviorSubject replays synchronously on subscribe: skip that one
      const subscription = subject.subscribe(() => {
        if (replay) replay = false;
        else onChange();
      });
      return () => subscription.unsubscribe();
    },
    state$: subject.asObservable(),
    set: (next) => {
      if (!Object.is(next, subject.getValue())) subject.next(next);
    },
    update: (change) => {
      const next = change(subject.getValue());
      if (!Object.is(next, subject.getValue())) subject.next(next);
    },
  };
}

/** Narrows a writable store to its read-only face. */
export function readonlyStore<S>(store: ReadableStore<S>): ReadableStore<S> {
  return { getSnapshot: store.getSnapshot, subscribe: store.subscribe, state$: store.state$ };
}
