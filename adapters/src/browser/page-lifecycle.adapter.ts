import type { PageLifecyclePort } from '@vestibule/core';

/** The part of `window` the adapter listens to (a stand-in in tests). */
export interface PageLifecycleWindow {
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
  readonly document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/**
 * When the page is hidden or left: `visibilitychange` to hidden (tab switched, window minimised,
 * and on mobile the last moment a page is sure to run) and `pagehide` (navigation away, close,
 * back-forward cache). Both, because browsers fire either or both; a listener called twice
 * finds nothing left to send the second time. First-load code: kept to these few lines.
 */
export function createPageLifecycle(target: PageLifecycleWindow = window): PageLifecyclePort {
  return {
    onHidden: (listener) => {
      const { document } = target;
      const onVisibility = () => document.visibilityState === 'hidden' && listener();
      target.addEventListener('pagehide', listener);
      document.addEventListener('visibilitychange', onVisibility);
      return () => {
        target.removeEventListener('pagehide', listener);
        document.removeEventListener('visibilitychange', onVisibility);
      };
    },
  };
}
