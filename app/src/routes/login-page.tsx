import { destinationOf } from '@vestibule/core';
import { useAuthCore, useStore, LoginWidget } from '@vestibule/ui';
import { useEffect, useMemo } from 'react';
import { PRODUCT_LOGIN_CONFIG } from '../product-config';
import { PageShell } from './page-shell';

const isAuthenticated = (session: { readonly status: string }) => session.status === 'authenticated';

/** `/login?redirect=…&source=…`: the product's sign-in widget. */
export function LoginPage({ search, typedEmail }: { search: string; typedEmail: string }) {
  const core = useAuthCore();
  const returnContext = useMemo(() => core.readReturnContext(search), [core, search]);
  const signedIn = useStore(core.session, isAuthenticated);

  // Someone already signed in has nothing to do here: send them on (and not back here).
  useEffect(() => {
    if (signedIn) core.host.ports.navigation.replace(destinationOf(returnContext));
  }, [core, signedIn, returnContext]);

  return (
    <PageShell>
      <LoginWidget flowKey="login" config={PRODUCT_LOGIN_CONFIG} returnContext={returnContext} initialEmail={typedEmail} />
    </PageShell>
  );
}
