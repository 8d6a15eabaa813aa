import type { StoragePort } from '../../ports/storage.port';

// Issue 16 §12: 'Login without a password' on the reset page leaves the address it knew for the
// next /login in this tab. Apart from the reset-e-mail note (reset-email-note.ts): /login reads
// this as it opens, and a first-load module keeps all it exports in the first load.

/** Where the reset page leaves that address for the next /login in this tab, read once. */
export const CARRIED_EMAIL_STORAGE_KEY = 'vestibule.carriedEmail';

/** The address the reset page carried here, once: a later /login in the tab starts empty again. */
export function takeCarriedEmail(storage: StoragePort): string | null {
  const email = storage.get(CARRIED_EMAIL_STORAGE_KEY);
  if (email !== null) storage.remove(CARRIED_EMAIL_STORAGE_KEY);
  return email === '' ? null : email;
}
