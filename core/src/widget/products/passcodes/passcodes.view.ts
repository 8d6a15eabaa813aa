import { retrySecondsLeft } from '../../../domain/retry/retry-window';
import type { ProductContext } from '../../widget.types';
import type { PasscodeEntryState, PasscodeExpiryView, PasscodesState, PasscodesView } from './passcodes.types';

/** SPEC §9: the countdown shows minutes:seconds. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The countdown while the code lasts; nothing to count when the provider's own setting applies. */
function expiryView(state: PasscodeEntryState): PasscodeExpiryView {
  if (state.expired) return { status: 'expired' };
  if (state.expiresAt === null) return { status: 'unknown' };
  const left = state.expiresAt - state.now;
  return left > 0 ? { status: 'counting', timeLeft: formatCountdown(left) } : { status: 'expired' };
}

/** Maps passcode state to what the Passcode entry screen renders. */
export function passcodesView(state: PasscodesState, _context: ProductContext): PasscodesView {
  if (state.screen === 'sending') return { screen: null };
  const retryInSeconds = retrySecondsLeft(state.retry);
  return {
    screen: 'entry',
    channel: state.channel,
    destination: state.destination,
    code: state.code,
    verifying: state.verifying,
    inputDisabled: state.verifying || retryInSeconds !== null,
    error: state.error,
    expiry: expiryView(state),
    resend: state.resend,
    canResend: !state.verifying && retryInSeconds === null && (state.resend === 'initial' || state.resend === 'waiting'),
    retryInSeconds,
    backArrow: true,
    // SPEC §2 Passwordless choice: the code's entry plus 'Create a password instead', like the link's confirmation.
    returnLabel: state.returnTo === 'passwords' ? 'password.createInstead' : null,
  };
}
