import { namespaceOf, type MagicLinkEvent, type MagicLinkView, type NamespaceId } from '@vestibule/core';
import { EmailSentScreen } from '../../../components/email-sent';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings, loaded with its screens. */
const NAMESPACES = ['main', 'magic-link'] as const;

/** The strings its screens show, fetched with them before the product is entered (product-views.ts). */
export const namespaces: readonly NamespaceId[] = NAMESPACES;

// The component is the default export: the widget renders it as it is (no re-wrapping code in the first load).
/** The magic-link product's screens (a lazily loaded chunk). */
export default function MagicLinkScreens({ view, send }: ProductScreensProps) {
  const sendMagicLink = (event: MagicLinkEvent) => send({ type: 'productEvent', product: 'magicLink', event });
  return <EmailConfirmationScreen view={view as MagicLinkView} send={sendMagicLink} onBack={() => send({ type: 'backClicked' })} />;
}

export interface EmailConfirmationScreenProps {
  readonly view: MagicLinkView;
  readonly send: (event: MagicLinkEvent) => void;
  readonly onBack: () => void;
}

/**
 * SPEC §2 E-mail confirmation: where the link went, webmail shortcuts, resend and Try again; when
 * another product handed the visitor over, the way back to it too (Passwordless choice: 'Create a
 * password instead').
 */
export function EmailConfirmationScreen({ view, send, onBack }: EmailConfirmationScreenProps) {
  // The way back is worded in its product's namespace: the screen waits for it rather than flash without it.
  const i18n = useI18n(view.returnLabel === null ? NAMESPACES : [...NAMESPACES, namespaceOf(view.returnLabel)]);
  return (
    <EmailSentScreen
      title="emailConfirmation.title"
      text="emailConfirmation.sentTo"
      view={view}
      onResend={() => send({ type: 'resendClicked' })}
      onBack={onBack}
    >
      {view.returnLabel !== null && (
        <button type="button" className="vb-button vb-button--secondary" disabled={view.resending} onClick={() => send({ type: 'returnClicked' })}>
          {i18n.t(view.returnLabel)}
        </button>
      )}
      <button type="button" className="vb-button vb-button--secondary" onClick={() => send({ type: 'tryAgainClicked' })}>
        {i18n.t('emailConfirmation.tryAgain')}
      </button>
    </EmailSentScreen>
  );
}
