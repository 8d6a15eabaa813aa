import type { PasskeysEvent, PasskeysView, NamespaceId } from '@vestibule/core';
import { BackButton } from '../../../components/back-button';
import { Message } from '../../../components/message';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings, loaded with its screens (errors come with the failure that needs them). */
const NAMESPACES = ['main', 'passkeys'] as const;

/** The strings its screens show, fetched with them before the product is entered (product-views.ts). */
export const namespaces: readonly NamespaceId[] = NAMESPACES;

// The component is the default export: the widget renders it as it is (no re-wrapping code in the first load).
/** The passkeys product's screens (a lazily loaded chunk). */
export default function PasskeysScreens({ view, send }: ProductScreensProps) {
  const i18n = useI18n(NAMESPACES);
  const screen = view as PasskeysView;
  const sendPasskeys = (event: PasskeysEvent) => send({ type: 'productEvent', product: 'passkeys', event });
  return (
    <section className="vb-screen">
      <BackButton onBack={() => send({ type: 'backClicked' })} />
      <ScreenHeading focusOnMount>{i18n.t('passkeys.title')}</ScreenHeading>
      {screen.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={screen.error} />
        </p>
      )}
      <button type="button" className="vb-button vb-button--primary" disabled={screen.busy} aria-busy={screen.busy || undefined} onClick={() => sendPasskeys({ type: 'submitted' })}>
        {i18n.t('passkeys.continue')}
      </button>
    </section>
  );
}
