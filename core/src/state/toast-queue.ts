import type { Scheduler, Unsubscribable } from '../ports/scheduler.port';
import { runAfter } from './scheduling';
import type { WritableStore } from './store';
import type { Toast, ToastKind, ToastQueue } from './toast.store';

/** SPEC §9: how long each kind of toast stays; loading toasts stay until dismissed. */
const TOAST_DURATION_MS: Readonly<Record<ToastKind, number | null>> = {
  success: 2000,
  error: 4000,
  blank: 4000,
  custom: 4000,
  loading: null,
};

/** SPEC §9: at most 20 toasts are shown at once; older ones make way. */
const MAX_VISIBLE_TOASTS = 20;

/** Shows and dismisses toasts in `store`, each kind for its SPEC §9 duration on `scheduler`. */
export function toastQueue(store: WritableStore<readonly Toast[]>, scheduler: Scheduler): ToastQueue {
  const running = new Map<number, { readonly due: number; readonly timer: Unsubscribable }>();
  // A paused toast's time left, kept until it is resumed.
  const paused = new Map<number, number>();
  const start = (id: number, ms: number) => running.set(id, { due: scheduler.now() + ms, timer: runAfter(scheduler, ms, () => dismiss(id)) });
  const forget = (id: number) => {
    running.get(id)?.timer.unsubscribe();
    running.delete(id);
    paused.delete(id);
  };
  const dismiss = (id: number) => {
    forget(id);
    store.update((toasts) => (toasts.some((toast) => toast.id === id) ? toasts.filter((toast) => toast.id !== id) : toasts));
  };
  return {
    show: (id, kind, message) => {
      // The oldest make way and the new one arrives in one change: a subscriber never sees 19 in between.
      const toasts = store.getSnapshot();
      const dropped = toasts.slice(0, Math.max(0, toasts.length - (MAX_VISIBLE_TOASTS - 1)));
      for (const toast of dropped) forget(toast.id);
      store.set([...toasts.slice(dropped.length), { id, kind, message }]);
      const duration = TOAST_DURATION_MS[kind];
      if (duration !== null) start(id, duration);
    },
    dismiss,
    pause: (id) => {
      const entry = running.get(id);
      if (entry === undefined) return;
      entry.timer.unsubscribe();
      running.delete(id);
      paused.set(id, Math.max(0, entry.due - scheduler.now()));
    },
    resume: (id) => {
      const left = paused.get(id);
      if (left === undefined) return;
      paused.delete(id);
      start(id, left);
    },
  };
}
