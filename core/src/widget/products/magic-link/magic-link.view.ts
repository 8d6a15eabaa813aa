import { mailShortcuts } from '../../../domain/mail/mail-shortcuts';
import { retrySecondsLeft } from '../../../domain/retry/retry-window';
import type { MessageKey } from '../../../domain/i18n/message-ref';
import type { ProductContext, ProductId } from '../../widget.types';
import type { MagicLinkState, MagicLinkView } from './magic-link.types';

/** How the confirmation words the way back to each product that hands visitors over to it. */
const RETURN_LABELS: Partial<Record<ProductId, MessageKey>> = {
  // SPEC §2 Passwordless choice: the link's confirmation plus 'Create a password instead'.
  passwords: 'password.createInstead',
};

/** Maps magic-link state to what its screen renders. */
export function magicLinkView(state: MagicLinkState, context: ProductContext): MagicLinkView {
  if (state.screen === 'sending') {
    return { screen: null, email: state.email, mailShortcuts: [], resending: false, error: null, retryInSeconds: null, resendInSeconds: null, returnLabel: null };
  }
  return {
    screen: 'confirmation',
    email: state.email,
    mailShortcuts: mailShortcuts(context.senderDomain),
    resending: state.resending,
    error: state.error,
    retryInSeconds: retrySecondsLeft(state.retry),
    resendInSeconds: retrySecondsLeft(state.cooldown),
    returnLabel: state.returnTo === null ? null : (RETURN_LABELS[state.returnTo] ?? null),
  };
}
