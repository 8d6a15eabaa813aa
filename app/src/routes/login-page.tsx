import { destinationOf } from '@vestibule/core';
import { useAuthCore, LoginWidget } from '@vestibule/ui';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { isProductionHost } from '../composition/production-host';
import { SHOW_DEVELOPER_MESSAGES } from '../developer-messages';
import { PRODUCT_LOGIN_CONFIG, PRODUCT_LOGIN_PRODUCTS } from '../product-config';
import { PageShell } from './page-shell';

/** How long a session that appeared waits for the widget's own success screen before the page moves on. */
const SIGNED_IN_ELSEWHERE_WAIT_MS = 300;

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

  // The form hidden for a session cookie (app/server/early-press.ts) shows once the check found no
  // session (or could not run: the visitor can still sign in).
  useEffect(() => {
    if (arrivedSignedIn === false || session === 'unavailable') document.documentElement.removeAttribute('data-session-cookie');
  }, [arrivedSignedIn, session]);

  // Signed in since, in another tab (SPEC §4: the change arrives through storage events): this tab
  // moves on too, so nobody signs in a second account here (issue 16 §9). The widget's own sign-in
  // shows its success screen and hands off by itself; the wait lets that screen come first when the
  // session's change and the sign-in's answer arrive in either order.
  const finishingOwnSignIn = useRef(false);
  const onOwnSignIn = useCallback((finishing: boolean) => void (finishingOwnSignIn.current = finishing), []);
  useEffect(() => {
    if (arrivedSignedIn !== false || session !== 'authenticated') return undefined;
    const timer = setTimeout(() => {
      if (!finishingOwnSignIn.current) core.host.ports.navigation.replace(destinationOf(returnContext));
    }, SIGNED_IN_ELSEWHERE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [core, arrivedSignedIn, session, returnContext]);

  return (
    <PageShell>
      <LoginWidget
        flowKey="login"
        config={PRODUCT_LOGIN_CONFIG}
        products={PRODUCT_LOGIN_PRODUCTS}
        returnContext={returnContext}
        initialEmail={typedEmail}
        productionHost={isProductionHost(core.host.origin, import.meta.env.VITE_PRODUCTION_HOST)}
        developerMessages={SHOW_DEVELOPER_MESSAGES}
        onOwnSignIn={onOwnSignIn}
      />
    </PageShell>
  );
}
