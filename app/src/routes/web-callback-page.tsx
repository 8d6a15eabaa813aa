import { callbackView, openWebCallbackFlow } from '@vestibule/core';
import { MagicLinkCallbackView, useAuthCore, useFlow } from '@vestibule/ui';
import { useMemo } from 'react';
import { PageShell } from './page-shell';
import { loginPath } from './login-path';

export interface WebCallbackPageProps {
  /** The session token a password sign-in handed over (already out of the address bar). */
  readonly sessionToken: string | null;
  /** The query left after the credentials were taken out. */
  readonly search: string;
}

/** `/login/callback/web`: adopts the handed-over session, then goes to the validated `redirect` (else `/`). */
export function WebCallbackPage({ sessionToken, search }: WebCallbackPageProps) {
  const core = useAuthCore();
  const returnContext = useMemo(() => core.readReturnContext(search), [core, search]);
  const { state, send } = useFlow(() => openWebCallbackFlow(core, 'web-callback', { sessionToken, returnContext }));
  const view = useMemo(() => callbackView(state), [state]);
  const loginTarget = loginPath(returnContext);
  return (
    <PageShell>
      <MagicLinkCallbackView
        view={view}
        send={send}
        loginHref={loginPath({ ...returnContext, source: null })}
        onBackToLogin={() => core.host.ports.navigation.navigate(loginTarget)}
      />
    </PageShell>
  );
}

// The lazy() loader takes the default export directly (no re-wrapping code in the first load).
export default WebCallbackPage;
