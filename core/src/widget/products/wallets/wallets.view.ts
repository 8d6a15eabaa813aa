import { retrySecondsLeft } from '../../../domain/retry/retry-window';
import type { WalletsState, WalletsView } from './wallets.types';

/** Maps wallets state to what its screens render. */
export function walletsView(state: WalletsState): WalletsView {
  switch (state.screen) {
    case 'other':
      return { screen: 'other', options: state.options };
    case 'connecting':
      return { screen: 'connecting', option: state.option };
    case 'signing':
      return { screen: 'signing', option: state.option, address: state.address };
    case 'setup':
      return { screen: 'setup', pages: state.pages };
    case 'error':
      return { screen: 'error', option: state.option, reason: state.reason, retryInSeconds: retrySecondsLeft(state.retry) };
  }
}
