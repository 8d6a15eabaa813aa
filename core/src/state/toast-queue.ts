import type { Scheduler, Unsubscribable } from '../ports/scheduler.port';
import { runAfter } from './scheduling';
import type { WritableStore } from './store';
import type { Toast, ToastKind, ToastQueue } from './toast.store';

/** SPEC §9: how long each kind of toast stays; loading toasts stay until dismissed. */
const TOAST_DURATION_MS: Readonly<Record<ToastKind, number | null>> = {
  success: 2000,
  error: 4000,
  blank: 4000,
  loading: null,
};

/** SPEC §9: at most 20 toasts are shown at once; older ones make way. */
const MAX_VISIBLE_TOASTS = 20;

/** Shows and dismisses toasts in `store`, each kind for its SPEC §9 duration on `scheduler`. */
export function toastQueue(store: WritableStore<readonly Toast[]>, scheduler: Scheduler): ToastQueue {
  const timers = new Map<number, Unsubscribable>();
  const dismiss = (id: number) => {
    timers.get(id)?.unsubscribe();
    timers.delete(id);
    store.update((toasts) => (toasts.some((toast) => toast.id === id) ? toasts.filter((toast) => toast.id !== id) : toasts));
  };
  return {
    show: (id, kind, message) => {
      store.update((toasts) => {
        const kept = toasts.slice(Math.max(0, toasts.length - (MAX_VISIBLE_TOASTS - 1)));
        for (const dropped of toasts.slice(0, toasts.length - kept.length)) dismiss(dropped.id);
        return [...kept, { id, kind, message }];
      });
      const duration = TOAST_DURATION_MS[kind];
      if (duration !== null) timers.set(id, runAfter(scheduler, duration, () => dismiss(id)));
    },
    dismiss,
  };
}
