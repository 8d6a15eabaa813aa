import { mailShortcuts } from '../../../domain/mail/mail-shortcuts';
import { retrySecondsLeft } from '../../../domain/retry/retry-window';
import type { ProductContext } from '../../widget.types';
import type { MagicLinkState, MagicLinkView } from './magic-link.types';

/** Maps magic-link state to what its screen renders. */
export function magicLinkView(state: MagicLinkState, context: ProductContext): MagicLinkView {
  if (state.screen === 'sending') {
    return { screen: null, email: state.email, mailShortcuts: [], resending: false, error: null, retryInSeconds: null };
  }
  return {
    screen: 'confirmation',
    email: state.email,
    mailShortcuts: mailShortcuts(context.senderDomain),
    resending: state.resending,
    error: state.error,
    retryInSeconds: retrySecondsLeft(state.retry),
  };
}
