import type { Scheduler } from '../ports/scheduler.port';
import type { MessageRef } from '../domain/i18n/message-ref';
import { createStore, readonlyStore, type ReadableStore } from './store';

export type ToastKind = 'success' | 'error' | 'blank' | 'loading';

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

/**
 * The toast center. Showing and dismissing run in a chunk of their own (`toast-queue.ts`): the
 * first screen shows no toast, and the toasts' own markup loads with the first one anyway. Calls
 * made before it arrived are applied in order once it has.
 */
export function createToastCenter(scheduler: Scheduler): ToastCenter {
  const store = createStore<readonly Toast[]>([]);
  let nextId = 1;
  let queue: Promise<ToastQueue> | null = null;
  // A chunk that failed to load is asked for again by the next toast; this one is dropped (a toast
  // is a courtesy: what it says is on the screen too).
  const later = (apply: (queue: ToastQueue) => void) =>
    void (queue ??= import('./toast-queue').then((module) => module.toastQueue(store, scheduler))).then(apply, () => {
      queue = null;
    });
  return {
    store: readonlyStore(store),
    show: (kind, message) => {
      const id = nextId++;
      later((loaded) => loaded.show(id, kind, message));
      return id;
    },
    dismiss: (id) => later((loaded) => loaded.dismiss(id)),
  };
}

/** What `toast-queue.ts` provides: the store updates and timers behind a {@link ToastCenter}. */
export interface ToastQueue {
  show(id: number, kind: ToastKind, message: MessageRef): void;
  dismiss(id: number): void;
}
