import type { AuthProviderPort } from '../ports/auth-provider.port';
import type { NavigationPort } from '../ports/navigation.port';

/** Where a signed-out visitor is sent. */
export const SIGNED_OUT_PATH = '/login';

/**
 * Ends the session and leaves for the login page. The provider clears local state even when
 * the revoke request fails, so the user is never left half signed-in.
 */
export const signOut =
  ({ auth, navigation }: { readonly auth: AuthProviderPort; readonly navigation: NavigationPort }) =>
  async (): Promise<void> => {
    await auth.revokeSession();
    navigation.navigate(SIGNED_OUT_PATH);
  };
