import type { ProductContext } from '../../widget.types';
import type { PasskeysState, PasskeysView } from './passkeys.types';

/** Maps passkeys state to what its screens render. */
export function passkeysView(state: PasskeysState, _context: ProductContext): PasskeysView {
  return { screen: state.screen, error: state.error, busy: state.busy };
}
