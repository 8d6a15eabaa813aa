import type { LoggerPort } from '@vestibule/core';
import type { StytchClient } from '@stytch/vanilla-js/headless';

/**
 * The SDK's own session refresher (its `SessionManager`, a private field of the client in
 * @stytch/vanilla-js 6.x): every 3 minutes, and at start-up when a session cookie exists.
 */
interface SdkSessionRefresher {
  cancelBackgroundRefresh(): void;
  scheduleBackgroundRefresh(): void;
  performBackgroundRefresh(): void;
  /** What its retry loop calls to refresh (the client's `session`). */
  _headlessSessionClient: { authenticate(options?: unknown): Promise<unknown> };
}

function isSdkRefresher(value: unknown): value is SdkSessionRefresher {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return (
    typeof fields['cancelBackgroundRefresh'] === 'function' &&
    typeof fields['scheduleBackgroundRefresh'] === 'function' &&
    typeof fields['performBackgroundRefresh'] === 'function' &&
    typeof fields['_headlessSessionClient'] === 'object' &&
    fields['_headlessSessionClient'] !== null
  );
}

/**
 * Switches the SDK's own refresher off, so the core's session policy is the one owner of the
 * refresh (docs/decisions.md, "One owner for the session refresh"): the SDK's timer would refresh
 * in every tab, and beside the policy's own refresh. The SDK offers no option for it, so this
 * reaches into its client; when a new SDK version no longer has that shape, the error is logged
 * and the SDK refreshes beside the policy (twice as many calls, nothing broken), and the
 * adapter's test of this function fails on the upgrade.
 *
 * A start-up refresh the constructor already sent goes on (the product's check on load shares its
 * request); if it fails, its retry loop ends quietly instead of retrying on its own.
 */
export function silenceSdkRefresher(client: StytchClient, logger: LoggerPort): boolean {
  const refresher = (client as unknown as { readonly _sessionManager?: unknown })._sessionManager;
  if (!isSdkRefresher(refresher)) {
    logger.error('The Stytch SDK’s session refresher was not found: it refreshes on its own beside the session policy');
    return false;
  }
  refresher.cancelBackgroundRefresh();
  refresher.scheduleBackgroundRefresh = () => undefined;
  refresher.performBackgroundRefresh = () => undefined;
  refresher._headlessSessionClient = { authenticate: () => Promise.resolve(undefined) };
  return true;
}
