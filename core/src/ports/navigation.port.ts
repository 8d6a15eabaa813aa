import type { ProviderUrl } from '../domain/redirects/provider-url';
import type { SafePath } from '../domain/redirects/safe-redirect';

/**
 * Moves the browser (or another front end's router): within the site to a path the core has
 * validated, or away from it to a URL a provider returned.
 */
export interface NavigationPort {
  /** Goes to `path`, adding a history entry. */
  navigate(path: SafePath): void;
  /** Goes to `path` replacing the current history entry (the current page must not be returned to). */
  replace(path: SafePath): void;
  /**
   * Leaves the site for a URL a provider returned (an identity provider's `redirect_uri`, a
   * wallet's download page), adding a history entry. Separate from `navigate`, so a provider's
   * URL can never pass for one of the site's paths, nor the reverse; only adapters mint a
   * {@link ProviderUrl}.
   */
  leave(url: ProviderUrl): void;
  /**
   * Stops a page load this page started that has not arrived (a provider's page that never
   * loads), so it cannot replace the page after the visitor was told it did not open.
   */
  stop?(): void;
}
