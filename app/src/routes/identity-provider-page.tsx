import { safeRedirect } from '@vestibule/core';
import { IdentityProviderScreen } from '@vestibule/ui';
import { PRODUCT_NAME } from '../product-config';
import { ROUTE_PATHS } from '../route-paths';
import { loginPath } from './login-path';
import { PageShell } from './page-shell';

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/**
 * `/oauth/authorize` and `/oauth/logout` (SPEC §2): the identity-provider consent and logout
 * screens for the application that sent the visitor here. A visitor without a session signs in
 * and comes back to this same request (validated as every return is; a request too long to carry
 * returns to the home page instead).
 */
export default function IdentityProviderPage({ search, logout }: { readonly search: string; readonly logout: boolean }) {
  const here = `${logout ? ROUTE_PATHS.oauthLogout : ROUTE_PATHS.oauthAuthorize}${search}`;
  const returnTo = loginPath({ redirect: safeRedirect(here, window.location.origin), source: null });
  return (
    <PageShell>
      <IdentityProviderScreen search={search} logoutPath={logout} loginPath={returnTo} projectName={PRODUCT_NAME} />
    </PageShell>
  );
}
