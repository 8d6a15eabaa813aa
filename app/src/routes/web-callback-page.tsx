import { openWebCallbackFlow, signInCallbackView } from '@vestibule/core';
import { SignInCallbackView, useAuthCore, useFlow } from '@vestibule/ui';
import { useMemo } from 'react';
import { PageShell } from './page-shell';
import { loginPath } from './login-path';

interface WebCallbackPageProps {
  /**
   * A `session_token` from the address (already out of the address bar): taken only when this tab's
   * widget handed over no session (its hand-off goes through storage, never the address).
   */
  readonly sessionToken: string | null;
  /** The query left after the credentials were taken out. */
  readonly search: string;
}

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/** `/login/callback/web`: adopts the handed-over session, then goes to the validated `redirect` (else `/`). */
export default function WebCallbackPage({ sessionToken, search }: WebCallbackPageProps) {
  const core = useAuthCore();
  const returnContext = useMemo(() => core.readReturnContext(search), [core, search]);
  const { state, send } = useFlow(() => openWebCallbackFlow(core, 'web-callback', { sessionToken, returnContext }));
  const view = useMemo(() => signInCallbackView(state), [state]);
  const loginTarget = loginPath(returnContext);
  return (
    <PageShell>
      <SignInCallbackView
        view={view}
        send={send}
        loginHref={loginPath({ ...returnContext, source: null })}
        onBackToLogin={() => core.host.ports.navigation.navigate(loginTarget)}
      />
    </PageShell>
  );
}
