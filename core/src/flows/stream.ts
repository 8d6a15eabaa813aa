import type { Unsubscribable } from '../ports/scheduler.port';

/** Receives a stream's values, then at most one end: an error or completion. */
export interface Observer<T> {
  next(value: T): void;
  error(error: unknown): void;
  complete(): void;
}

/**
 * What an effect's events arrive through: anything with rxjs's `subscribe(observer)`. An rxjs
 * `Observable` is one (lazily loaded code may use rxjs freely); the core's first-load runtime
 * builds its own with {@link stream}, so rxjs stays out of a page's first load.
 */
export interface Stream<T> {
  /** Starts the stream for `observer` (or for a `next` function alone, as rxjs allows). */
  subscribe(observer: Partial<Observer<T>> | ((value: T) => void)): Unsubscribable;
}

/** The producer's side of a {@link stream}: `closed` once it ended or the consumer left. */
export interface StreamSubscriber<T> extends Observer<T> {
  readonly closed: boolean;
}

/** What a producer hands back to stop its work: a function, a subscription, or nothing. */
export type Teardown = (() => void) | Unsubscribable | void;

/**
 * A cold stream, like rxjs's `new Observable(produce)`: `produce` runs on each subscribe; nothing
 * reaches the observer after an error, completion or unsubscribe; the teardown runs exactly once
 * (at the end, or at unsubscribe). A producer that throws errors the stream.
 */
export function stream<T>(produce: (subscriber: StreamSubscriber<T>) => Teardown): Stream<T> {
  return {
    subscribe(observerOrNext) {
      const observer: Partial<Observer<T>> = typeof observerOrNext === 'function' ? { next: observerOrNext } : observerOrNext;
      let closed = false;
      let teardown: Teardown = undefined;
      let endedBeforeTeardown = false;
      const finish = () => {
        if (teardown === undefined) {
          endedBeforeTeardown = true;
          return;
        }
        const current = teardown;
        teardown = undefined;
        if (typeof current === 'function') current();
        else current.unsubscribe();
      };
      const subscriber: StreamSubscriber<T> = {
        get closed() {
          return closed;
        },
        next: (value) => {
          if (!closed) observer.next?.(value);
        },
        error: (error) => {
          if (closed) return;
          closed = true;
          finish();
          observer.error?.(error);
        },
        complete: () => {
          if (closed) return;
          closed = true;
          finish();
          observer.complete?.();
        },
      };
      try {
        teardown = produce(subscriber);
      } catch (error) {
        subscriber.error(error);
      }
      // Ended while producing: its teardown runs now, once.
      if (endedBeforeTeardown && teardown !== undefined) finish();
      return {
        unsubscribe: () => {
          if (closed) return;
          closed = true;
          finish();
        },
      };
    },
  };
}

/** A stream that completes at once (an effect with nothing to answer). */
export const NO_EVENTS: Stream<never> = stream<never>((subscriber) => subscriber.complete());

/** Each value of `source` mapped by `project` (one mapping needs no operator machinery). */
export function mapStream<T, R>(source: Stream<T>, project: (value: T) => R): Stream<R> {
  return stream<R>((subscriber) =>
    source.subscribe({ next: (value) => subscriber.next(project(value)), error: (error) => subscriber.error(error), complete: () => subscriber.complete() }),
  );
}
