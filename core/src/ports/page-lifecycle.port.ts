/**
 * The page's lifecycle as far as the core cares: the moment it stops being seen (the visitor
 * switches tab, closes it or navigates away), after which it may be frozen or unloaded without
 * another chance to run. What is queued to leave the page must leave then.
 */
export interface PageLifecyclePort {
  /** Calls `listener` each time the page becomes hidden or is being left; returns the unsubscribe. */
  onHidden(listener: () => void): () => void;
}
