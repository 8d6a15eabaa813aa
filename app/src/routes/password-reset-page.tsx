import { defineResetPasswordElement, SignInCallbackScreen, useAuthCore } from '@vestibule/ui';
import { useMemo, useState } from 'react';
import { PRODUCT_LOGIN_CONFIG } from '../product-config';
import { PageShell } from './page-shell';
import { loginPath } from './login-path';

export interface PasswordResetPageProps {
  readonly token: string | null;
  /** SPEC §2: `login` means the token is a magic link's; anything else is a reset token. */
  readonly tokenType: string | null;
  readonly search: string;
}

const sessionDurationMinutes = PRODUCT_LOGIN_CONFIG.sessionOptions?.sessionDurationMinutes;

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/**
 * `/login/password/reset?token=…&stytch_token_type=…`: a `login` token logs in like a magic link
 * ('Logging in...'); any other shows the Reset password form, rendered by the custom element
 * `<stytch-reset-password-container>`.
 */
export default function PasswordResetPage({ token, tokenType, search }: PasswordResetPageProps) {
  const core = useAuthCore();
  const returnContext = useMemo(() => core.readReturnContext(search), [core, search]);
  // Defined before the element is first rendered, so React hands it the token as a property.
  useState(() => defineResetPasswordElement(core, { returnContext, ...(sessionDurationMinutes === undefined ? {} : { sessionDurationMinutes }) }));
  if (tokenType === 'login') {
    return (
      <PageShell>
        <SignInCallbackScreen
          flowKey="password-reset-login"
          input={{ token, tokenType, returnContext, ...(sessionDurationMinutes === undefined ? {} : { sessionDurationMinutes }) }}
          loginHref={loginPath({ ...returnContext, source: null })}
          loginTarget={loginPath(returnContext)}
        />
      </PageShell>
    );
  }
  return (
    <PageShell>
      <stytch-reset-password-container passwordResetToken={token} />
    </PageShell>
  );
}
