import type { SchedulerLike, Subscription } from 'rxjs';
import { runAfter } from './scheduling';
import type { MessageRef } from '../domain/i18n/message-ref';
import { createStore, readonlyStore, type ReadableStore } from './store';

export type ToastKind = 'success' | 'error' | 'blank' | 'loading';

/** SPEC §9: how long each kind of toast stays; loading toasts stay until dismissed. */
export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number | null>> = {
  success: 2000,
  error: 4000,
  blank: 4000,
  loading: null,
};

/** SPEC §9: at most 20 toasts are shown at once; older ones make way. */
export const MAX_VISIBLE_TOASTS = 20;

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: MessageRef;
}

/** App-wide toasts, dismissed on the injected scheduler. */
export interface ToastCenter {
  readonly store: ReadableStore<readonly Toast[]>;
  show(kind: ToastKind, message: MessageRef): number;
  dismiss(id: number): void;
}

export function createToastCenter(scheduler: SchedulerLike): ToastCenter {
  const store = createStore<readonly Toast[]>([]);
  const timers = new Map<number, Subscription>();
  let nextId = 1;

  const dismiss = (id: number) => {
    timers.get(id)?.unsubscribe();
    timers.delete(id);
    store.update((toasts) => (toasts.some((toast) => toast.id === id) ? toasts.filter((toast) => toast.id !== id) : toasts));
  };

  return {
    store: readonlyStore(store),
    show: (kind, message) => {
      const id = nextId++;
      store.update((toasts) => {
        const kept = toasts.slice(Math.max(0, toasts.length - (MAX_VISIBLE_TOASTS - 1)));
        for (const dropped of toasts.slice(0, toasts.length - kept.length)) dismiss(dropped.id);
        return [...kept, { id, kind, message }];
      });
      const duration = TOAST_DURATION_MS[kind];
      if (duration !== null) timers.set(id, runAfter(scheduler, duration, () => dismiss(id)));
      return id;
    },
    dismiss,
  };
}
