import type { NamespaceId, WalletsEvent, WalletsView } from '@vestibule/core';
import { BackButton } from '../../../components/back-button';
import { Message } from '../../../components/message';
import { RichMessage } from '../../../components/rich-message';
import { ScreenHeading } from '../../../components/screen-heading';
import { UserText } from '../../../components/user-text';
import { useI18n } from '../../../hooks/use-i18n';
import type { ProductScreensProps } from '../../product-screens';
import { continueWithWallet } from './wallet-labels';

/** This product's strings, loaded with its screens (errors come with the failure that needs them). */
const NAMESPACES = ['main', 'wallets'] as const;

/** The strings its screens show, fetched with them before the product is entered (product-views.ts). */
export const namespaces: readonly NamespaceId[] = NAMESPACES;

// The component is the default export: the widget renders it as it is (no re-wrapping code in the first load).
/**
 * SPEC §2's crypto screens (a lazily loaded chunk): other wallets, connect, sign message, set up
 * a new wallet, and error. Each has the back arrow to Main, which also abandons a request the
 * wallet has not answered.
 */
export default function WalletsScreens({ view, send }: ProductScreensProps) {
  const i18n = useI18n(NAMESPACES);
  const screen = view as WalletsView;
  const sendWallets = (event: WalletsEvent) => send({ type: 'productEvent', product: 'wallets', event });
  const back = <BackButton onBack={() => send({ type: 'backClicked' })} />;
  switch (screen.screen) {
    case 'other':
      return (
        <section className="vb-screen">
          {back}
          <ScreenHeading focusOnMount>{i18n.t('wallets.otherWallet')}</ScreenHeading>
          <ul className="vb-choice-list">
            {screen.options.map((option) => (
              <li key={option}>
                <button type="button" className="vb-button vb-button--secondary" onClick={() => sendWallets({ type: 'chosen', option })}>
                  {continueWithWallet(i18n, option)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'connecting':
    case 'signing':
      return (
        // Keyed by the screen: connect → sign moves focus to the new heading, so it is announced.
        <section key={screen.screen} className="vb-screen vb-screen--centered">
          {back}
          <ScreenHeading focusOnMount>{i18n.t(screen.screen === 'connecting' ? 'wallets.connecting' : 'wallets.signing')}</ScreenHeading>
          <span className="vb-spinner" aria-hidden="true" />
          <p className="vb-text" role="status">
            {screen.screen === 'connecting' ? i18n.t('wallets.approveInWallet') : <RichMessage id="wallets.signingAs" values={{ address: <UserText value={screen.address} /> }} />}
          </p>
        </section>
      );
    case 'setup':
      return (
        <section className="vb-screen">
          {back}
          <ScreenHeading focusOnMount>{i18n.t('wallets.setupTitle')}</ScreenHeading>
          <p className="vb-text">{i18n.t('wallets.setupText')}</p>
          {screen.pages === null ? (
            <p className="vb-text" role="status">
              {i18n.t('common.loading')}
            </p>
          ) : (
            <ul className="vb-choice-list">
              {screen.pages.map((page) => (
                <li key={page.url}>
                  <a
                    className="vb-button vb-button--secondary"
                    href={page.url}
                    onClick={(event) => {
                      // Left through the navigation port, as every way off the site is.
                      event.preventDefault();
                      sendWallets({ type: 'downloadChosen', url: page.url });
                    }}
                  >
                    {/* One flow of text: the button lays its children out in a row. */}
                    <span>
                      <UserText value={page.name} />
                      <span className="vb-text--muted"> · {i18n.t(page.kind === 'ethereum' ? 'wallets.ethereumWallet' : 'wallets.multichainWallet')}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      );
    case 'error':
      return (
        <section className="vb-screen">
          {back}
          <ScreenHeading focusOnMount>{i18n.t('wallets.errorTitle')}</ScreenHeading>
          <p className="vb-banner vb-banner--error" role="alert">
            <Message message={screen.reason} />
          </p>
          <p className="vb-text">{i18n.t('wallets.errorText')}</p>
          <button type="button" className="vb-button vb-button--primary" disabled={screen.retryInSeconds !== null} onClick={() => sendWallets({ type: 'retryClicked' })}>
            {screen.retryInSeconds === null ? i18n.t('common.tryAgain') : i18n.t('common.retryIn', { seconds: screen.retryInSeconds })}
          </button>
        </section>
      );
  }
}
