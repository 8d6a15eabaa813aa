import type { WalletsSlotEvent, WalletsSlotView } from '@vestibule/core';
import { Message } from '../../../components/message';
import { useI18n } from '../../../hooks/use-i18n';
import type { SlotViewProps } from '../../slot-views';

/** Its words live in the product's namespace: the button waits for them (Main keeps its place empty meanwhile). */
const NAMESPACES = ['main', 'wallets'] as const;

/** SPEC §2 Main's wallets place: the wallets product's button, and the message Main shows in it. */
export default function WalletsButton({ view, message, send }: SlotViewProps<WalletsSlotView>) {
  const i18n = useI18n(NAMESPACES);
  return (
    <>
      <button
        type="button"
        className="vb-button vb-button--secondary"
        disabled={view.disabled}
        aria-busy={view.busy || undefined}
        onClick={() => send({ type: 'pressed' } satisfies WalletsSlotEvent)}
      >
        {i18n.t('wallets.mainButton')}
      </button>
      {message && (
        <p className="vb-field-error" role="alert">
          <Message message={message} />
        </p>
      )}
    </>
  );
}
