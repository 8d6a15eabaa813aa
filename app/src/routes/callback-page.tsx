import { SignInCallbackScreen, useAuthCore } from '@vestibule/ui';
import { useMemo } from 'react';
import { PRODUCT_LOGIN_CONFIG } from '../product-config';
import { PageShell } from './page-shell';
import { loginPath } from './login-path';

export interface CallbackPageProps {
  readonly token: string | null;
  readonly tokenType: string | null;
  /** The query left after the credentials were taken out. */
  readonly search: string;
}

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/**
 * `/login/callback`: finishes a magic-link or OAuth sign-in, then goes to the validated `redirect`;
 * a visitor who cancelled at the OAuth provider goes back to `/login`, which says so.
 */
export default function CallbackPage({ token, tokenType, search }: CallbackPageProps) {
  const core = useAuthCore();
  const returnContext = useMemo(() => core.readReturnContext(search), [core, search]);
  const input = useMemo(() => {
    const sessionDurationMinutes = PRODUCT_LOGIN_CONFIG.sessionOptions?.sessionDurationMinutes;
    // An OAuth provider that sends no token says why in `error` (RFC 6749 §4.1.2.1).
    const providerError = new URLSearchParams(search).get('error');
    return { token, tokenType, providerError, returnContext, ...(sessionDurationMinutes === undefined ? {} : { sessionDurationMinutes }) };
  }, [token, tokenType, search, returnContext]);
  return (
    <PageShell>
      <SignInCallbackScreen
        flowKey="sign-in-callback"
        input={input}
        loginHref={loginPath({ ...returnContext, source: null })}
        loginTarget={loginPath(returnContext)}
      />
    </PageShell>
  );
}
