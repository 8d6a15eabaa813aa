import { retrySecondsLeft } from '../../domain/retry/retry-window';
import type { SignInCallbackState, SignInCallbackView } from './sign-in-callback.types';

/** Maps a return page's state to its view model: 'Logging in...' until there is something to say. */
export function signInCallbackView(state: SignInCallbackState): SignInCallbackView {
  switch (state.screen) {
    case 'starting':
    case 'authenticating':
    case 'checkingSession':
    case 'cancelled':
    case 'succeeded':
      return { screen: 'busy' };
    case 'failed':
      return { screen: 'failed', message: state.message, retry: null };
    case 'retryable':
      return { screen: 'failed', message: state.message, retry: { inSeconds: retrySecondsLeft(state.retry) } };
  }
}
