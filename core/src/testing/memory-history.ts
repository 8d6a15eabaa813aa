import type { HistoryPort } from '../ports/history.port';

// For core's own tests: the browser's session history of one tab, in memory. Back and Forward
// tell the watchers after the current task, as a browser's `popstate` does.

export interface MemoryHistory {
  readonly port: HistoryPort;
  /** Every entry's marker (`null`: one the widget did not add), oldest first. */
  readonly entries: readonly (string | null)[];
  /** Where the tab is in `entries`. */
  readonly index: number;
  /** The browser's Back button. */
  pressBack(): void;
  /** The browser's Forward button. */
  pressForward(): void;
}

/** A tab that opened one page (an entry without a marker). */
export function memoryHistory(): MemoryHistory {
  const entries: (string | null)[] = [null];
  let index = 0;
  const watchers = new Set<(marker: string | null) => void>();
  const current = () => entries[index] ?? null;
  const moveTo = (next: number) => {
    if (next < 0 || next >= entries.length) return;
    index = next;
    const marker = current();
    void Promise.resolve().then(() => watchers.forEach((watcher) => watcher(marker)));
  };
  return {
    port: {
      current,
      push: (marker) => {
        entries.splice(index + 1);
        entries.push(marker);
        index = entries.length - 1;
      },
      back: (marker) => {
        if (current() === marker) moveTo(index - 1);
      },
      watch: (watcher) => {
        watchers.add(watcher);
        return () => watchers.delete(watcher);
      },
    },
    get entries() {
      return [...entries];
    },
    get index() {
      return index;
    },
    pressBack: () => moveTo(index - 1),
    pressForward: () => moveTo(index + 1),
  };
}
