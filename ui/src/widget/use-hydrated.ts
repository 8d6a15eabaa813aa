import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * `false` while React hydrates pre-rendered markup (and on the server), `true` afterwards: what was
 * never pre-rendered (Google One Tap) renders only then, so hydration always matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
