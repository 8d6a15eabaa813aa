import type { WalletsEvent, WalletsView, NamespaceId } from '@vestibule/core';
import { BackButton } from '../../../components/back-button';
import { Message } from '../../../components/message';
import { ScreenHeading } from '../../../components/screen-heading';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';

/** This product's strings, loaded with its screens (errors come with the failure that needs them). */
const NAMESPACES = ['main', 'wallets'] as const;

/** The strings its screens show, fetched with them before the product is entered (product-views.ts). */
export const namespaces: readonly NamespaceId[] = NAMESPACES;

// The component is the default export: the widget renders it as it is (no re-wrapping code in the first load).
/** The wallets product's screens (a lazily loaded chunk). */
export default function WalletsScreens({ view, send }: ProductScreensProps) {
  const i18n = useI18n(NAMESPACES);
  const screen = view as WalletsView;
  const sendWallets = (event: WalletsEvent) => send({ type: 'productEvent', product: 'wallets', event });
  return (
    <section className="vb-screen">
      <BackButton onBack={() => send({ type: 'backClicked' })} />
      <ScreenHeading focusOnMount>{i18n.t('wallets.title')}</ScreenHeading>
      {screen.error && (
        <p className="vb-banner vb-banner--error" role="alert">
          <Message message={screen.error} />
        </p>
      )}
      <button type="button" className="vb-button vb-button--primary" disabled={screen.busy} aria-busy={screen.busy || undefined} onClick={() => sendWallets({ type: 'submitted' })}>
        {i18n.t('wallets.continue')}
      </button>
    </section>
  );
}
