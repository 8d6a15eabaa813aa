import type { ProductContext } from '../../widget.types';
import type { WalletsState, WalletsView } from './wallets.types';

/** Maps wallets state to what its screens render. */
export function walletsView(state: WalletsState, _context: ProductContext): WalletsView {
  return { screen: state.screen, error: state.error, busy: state.busy };
}
