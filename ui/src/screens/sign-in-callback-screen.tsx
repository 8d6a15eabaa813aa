import { openSignInCallbackFlow, signInCallbackView, type SafePath, type SignInCallbackEvent, type SignInCallbackInput, type SignInCallbackView } from '@vestibule/core';
import { useMemo } from 'react';
import { BusyStatus } from '../components/busy-status';
import { Message } from '../components/message';
import { ScreenHeading } from '../components/screen-heading';
import { useFlow } from '../hooks/use-flow';
import { useI18n } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';

export interface SignInCallbackScreenProps {
  /** Identifies the flow instance; never derived from the token. */
  readonly flowKey: string;
  readonly input: Omit<SignInCallbackInput, 'sessionDurationMinutes'> & { readonly sessionDurationMinutes?: number };
  /** Where 'Back to login' leads, as written into the page (no `source`: it is never reflected). */
  readonly loginHref: SafePath;
  /** Where 'Back to login' actually navigates, carrying `source` too. */
  readonly loginTarget: SafePath;
}

const CALLBACK_NAMESPACES = ['main', 'magic-link'] as const;

/** A magic link's or OAuth provider's return page (container): opens the callback flow and renders its view. */
export function SignInCallbackScreen({ flowKey, input, loginHref, loginTarget }: SignInCallbackScreenProps) {
  const core = useAuthCore();
  const { state, send } = useFlow(() => openSignInCallbackFlow(core, flowKey, input));
  const view = useMemo(() => signInCallbackView(state), [state]);
  return (
    <SignInCallbackView
      view={view}
      send={send}
      loginHref={loginHref}
      onBackToLogin={() => core.host.ports.navigation.navigate(loginTarget)}
    />
  );
}

export interface SignInCallbackViewProps {
  readonly view: SignInCallbackView;
  readonly send: (event: SignInCallbackEvent) => void;
  readonly loginHref: SafePath;
  readonly onBackToLogin: () => void;
}

/** 'Logging in...' until signed in, or what went wrong with a retry when the link is still good. */
export function SignInCallbackView({ view, send, loginHref, onBackToLogin }: SignInCallbackViewProps) {
  const i18n = useI18n(CALLBACK_NAMESPACES);
  if (view.screen === 'busy') return <BusyStatus message="callback.loggingIn" />;
  const { retry } = view;
  return (
    <section className="vb-widget vb-screen">
      <ScreenHeading focusOnMount>{i18n.t('callback.failedTitle')}</ScreenHeading>
      <p className="vb-banner vb-banner--error" role="alert">
        <Message message={view.message} />
      </p>
      {retry && (
        <button type="button" className="vb-button vb-button--primary" disabled={retry.inSeconds !== null} onClick={() => send({ type: 'retryClicked' })}>
          {retry.inSeconds === null ? i18n.t('common.tryAgain') : i18n.t('common.retryIn', { seconds: retry.inSeconds })}
        </button>
      )}
      <a
        className={`vb-button ${retry ? 'vb-button--secondary' : 'vb-button--primary'}`}
        href={loginHref}
        onClick={(event) => {
          event.preventDefault();
          onBackToLogin();
        }}
      >
        {i18n.t('callback.backToLogin')}
      </a>
    </section>
  );
}
