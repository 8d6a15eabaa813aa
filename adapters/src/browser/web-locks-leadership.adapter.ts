import type { TabLeadershipPort } from '@vestibule/core';

/** The lock the tabs of one site queue for; its holder refreshes the session for all of them. */
const SESSION_REFRESH_LOCK = 'vestibule:session-refresh';

/** The part of the browser's `LockManager` this adapter uses. */
export interface LockRequester {
  request(name: string, options: { readonly signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

/**
 * Tab leadership on Web Locks: every tab asks for one exclusive lock and keeps it until its tab
 * closes (the browser then grants it to the next tab in the queue) or it gives the role up.
 * Without Web Locks (an old browser, a sandboxed frame) each tab leads alone, as every tab did
 * before there was leadership: more refreshes, never none.
 */
export function createWebLocksLeadership(locks: LockRequester | null = globalThis.navigator?.locks ?? null, name = SESSION_REFRESH_LOCK): TabLeadershipPort {
  return {
    request: (onLeading) => {
      let active = true;
      const lead = () => {
        if (active) onLeading();
      };
      if (locks === null) {
        void Promise.resolve().then(lead);
        return () => void (active = false);
      }
      const withdraw = new AbortController();
      let resign = () => undefined as void;
      locks
        .request(name, { signal: withdraw.signal }, () => {
          // Held until this promise settles: until the role is given up, or the tab is gone.
          const held = new Promise<void>((resolve) => (resign = resolve));
          lead();
          return held;
        })
        // Withdrawn while waiting (AbortError), or the lock manager is unusable here: nothing to lead.
        .catch(() => undefined);
      return () => {
        active = false;
        withdraw.abort();
        resign();
      };
    },
  };
}
