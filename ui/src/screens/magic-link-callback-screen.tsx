import { openMagicLinkCallbackFlow, type CallbackInput } from '@vestibule/core';
import { BusyStatus } from '../components/busy-status';
import { Message } from '../components/message';
import { ScreenHeading } from '../components/screen-heading';
import { useFlow } from '../hooks/use-flow';
import { useI18n } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';

export interface MagicLinkCallbackScreenProps {
  readonly flowKey: string;
  readonly input: Omit<CallbackInput, 'sessionDurationMinutes'>;
  /** Where 'Back to login' leads, as written into the page (no `source`: it is never reflected). */
  readonly loginHref: string;
  /** Where 'Back to login' actually navigates, carrying `source` too. */
  readonly loginTarget?: string;
}

/** The magic link's return page: 'Logging in...' until signed in, or what went wrong. */
export function MagicLinkCallbackScreen({ flowKey, input, loginHref, loginTarget }: MagicLinkCallbackScreenProps) {
  const core = useAuthCore();
  const i18n = useI18n();
  const { state } = useFlow(flowKey, () => openMagicLinkCallbackFlow(core, flowKey, input));

  if (state.status === 'failed') {
    return (
      <section className="vb-widget vb-screen">
        <ScreenHeading focusOnMount>{i18n.t('callback.failedTitle')}</ScreenHeading>
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={state.message} />
        </p>
        <a
          className="vb-button vb-button--primary"
          href={loginHref}
          onClick={(event) => {
            if (loginTarget === undefined || loginTarget === loginHref) return;
            event.preventDefault();
            window.location.assign(loginTarget);
          }}
        >
          {i18n.t('callback.backToLogin')}
        </a>
      </section>
    );
  }
  return <BusyStatus message="callback.loggingIn" />;
}
