import type { StoragePort } from '../../ports/storage.port';

/**
 * A session handed from the widget to `/login/callback/web` (SPEC §4) travels in this tab's
 * storage, never in the address: a query string reaches server and CDN logs, history and
 * referrers. Written just before the widget navigates there, taken (read and removed) by that
 * page, and only by a page of the same tab.
 */
export const SESSION_HANDOFF_STORAGE_KEY = 'vestibule.sessionHandoff';

/** A hand-off older than this is not taken (the navigation follows within seconds). */
export const SESSION_HANDOFF_TTL_MS = 2 * 60_000;

/** Longest token accepted back from storage (Stytch's are 44 characters): anything else is another writer's data. */
const MAX_TOKEN_LENGTH = 512;
const TOKEN_PATTERN = /^[A-Za-z0-9_=-]+$/;

/** Stores `token` for the web callback page of this tab. */
export function writeSessionHandoff(storage: StoragePort, token: string, now: number): void {
  storage.set(SESSION_HANDOFF_STORAGE_KEY, JSON.stringify({ token, at: now }));
}

/**
 * Takes the hand-off: the stored token when it is well-formed and fresh, else `null`. Either
 * way it is removed, so a token is handed over once.
 */
export function takeSessionHandoff(storage: StoragePort, now: number): string | null {
  const raw = storage.get(SESSION_HANDOFF_STORAGE_KEY);
  if (raw === null) return null;
  storage.remove(SESSION_HANDOFF_STORAGE_KEY);
  if (raw.length > MAX_TOKEN_LENGTH + 64) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { token, at } = parsed as { readonly token?: unknown; readonly at?: unknown };
  if (typeof token !== 'string' || typeof at !== 'number' || !Number.isFinite(at)) return null;
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || !TOKEN_PATTERN.test(token)) return null;
  if (now < at || now - at > SESSION_HANDOFF_TTL_MS) return null;
  return token;
}
