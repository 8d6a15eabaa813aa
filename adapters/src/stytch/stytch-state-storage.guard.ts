import { clearSessionCookies, type SessionCookies } from './stytch-session-cookies';
import type { SessionReader } from './stytch-session.reader';

/** The SDK's localStorage entry for its `{session, user}` state (research/stytch-sdk.md §6). */
const stateStorageKey = (publicToken: string) => `stytch_sdk_state_${publicToken}`;

/**
 * Screens another tab's writes to the SDK's state before the SDK sees them. The SDK's own
 * `storage` listener parses the new value without a `try` and takes whatever JSON it finds as its
 * state (reliability.md C6), so junk there threw in this tab or reached every reader of the
 * session. This listener runs first (capture phase, added before the client exists) and lets
 * through only a well-formed state or a sign-out. Anything else is logged and becomes a sign-out:
 * the session cookies expire, as after a revoke that timed out (fail secure: with the cookie, the
 * next page's check would sign the visitor back in over the junk), and the SDK is handed the
 * sign-out from another tab, so it and the product agree this tab is signed out. The session is
 * not revoked at the provider: a write to storage is no reason for a request. `cookies` are the
 * runtime's (its configured names). Returns the removal.
 */
export function guardStytchStateStorage(publicToken: string, reader: SessionReader, cookies: SessionCookies): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const host = window;
  const key = stateStorageKey(publicToken);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || reader.admitsStored(event.newValue)) return;
    event.stopImmediatePropagation();
    clearSessionCookies(cookies);
    host.dispatchEvent(new StorageEvent('storage', { key, oldValue: event.oldValue, newValue: null, url: event.url, storageArea: event.storageArea }));
  };
  host.addEventListener('storage', onStorage, { capture: true });
  return () => host.removeEventListener('storage', onStorage, { capture: true });
}
