import type { Flow } from '@vestibule/core';
import { useSyncExternalStore } from 'react';

/**
 * Attaches to a flow owned by the core's registry. `open` only looks the flow up (or creates it
 * unstarted): nothing runs during render. Subscribing at commit starts it; the registry keeps it
 * across StrictMode's unmount/remount and a Suspense delay, so effects such as "authenticate
 * this link" never run twice, and a flow disposed long ago is simply opened afresh.
 */
export function useFlow<S, E>(open: () => Flow<S, E>): { state: S; send: (event: E) => void } {
  const flow = open();
  const state = useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot);
  return { state, send: flow.send };
}
