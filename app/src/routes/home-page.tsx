import { SIGNED_OUT_PATH } from '@vestibule/core';
import { SignedInHome, useAuthCore, useStore } from '@vestibule/ui';
import { useEffect } from 'react';
import { PageShell } from './page-shell';

const isDestroyed = (session: { readonly status: string }) => session.status === 'destroyed';

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/** `/`: the signed-in home, or off to `/login` for visitors without a session. */
export default function HomePage() {
  const core = useAuthCore();
  const signedOut = useStore(core.session, isDestroyed);
  useEffect(() => {
    if (signedOut) core.host.ports.navigation.replace(SIGNED_OUT_PATH);
  }, [core, signedOut]);
  return (
    <PageShell>
      <SignedInHome />
    </PageShell>
  );
}
