import { safeRedirect } from '@vestibule/core';
import { IdentityProviderScreen } from '@vestibule/ui';
import { PRODUCT_NAME } from '../product-config';
import { ROUTE_PATHS } from '../route-paths';
import { loginPath } from './login-path';
import { readPageAttestation } from './page-settings';
import { PageShell } from './page-shell';

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/**
 * `/oauth/authorize` and `/oauth/logout` (SPEC §2): the identity-provider consent and logout
 * screens for the application that sent the visitor here. A visitor without a session signs in
 * and comes back to this same request (validated as every return is; a request too long to carry
 * returns to the home page instead). A page whose server rendered a trusted auth token in its
 * settings block attests a session from it first (./page-settings.ts).
 */
export default function IdentityProviderPage({ search, logout }: { readonly search: string; readonly logout: boolean }) {
  const here = `${logout ? ROUTE_PATHS.oauthLogout : ROUTE_PATHS.oauthAuthorize}${search}`;
  const returnTo = loginPath({ redirect: safeRedirect(here, window.location.origin), source: null });
  return (
    <PageShell>
      <IdentityProviderScreen search={search} logoutPath={logout} loginPath={returnTo} projectName={PRODUCT_NAME} attestation={readPageAttestation(document)} />
    </PageShell>
  );
}
