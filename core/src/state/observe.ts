import { from, type Observable } from 'rxjs';
import type { ReadableStore } from './store';

// A module of its own: a page that never asks for an rxjs Observable carries no rxjs.

/**
 * A store (or flow) as an rxjs `Observable`: the current state, then each change, for consumers
 * who want rxjs's operators.
 */
export function observe<S>(store: Pick<ReadableStore<S>, 'state$'>): Observable<S> {
  return from(store.state$);
}
