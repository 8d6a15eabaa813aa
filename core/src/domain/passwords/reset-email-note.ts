import type { StoragePort } from '../../ports/storage.port';

// Issue 16 §12: the reset link names no address, so 'Login without a password' on the reset page
// had none to offer. The address the reset e-mail went to is noted when it is sent, on this
// device (the link usually opens in a new tab), for as long as the link lasts.

/** Where the address of the last reset e-mail sent from this device waits, with its expiry. */
export const RESET_EMAIL_STORAGE_KEY = 'vestibule.passwordResetEmail';

/** Notes that a reset e-mail went to `email`, usable until `expiresAt` (ms since the epoch). */
export function noteResetEmail(storage: StoragePort, email: string, expiresAt: number): void {
  storage.set(RESET_EMAIL_STORAGE_KEY, `${expiresAt}\n${email}`);
}

/** The address of a reset e-mail whose link still lasts at `now`, else null (an expired note is forgotten). */
export function readResetEmail(storage: StoragePort, now: number): string | null {
  const [expiry = '', email = ''] = storage.get(RESET_EMAIL_STORAGE_KEY)?.split('\n') ?? [];
  const expiresAt = Number(expiry);
  if (expiry === '' || !Number.isFinite(expiresAt) || email === '') return null;
  if (now > expiresAt) {
    storage.remove(RESET_EMAIL_STORAGE_KEY);
    return null;
  }
  return email;
}
