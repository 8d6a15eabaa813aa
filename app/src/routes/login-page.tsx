import { useAuthCore, useStore, LoginWidget } from '@vestibule/ui';
import { useEffect, useMemo } from 'react';
import { PRODUCT_LOGIN_CONFIG } from '../product-config';
import { PageShell } from './page-shell';

/** `/login?redirect=…&source=…`: the product's sign-in widget. */
export function LoginPage({ search, typedEmail }: { search: string; typedEmail: string }) {
  const core = useAuthCore();
  const returnContext = useMemo(() => core.readReturnContext(search), [core, search]);
  const status = useStore(core.session, (session) => session.status);

  // Someone already signed in has nothing to do here: send them on.
  useEffect(() => {
    if (status === 'authenticated') window.location.replace(returnContext.redirect ?? '/');
  }, [status, returnContext]);

  return (
    <PageShell>
      <LoginWidget flowKey={`login:${search}`} config={PRODUCT_LOGIN_CONFIG} returnContext={returnContext} initialEmail={typedEmail} />
    </PageShell>
  );
}
