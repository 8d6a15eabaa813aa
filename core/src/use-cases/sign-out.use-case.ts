import { appPath } from '../domain/redirects/app-paths';
import type { SafePath } from '../domain/redirects/safe-redirect';
import { providerCall, type CallRuntime } from '../flows/provider-call';
import type { NavigationPort } from '../ports/navigation.port';
import type { SessionPort } from '../ports/session.port';

/** Where a signed-out visitor is sent. */
export const SIGNED_OUT_PATH: SafePath = appPath('/login');

/**
 * Ends the session and leaves for the login page. The provider clears local state even when
 * the revoke request fails, so the user is never left half signed-in; the revoke runs as a
 * provider call (timeout, abort), so a hung or failed one still leaves, instead of keeping
 * 'Logging out…' on screen.
 */
export const signOut =
  (host: CallRuntime & { readonly ports: { readonly session: SessionPort; readonly navigation: NavigationPort } }) =>
  (): Promise<void> =>
    new Promise((resolve) => {
      providerCall(host, (options) => host.ports.session.revoke(options), () => undefined).subscribe(() => {
        host.ports.navigation.replace(SIGNED_OUT_PATH);
        resolve();
      });
    });
