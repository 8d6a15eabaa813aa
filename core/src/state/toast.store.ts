import type { Scheduler } from '../ports/scheduler.port';
import type { MessageRef } from '../domain/i18n/message-ref';
import { createStore, readonlyStore, type ReadableStore } from './store';

/**
 * SPEC §9's toast types. `custom` is a toast the front end draws its own way; the core only times
 * it, like `blank`.
 */
export type ToastKind = 'success' | 'error' | 'blank' | 'custom' | 'loading';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: MessageRef;
}

/** App-wide toasts, dismissed on the injected scheduler. */
export interface ToastCenter {
  readonly store: ReadableStore<readonly Toast[]>;
  /** Shows a toast for its kind's SPEC §9 duration (a `loading` one until dismissed); returns its id. */
  show(kind: ToastKind, message: MessageRef): number;
  dismiss(id: number): void;
  /** Holds a toast's timer (while it is hovered or focused); unknown or untimed toasts are ignored. */
  pause(id: number): void;
  /** Restarts a paused toast's timer with the time it had left. */
  resume(id: number): void;
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
  // One forwarder for the three calls taking an id: the smallest code in the first load.
  const byId = (method: 'dismiss' | 'pause' | 'resume') => (id: number) => later((loaded) => loaded[method](id));
  return {
    store: readonlyStore(store),
    show: (kind, message) => {
      const id = nextId++;
      later((loaded) => loaded.show(id, kind, message));
      return id;
    },
    dismiss: byId('dismiss'),
    pause: byId('pause'),
    resume: byId('resume'),
  };
}

/** What `toast-queue.ts` provides: the store updates and timers behind a {@link ToastCenter}. */
export type ToastQueue = Omit<ToastCenter, 'store' | 'show'> & {
  show(id: number, kind: ToastKind, message: MessageRef): void;
};
