import { errorMessage, type SessionState } from '@vestibule/core';
import type { ReactNode } from 'react';
import { useI18n } from '../hooks/use-i18n';
import { Message } from './message';
import { ScreenHeading } from './screen-heading';

export interface SessionUnavailableProps {
  /** The page's own heading for it (already translated). */
  readonly title: ReactNode;
  readonly session: Extract<SessionState, { readonly status: 'unavailable' }>;
  readonly onRetry: () => void;
  readonly className?: string;
}

/**
 * A page that needs the session when its check failed: why, and 'Try again' (counting down a
 * `Retry-After`). Every signed-in page shows the same.
 */
export function SessionUnavailable({ title, session, onRetry, className = 'vb-screen' }: SessionUnavailableProps) {
  const i18n = useI18n();
  return (
    <section className={className}>
      <ScreenHeading focusOnMount>{title}</ScreenHeading>
      <p className="vb-banner vb-banner--error" role="alert">
        <Message message={errorMessage(session.error)} />
      </p>
      <button type="button" className="vb-button vb-button--primary" disabled={session.retryInSeconds !== null} onClick={onRetry}>
        {session.retryInSeconds === null ? i18n.t('common.tryAgain') : i18n.t('common.retryIn', { seconds: session.retryInSeconds })}
      </button>
    </section>
  );
}
