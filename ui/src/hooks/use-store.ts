import type { ReadableStore } from '@vestibule/core';
import { useCallback, useRef, useSyncExternalStore } from 'react';

const identity = <T,>(value: T) => value;

/**
 * Reads a core store. With a selector, re-renders only when the selected value changes
 * (compared with `isEqual`), and returns a stable reference otherwise. The memo is keyed by the
 * state *and* the selector, as React's own `with-selector` does: a new selector is applied at
 * once instead of returning what the old one selected.
 */
export function useStore<S, T = S>(
  store: ReadableStore<S>,
  select: (state: S) => T = identity as (state: S) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const memo = useRef<{ state: S; select: (state: S) => T; selected: T } | null>(null);
  const getSelection = useCallback(() => {
    const state = store.getSnapshot();
    const previous = memo.current;
    if (previous && Object.is(previous.state, state) && previous.select === select) return previous.selected;
    const selected = select(state);
    if (previous && isEqual(previous.selected, selected)) {
      memo.current = { state, select, selected: previous.selected };
      return previous.selected;
    }
    memo.current = { state, select, selected };
    return selected;
  }, [store, select, isEqual]);
  return useSyncExternalStore(store.subscribe, getSelection, getSelection);
}
