import { appPath, type SafePath } from '../domain/redirects/safe-redirect';
import type { NavigationPort } from '../ports/navigation.port';
import type { SessionPort } from '../ports/session.port';

/** Where a signed-out visitor is sent. */
export const SIGNED_OUT_PATH: SafePath = appPath('/login');

/**
 * Ends the session and leaves for the login page. The provider clears local state even when
 * the revoke request fails, so the user is never left half signed-in.
 */
export const signOut =
  ({ ports }: { readonly ports: { readonly session: SessionPort; readonly navigation: NavigationPort } }) =>
  async (): Promise<void> => {
    await ports.session.revoke();
    ports.navigation.replace(SIGNED_OUT_PATH);
  };
