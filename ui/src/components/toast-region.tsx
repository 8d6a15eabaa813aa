import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAuthCore } from '../provider';

// The toasts themselves load with the first one: the first screen never shows any.
const ToastList = lazy(() => import('./toast-list'));

/**
 * Toasts from the core, announced politely to assistive technology. The live region exists from
 * the start (screen readers announce changes to regions they already know).
 */
export function ToastRegion() {
  const core = useAuthCore();
  // The list itself, not `useStore`: the region is in every first load, the selector hook is not.
  const { store } = core.toasts;
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <div className="vb-toasts" role="status" aria-live="polite">
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} onDismiss={(id) => core.toasts.dismiss(id)} />
        </Suspense>
      )}
    </div>
  );
}
