import type { Flow } from '@vestibule/core';
import { useEffect } from 'react';
import { useAuthCore } from '../provider';
import { useStore } from './use-store';

/**
 * Attaches to a flow owned by the core's registry. The registry keeps the instance across
 * StrictMode's unmount/remount, so effects such as "send the link" never run twice.
 */
export function useFlow<S, E>(key: string, open: () => Flow<S, E>): { state: S; send: (event: E) => void } {
  const core = useAuthCore();
  const flow = open();
  useEffect(() => core.host.flows.retain(key), [core, key]);
  const state = useStore(flow);
  return { state, send: flow.send };
}
