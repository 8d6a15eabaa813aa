import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAuthCore } from '../provider';

// The toasts themselves load with the first one: the first screen never shows any.
const ToastList = lazy(() => import('./toast-list'));

/**
 * Toasts from the core. Success, blank and loading toasts go in a polite live region that exists
 * from the start (screen readers announce changes to regions they already know), saying only the
 * toast that arrived; each error toast is an alert of its own beside it, said at once.
 */
export function ToastRegion() {
  // The list itself, not `useStore`: the region is in every first load, the selector hook is not.
  const { store } = useAuthCore().toasts;
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const list = (errors: boolean) =>
    toasts.length > 0 && (
      <Suspense fallback={null}>
        <ToastList toasts={toasts} errors={errors} />
      </Suspense>
    );
  return (
    <div className="vb-toasts">
      <div role="status" aria-live="polite" aria-atomic="false">
        {list(false)}
      </div>
      {list(true)}
    </div>
  );
}
