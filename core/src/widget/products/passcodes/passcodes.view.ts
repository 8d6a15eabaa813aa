import { retrySecondsLeft } from '../../../domain/retry/retry-window';
import type { ProductContext } from '../../widget.types';
import type { PasscodesState, PasscodesView } from './passcodes.types';

/** SPEC §9: the countdown shows minutes:seconds. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Maps passcode state to what the Passcode entry screen renders. */
export function passcodesView(state: PasscodesState, _context: ProductContext): PasscodesView {
  if (state.screen === 'sending') return { screen: null };
  const retryInSeconds = retrySecondsLeft(state.retry);
  const left = state.expiresAt - state.now;
  return {
    screen: 'entry',
    channel: state.channel,
    destination: state.destination,
    code: state.code,
    verifying: state.verifying,
    inputDisabled: state.verifying || retryInSeconds !== null,
    error: state.error,
    expiresIn: left > 0 ? formatCountdown(left) : null,
    resend: state.resend,
    canResend: !state.verifying && retryInSeconds === null && (state.resend === 'initial' || state.resend === 'waiting'),
    retryInSeconds,
    backArrow: true,
    // SPEC §2 Passwordless choice: the code's entry plus 'Create a password instead', like the link's confirmation.
    returnLabel: state.returnTo === 'passwords' ? 'password.createInstead' : null,
  };
}
