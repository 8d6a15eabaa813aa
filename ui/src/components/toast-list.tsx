import type { Toast } from '@vestibule/core';
import { Suspense } from 'react';
import { useI18n } from '../hooks/use-i18n';
import { Message } from './message';

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/** The toasts on screen, each with a way to dismiss it (a chunk of its own, see `ToastRegion`). */
export default function ToastList({ toasts, onDismiss }: { readonly toasts: readonly Toast[]; readonly onDismiss: (id: number) => void }) {
  const i18n = useI18n();
  return (
    <>
      {toasts.map((toast) => (
        <div key={toast.id} className={`vb-toast vb-toast--${toast.kind}`}>
          <span>
            {/* A toast whose strings are still loading waits on its own, not the whole list. */}
            <Suspense fallback={null}>
              <Message message={toast.message} />
            </Suspense>
          </span>
          <button type="button" className="vb-toast__close" aria-label={i18n.t('common.dismiss')} onClick={() => onDismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </>
  );
}
