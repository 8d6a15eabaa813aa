/**
 * The browser's session history for the widget's own screens (issue 16 §13): each screen the
 * widget opens is an entry of the same address, marked so the widget knows its own. Synchronous
 * and tiny (`history.pushState`), so it is never deferred. Implementations never throw.
 */
export interface HistoryPort {
  /** The marker of the current entry, if the widget added it; else `null`. */
  current(): string | null;
  /** Adds an entry for the same address, carrying `marker`. */
  push(marker: string): void;
  /** Goes back one entry, only if the current one is `marker` (the widget's own screen). */
  back(marker: string): void;
  /** Calls `listener` with the current entry's marker each time Back or Forward moves; returns how to stop. */
  watch(listener: (marker: string | null) => void): () => void;
}
