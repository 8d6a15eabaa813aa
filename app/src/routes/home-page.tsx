import { SIGNED_OUT_PATH } from '@vestibule/core';
import { SignedInHome, useAuthCore, useStore } from '@vestibule/ui';
import { useEffect } from 'react';
import { PageShell } from './page-shell';

/** `/`: the signed-in home, or off to `/login` for visitors without a session. */
export function HomePage() {
  const core = useAuthCore();
  const status = useStore(core.session, (session) => session.status);
  useEffect(() => {
    if (status === 'destroyed') window.location.replace(SIGNED_OUT_PATH);
  }, [status]);
  return (
    <PageShell>
      <SignedInHome />
    </PageShell>
  );
}
