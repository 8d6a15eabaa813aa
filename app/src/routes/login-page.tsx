import { destinationOf } from '@vestibule/core';
import { useAuthCore, LoginWidget } from '@vestibule/ui';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { isProductionHost } from '../composition/production-host';
import { PRODUCT_LOGIN_CONFIG, PRODUCT_LOGIN_PRODUCTS } from '../product-config';
import { PageShell } from './page-shell';

/** `/login?redirect=…&source=…`: the product's sign-in widget. */
export function LoginPage({ search, typedEmail }: { search: string; typedEmail: string }) {
  const core = useAuthCore();
  const returnContext = useMemo(() => core.readReturnContext(search), [core, search]);
  // A status is a string: React compares it as it is, so the page needs no selector hook (`useStore`).
  const sessionStatus = () => core.session.getSnapshot().status;
  const session = useSyncExternalStore(core.session.subscribe, sessionStatus, sessionStatus);
  // Whether the visitor was signed in when the page learnt it: only then is there nothing to do
  // here. A sign-in made in the widget (a password) shows its success screen and hands off itself.
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && session !== 'unknown' && session !== 'unavailable') setArrivedSignedIn(session === 'authenticated');

  // Someone already signed in has nothing to do here: send them on (and not back here).
  useEffect(() => {
    if (arrivedSignedIn === true) core.host.ports.navigation.replace(destinationOf(returnContext));
  }, [core, arrivedSignedIn, returnContext]);

  return (
    <PageShell>
      <LoginWidget
        flowKey="login"
        config={PRODUCT_LOGIN_CONFIG}
        products={PRODUCT_LOGIN_PRODUCTS}
        returnContext={returnContext}
        initialEmail={typedEmail}
        productionHost={isProductionHost(core.host.origin, import.meta.env.VITE_PRODUCTION_HOST)}
      />
    </PageShell>
  );
}
