import type { MagicLinkEvent, MagicLinkView } from '@vestibule/core';
import { Message } from '../../../components/message';
import { RichMessage } from '../../../components/rich-message';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings, loaded with its screens. */
const NAMESPACES = ['main', 'magic-link'] as const;

const SHORTCUT_LABELS = { gmail: 'emailConfirmation.openGmail', yahoo: 'emailConfirmation.openYahoo', outlook: 'emailConfirmation.openOutlook' } as const;

/** The magic-link product's screens (a lazily loaded chunk). */
export function MagicLinkScreens({ view, send }: ProductScreensProps) {
  const sendMagicLink = (event: MagicLinkEvent) => send({ type: 'productEvent', product: 'magicLink', event });
  return <EmailConfirmationScreen view={view as MagicLinkView} send={sendMagicLink} onBack={() => send({ type: 'backClicked' })} />;
}

export interface EmailConfirmationScreenProps {
  readonly view: MagicLinkView;
  readonly send: (event: MagicLinkEvent) => void;
  readonly onBack: () => void;
}

/** SPEC §2 E-mail confirmation: where the link went, webmail shortcuts, resend and Try again. */
export function EmailConfirmationScreen({ view, send, onBack }: EmailConfirmationScreenProps) {
  const i18n = useI18n(NAMESPACES);
  const waiting = view.retryInSeconds !== null;
  return (
    <section className="vb-screen">
      <button type="button" className="vb-back" aria-label={i18n.t('common.back')} onClick={onBack}>
        <span aria-hidden="true">←</span>
      </button>
      <ScreenHeading focusOnMount>{i18n.t('emailConfirmation.title')}</ScreenHeading>
      <p className="vb-text">
        <RichMessage id="emailConfirmation.sentTo" values={{ email: <strong>{view.email}</strong> }} />
      </p>
      <ul className="vb-mail-links">
        {view.mailShortcuts.map((shortcut) => (
          <li key={shortcut.provider}>
            <a className="vb-button vb-button--secondary" href={shortcut.href} target="_blank" rel="noopener noreferrer">
              {i18n.t(SHORTCUT_LABELS[shortcut.provider])}
            </a>
          </li>
        ))}
      </ul>
      {view.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={view.error} />
        </p>
      )}
      <p className="vb-text vb-text--muted">
        {i18n.t('emailConfirmation.didNotGetIt')}{' '}
        <button
          type="button"
          className="vb-link"
          disabled={view.resending || waiting}
          aria-busy={view.resending || undefined}
          onClick={() => send({ type: 'resendClicked' })}
        >
          {waiting
            ? i18n.t('common.retryIn', { seconds: view.retryInSeconds ?? 0 })
            : i18n.t(view.resending ? 'emailConfirmation.resending' : 'emailConfirmation.resend')}
        </button>
      </p>
      <button type="button" className="vb-button vb-button--secondary" onClick={() => send({ type: 'tryAgainClicked' })}>
        {i18n.t('emailConfirmation.tryAgain')}
      </button>
    </section>
  );
}
