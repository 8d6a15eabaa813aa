import type { MagicLinkEvent, MagicLinkView } from '@vestibule/core';
import { BackButton } from '../../../components/back-button';
import { MailLinks, ResendLine } from '../../../components/email-sent';
import { Message } from '../../../components/message';
import { RichMessage } from '../../../components/rich-message';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings, loaded with its screens. */
const NAMESPACES = ['main', 'magic-link'] as const;

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
  return (
    <section className="vb-screen">
      <BackButton onBack={onBack} />
      <ScreenHeading focusOnMount>{i18n.t('emailConfirmation.title')}</ScreenHeading>
      <p className="vb-text">
        <RichMessage id="emailConfirmation.sentTo" values={{ email: <strong>{view.email}</strong> }} />
      </p>
      <MailLinks shortcuts={view.mailShortcuts} />
      {view.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={view.error} />
        </p>
      )}
      <ResendLine resending={view.resending} retryInSeconds={view.retryInSeconds} onResend={() => send({ type: 'resendClicked' })} />
      <button type="button" className="vb-button vb-button--secondary" onClick={() => send({ type: 'tryAgainClicked' })}>
        {i18n.t('emailConfirmation.tryAgain')}
      </button>
    </section>
  );
}

// The lazy() loader takes the default export directly (no re-wrapping code in the first load).
export default MagicLinkScreens;
