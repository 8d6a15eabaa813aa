import { openPasswordResetFlow, passwordResetView, type PasswordResetEvent, type PasswordResetView as PasswordResetViewModel, type ReturnContext } from '@vestibule/core';
import { lazy, Suspense, useMemo } from 'react';
import { Message } from '../components/message';
import { PasswordForm } from '../components/password-form';
import { ScreenHeading } from '../components/screen-heading';
import { useFlow } from '../hooks/use-flow';
import { useI18n } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';

const NAMESPACES = ['main', 'passwords', 'magic-link'] as const;

export interface PasswordResetScreenProps {
  /** Identifies the flow instance; never derived from the token. */
  readonly flowKey: string;
  readonly token: string | null;
  readonly returnContext: ReturnContext;
  readonly sessionDurationMinutes?: number;
}

/** SPEC §2 Reset password (container): opens the reset flow and renders its view. */
export function PasswordResetScreen({ flowKey, token, returnContext, sessionDurationMinutes }: PasswordResetScreenProps) {
  const core = useAuthCore();
  const { state, send } = useFlow(() =>
    openPasswordResetFlow(core, flowKey, { token, returnContext, ...(sessionDurationMinutes === undefined ? {} : { sessionDurationMinutes }) }),
  );
  const view = useMemo(() => passwordResetView(state), [state]);
  return <PasswordResetView view={view} send={send} />;
}

// Lazily, as the login widget loads it: a module both imported and lazily loaded makes the bundler
// build a namespace object for it, and its helper would ship in /login's first load.
const SuccessScreen = lazy(() => import('../widget/success-screen'));

/** 'Reset your password': a new password with live strength feedback, Continue, 'Login without a password'. */
export function PasswordResetView({ view, send }: { readonly view: PasswordResetViewModel; readonly send: (event: PasswordResetEvent) => void }) {
  const i18n = useI18n(NAMESPACES);
  if (view.screen === 'succeeded') {
    return (
      <div className="vb-widget">
        <Suspense fallback={null}>
          <SuccessScreen title="success.title" text="success.loggedIn" />
        </Suspense>
      </div>
    );
  }
  const passwordless = (
    <button type="button" className="vb-button vb-button--secondary" onClick={() => send({ type: 'passwordlessClicked' })}>
      {i18n.t('password.loginWithoutPassword')}
    </button>
  );
  if (view.screen === 'missingToken') {
    return (
      <section className="vb-widget vb-screen">
        <ScreenHeading focusOnMount>{i18n.t('password.resetTitle')}</ScreenHeading>
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={view.message} />
        </p>
        {passwordless}
      </section>
    );
  }
  return (
    <section className="vb-widget vb-screen">
      <ScreenHeading focusOnMount>{i18n.t('password.resetTitle')}</ScreenHeading>
      <PasswordForm view={view} label="password.newLabel" autoComplete="new-password" send={send} />
      {passwordless}
    </section>
  );
}
