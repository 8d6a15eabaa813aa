import type { WalletsSlotEvent, WalletsSlotView } from '@vestibule/core';
import { Message } from '../../../components/message';
import { useI18n } from '../../../hooks/use-i18n';
import type { SlotViewProps } from '../../slot-views';
import { continueWithWallet } from './wallet-labels';

/** Its words live in the product's namespace: the buttons wait for them (Main keeps its place empty meanwhile). */
const NAMESPACES = ['main', 'wallets'] as const;

/**
 * SPEC §2 Main's wallet place: the wallet buttons that fit beside the OAuth buttons (SPEC §9),
 * 'Continue with other wallet' for the rest, and the message Main shows here.
 */
export default function WalletButtons({ view, message, send }: SlotViewProps<WalletsSlotView>) {
  const i18n = useI18n(NAMESPACES);
  const press = (option: WalletsSlotEvent['option']) => send({ type: 'pressed', option } satisfies WalletsSlotEvent);
  return (
    <>
      {view.buttons.map((button) => (
        <button
          key={button.option}
          type="button"
          className="vb-button vb-button--secondary"
          disabled={view.disabled}
          aria-busy={button.busy || undefined}
          onClick={() => press(button.option)}
        >
          {continueWithWallet(i18n, button.option)}
        </button>
      ))}
      {view.other && (
        <button type="button" className="vb-button vb-button--secondary" disabled={view.disabled} aria-busy={view.other.busy || undefined} onClick={() => press('other')}>
          {i18n.t('wallets.otherWallet')}
        </button>
      )}
      {message && (
        <p className="vb-field-error" role="alert">
          <Message message={message} />
        </p>
      )}
    </>
  );
}
