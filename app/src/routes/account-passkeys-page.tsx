import { appPath } from '@vestibule/core';
import { PasskeyRegistrationScreen } from '@vestibule/ui';
import { PRODUCT_LOGIN_CONFIG } from '../product-config';
import { ROUTE_PATHS } from '../route-paths';
import { loginPath } from './login-path';
import { PageShell } from './page-shell';

const sessionDurationMinutes = PRODUCT_LOGIN_CONFIG.sessionOptions?.sessionDurationMinutes;
/** 'Done' goes back to the signed-in home, where the link to this page is. */
const DONE_PATH = appPath(ROUTE_PATHS.home);
/** Signed out: the sign-in, whose `redirect` brings the user back here once signed in. */
const SIGN_IN_PATH = loginPath({ redirect: appPath(ROUTE_PATHS.accountPasskeys), source: null });

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/** `/account/passkeys`: a signed-in user's passkeys: set one up, rename or delete them (SPEC §2, §6). */
export default function AccountPasskeysPage() {
  return (
    <PageShell>
      <PasskeyRegistrationScreen donePath={DONE_PATH} loginPath={SIGN_IN_PATH} {...(sessionDurationMinutes === undefined ? {} : { sessionDurationMinutes })} />
    </PageShell>
  );
}
