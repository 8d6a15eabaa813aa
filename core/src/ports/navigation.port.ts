import type { SafePath } from '../domain/redirects/safe-redirect';

/** Moves the browser (or another front end's router) to a path the core has already validated. */
export interface NavigationPort {
  /** Goes to `path`, adding a history entry. */
  navigate(path: SafePath): void;
  /** Goes to `path` replacing the current history entry (the current page must not be returned to). */
  replace(path: SafePath): void;
  /**
   * Stops a page load this page started that has not arrived (a provider's page that never
   * loads), so it cannot replace the page after the visitor was told it did not open.
   */
  stop?(): void;
}
