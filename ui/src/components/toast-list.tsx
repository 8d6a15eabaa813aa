import type { Toast } from '@vestibule/core';
import { Suspense, useRef, type FocusEvent } from 'react';
import { useI18n } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';
import { Message } from './message';

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/**
 * The error toasts, or the others, each with a way to dismiss it (a chunk of its own, see
 * `ToastRegion`).
 */
export default function ToastList({ toasts, errors }: { readonly toasts: readonly Toast[]; readonly errors: boolean }) {
  return toasts.filter((toast) => (toast.kind === 'error') === errors).map((toast) => <ToastItem key={toast.id} toast={toast} />);
}

/** One toast. Its timer stands still while the pointer is on it or focus is in it (WCAG 2.2.1). */
function ToastItem({ toast }: { readonly toast: Toast }) {
  const i18n = useI18n();
  const { toasts } = useAuthCore();
  // Pointer and focus hold it apart: leaving with the pointer while focus stays keeps it paused.
  const held = useRef({ pointer: false, focus: false });
  const hold = (cause: 'pointer' | 'focus', on: boolean) => {
    const was = held.current.pointer || held.current.focus;
    held.current[cause] = on;
    const is = held.current.pointer || held.current.focus;
    if (is !== was) (is ? toasts.pause : toasts.resume)(toast.id);
  };
  return (
    <div
      className={`vb-toast vb-toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : undefined}
      onPointerEnter={() => hold('pointer', true)}
      onPointerLeave={() => hold('pointer', false)}
      onFocus={() => hold('focus', true)}
      // Focus moving between the toast's own elements is not focus leaving it.
      onBlur={(event: FocusEvent<HTMLDivElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold('focus', false);
      }}
    >
      <span>
        {/* A toast whose strings are still loading waits on its own, not the whole list. */}
        <Suspense fallback={null}>
          <Message message={toast.message} />
        </Suspense>
      </span>
      <button type="button" className="vb-toast__close" aria-label={i18n.t('common.dismiss')} onClick={() => toasts.dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
