import type { HistoryPort } from '@vestibule/core';

/** The field of `history.state` that marks an entry the widget added. */
const MARKER_FIELD = 'vestibuleScreen';

type HistoryWindow = Pick<Window, 'history' | 'addEventListener' | 'removeEventListener'>;

/**
 * The widget's screens as entries of the browser's session history: the same address, with a
 * marker in `history.state` (which the browser keeps across a reload of the entry). Never
 * throws: a browser refusing `pushState` (too many calls) leaves the screen without an entry.
 */
export function createBrowserHistory(target: HistoryWindow = window): HistoryPort {
  const current = (): string | null => {
    const state: unknown = target.history.state;
    if (typeof state !== 'object' || state === null) return null;
    const marker: unknown = (state as Record<string, unknown>)[MARKER_FIELD];
    return typeof marker === 'string' ? marker : null;
  };
  return {
    current,
    push: (marker) => {
      try {
        target.history.pushState({ [MARKER_FIELD]: marker }, '');
      } catch {
        // Rate-limited or sandboxed: the screen simply is not an entry of its own.
      }
    },
    back: (marker) => {
      if (current() === marker) target.history.back();
    },
    watch: (listener) => {
      const onPopState = () => listener(current());
      target.addEventListener('popstate', onPopState);
      return () => target.removeEventListener('popstate', onPopState);
    },
  };
}
