import type { PasskeysSlotEvent, PasskeysSlotView } from '@vestibule/core';
import { useId } from 'react';
import { Message } from '../../../components/message';
import { useI18n } from '../../../hooks/use-i18n';
import type { SlotViewProps } from '../../slot-views';

/** Its words live in the product's namespace: the button waits for them (Main keeps its place empty meanwhile). */
const NAMESPACES = ['main', 'passkeys'] as const;

/**
 * SPEC §2 Main's first block: the passkey button, and the message Main shows by it (a failed
 * passkey sign-in). A native button, so Enter and Space press it; busy while its sign-in is on
 * its way (the browser's sheet is over the page meanwhile).
 */
export default function PasskeysButton({ view, message, send }: SlotViewProps<PasskeysSlotView>) {
  const i18n = useI18n(NAMESPACES);
  const messageId = useId();
  return (
    <>
      <button
        type="button"
        className="vb-button vb-button--secondary"
        disabled={view.disabled}
        aria-busy={view.busy || undefined}
        aria-describedby={message ? messageId : undefined}
        onClick={() => send({ type: 'pressed' } satisfies PasskeysSlotEvent)}
      >
        {i18n.t('passkeys.mainButton')}
      </button>
      {message && (
        <p id={messageId} className="vb-field-error" role="alert">
          <Message message={message} />
        </p>
      )}
    </>
  );
}
