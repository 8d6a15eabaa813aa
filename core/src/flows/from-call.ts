import { Observable } from 'rxjs';

/**
 * Runs an async port call when subscribed and emits the event made from its result.
 * Unsubscribing (a cancelled or superseded effect) drops a result that arrives later.
 * Lighter than `defer(() => from(promise)).pipe(map(...))`, which matters in the first load.
 */
export function fromCall<T, E>(call: () => Promise<T>, toEvent: (value: T) => E): Observable<E> {
  return new Observable<E>((subscriber) => {
    let active = true;
    call().then(
      (value) => {
        if (!active) return;
        subscriber.next(toEvent(value));
        subscriber.complete();
      },
      (error: unknown) => {
        if (active) subscriber.error(error);
      },
    );
    return () => {
      active = false;
    };
  });
}
