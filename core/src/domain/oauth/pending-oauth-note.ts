import type { PendingOAuth } from './oauth-buttons';

// Only the OAuth product and the sign-in return page write the note, and both load on demand; the
// reader (`readPendingOAuth`) is in Main's first load, so the writer lives here, out of it.

/** This tab's note of an OAuth round trip as stored (`readPendingOAuth` reads it back). */
export function writePendingOAuth(note: PendingOAuth): string {
  return `${note.provider}\n${note.email}${note.outcome === undefined ? '' : `\n${note.outcome}`}`;
}
