import { mailShortcuts } from '../../../domain/mail/mail-shortcuts';
import type { ProductContext } from '../../widget.types';
import type { MagicLinkState, MagicLinkView } from './magic-link.types';

/** Maps magic-link state to what its screen renders. */
export function magicLinkView(state: MagicLinkState, context: ProductContext): MagicLinkView {
  if (state.screen === 'sending') {
    return { screen: null, email: state.email, mailShortcuts: [], resending: false, error: null, retryInSeconds: null };
  }
  const waitMs = state.retryAt === null ? 0 : state.retryAt - state.now;
  return {
    screen: 'confirmation',
    email: state.email,
    mailShortcuts: mailShortcuts(context.senderDomain),
    resending: state.resending,
    error: state.error,
    retryInSeconds: waitMs > 0 ? Math.ceil(waitMs / 1000) : null,
  };
}
