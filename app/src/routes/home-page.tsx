import { appPath, SIGNED_OUT_PATH } from '@vestibule/core';
import { SignedInHome, useAuthCore, useStore } from '@vestibule/ui';
import { useEffect } from 'react';
import { ROUTE_PATHS } from '../route-paths';
import { PageShell } from './page-shell';

const PASSKEYS_PATH = appPath(ROUTE_PATHS.accountPasskeys);

const isDestroyed = (session: { readonly status: string }) => session.status === 'destroyed';

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/** `/`: the signed-in home (linking to the passkey list), or off to `/login` for visitors without a session. */
export default function HomePage() {
  const core = useAuthCore();
  const signedOut = useStore(core.session, isDestroyed);
  useEffect(() => {
    if (signedOut) core.host.ports.navigation.replace(SIGNED_OUT_PATH);
  }, [core, signedOut]);
  return (
    <PageShell>
      <SignedInHome passkeysPath={PASSKEYS_PATH} />
    </PageShell>
  );
}
