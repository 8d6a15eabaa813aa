import { namespaceOf, type MailShortcut, type MessageKey, type MessageRef } from '@vestibule/core';
import type { ReactNode } from 'react';
import { useI18n } from '../hooks/use-i18n';
import { BackButton } from './back-button';
import { Message } from './message';
import { RichMessage } from './rich-message';
import { ScreenHeading } from './screen-heading';
import { UserText } from './user-text';

// Every "we sent you an e-mail" screen (the magic link's confirmation, the password screens' reset
// e-mails) is one screen with its own heading, text and ways on. Its strings are in the
// `magic-link` namespace.
const NAMESPACES = ['main', 'magic-link'] as const;

const SHORTCUT_LABELS = { gmail: 'emailConfirmation.openGmail', yahoo: 'emailConfirmation.openYahoo', outlook: 'emailConfirmation.openOutlook' } as const;

/** SPEC §2: links to open Gmail, Yahoo or Outlook, narrowed to the sender when known. */
function MailLinks({ shortcuts }: { readonly shortcuts: readonly MailShortcut[] }) {
  const i18n = useI18n(NAMESPACES);
  return (
    <ul className="vb-mail-links">
      {shortcuts.map((shortcut) => (
        <li key={shortcut.provider}>
          <a className="vb-button vb-button--secondary" href={shortcut.href} target="_blank" rel="noopener noreferrer">
            {i18n.t(SHORTCUT_LABELS[shortcut.provider])}
          </a>
        </li>
      ))}
    </ul>
  );
}

interface ResendLineProps {
  readonly resending: boolean;
  readonly retryInSeconds: number | null;
  readonly resendInSeconds: number | null;
  readonly onResend: () => void;
}

/** "Didn't get it? Resend email", disabled while sending, waiting out `Retry-After`, or cooling down after a resend. */
function ResendLine({ resending, retryInSeconds, resendInSeconds, onResend }: ResendLineProps) {
  const i18n = useI18n(NAMESPACES);
  const label =
    retryInSeconds !== null
      ? i18n.t('common.retryIn', { seconds: retryInSeconds })
      : resendInSeconds !== null
        ? i18n.t('emailConfirmation.resendIn', { seconds: resendInSeconds })
        : i18n.t(resending ? 'emailConfirmation.resending' : 'emailConfirmation.resend');
  return (
    <p className="vb-text vb-text--muted">
      {i18n.t('emailConfirmation.didNotGetIt')}{' '}
      <button type="button" className="vb-link" disabled={resending || retryInSeconds !== null || resendInSeconds !== null} aria-busy={resending || undefined} onClick={onResend}>
        {label}
      </button>
    </p>
  );
}

/** What an e-mail-sent screen shows of its product's view (the names every such view uses). */
interface EmailSentView {
  readonly email: string;
  readonly mailShortcuts: readonly MailShortcut[];
  /** Why the last resend failed, or `null`. */
  readonly error: MessageRef | null;
  readonly resending: boolean;
  readonly retryInSeconds: number | null;
  /** The cooldown after a resend (the magic link's), where the screen has one. */
  readonly resendInSeconds?: number | null;
}

export interface EmailSentScreenProps {
  readonly title: MessageKey;
  /** Where the e-mail went: a message with an `{email}` placeholder. */
  readonly text: MessageKey;
  readonly view: EmailSentView;
  readonly onResend: () => void;
  readonly onBack: () => void;
  /** The screen's own ways on, under 'Resend email' ('Try again', 'Login without a password'…). */
  readonly children?: ReactNode;
}

/**
 * SPEC §2 "we sent you an e-mail" screens (E-mail confirmation, Forgot password, Set new…): the
 * heading, where the e-mail went, webmail shortcuts, the last resend's failure and 'Resend email'.
 */
export function EmailSentScreen({ title, text, view, onResend, onBack, children }: EmailSentScreenProps) {
  const i18n = useI18n([...NAMESPACES, namespaceOf(title)]);
  return (
    <section className="vb-screen">
      <BackButton onBack={onBack} />
      <ScreenHeading focusOnMount>{i18n.t(title)}</ScreenHeading>
      <p className="vb-text">
        <RichMessage id={text} values={{ email: <strong><UserText value={view.email} /></strong> }} />
      </p>
      <MailLinks shortcuts={view.mailShortcuts} />
      {view.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={view.error} />
        </p>
      )}
      <ResendLine resending={view.resending} retryInSeconds={view.retryInSeconds} resendInSeconds={view.resendInSeconds ?? null} onResend={onResend} />
      {children}
    </section>
  );
}
