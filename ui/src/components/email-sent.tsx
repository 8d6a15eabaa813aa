import type { MailShortcut } from '@vestibule/core';
import { useI18n } from '../hooks/use-i18n';

// The parts every "we sent you an e-mail" screen shares (the magic link's confirmation, the
// password screens' reset and login-link e-mails). Their strings are in the `magic-link` namespace.
const NAMESPACES = ['main', 'magic-link'] as const;

const SHORTCUT_LABELS = { gmail: 'emailConfirmation.openGmail', yahoo: 'emailConfirmation.openYahoo', outlook: 'emailConfirmation.openOutlook' } as const;

/** SPEC §2: links to open Gmail, Yahoo or Outlook, narrowed to the sender when known. */
export function MailLinks({ shortcuts }: { readonly shortcuts: readonly MailShortcut[] }) {
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

/** "Didn't get it? Resend email", disabled while sending or waiting out `Retry-After`. */
export function ResendLine({ resending, retryInSeconds, onResend }: { readonly resending: boolean; readonly retryInSeconds: number | null; readonly onResend: () => void }) {
  const i18n = useI18n(NAMESPACES);
  return (
    <p className="vb-text vb-text--muted">
      {i18n.t('emailConfirmation.didNotGetIt')}{' '}
      <button type="button" className="vb-link" disabled={resending || retryInSeconds !== null} aria-busy={resending || undefined} onClick={onResend}>
        {retryInSeconds !== null
          ? i18n.t('common.retryIn', { seconds: retryInSeconds })
          : i18n.t(resending ? 'emailConfirmation.resending' : 'emailConfirmation.resend')}
      </button>
    </p>
  );
}
