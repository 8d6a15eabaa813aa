import { Suspense } from 'react';
import { useI18n } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';
import { useStore } from '../hooks/use-store';
import { Message } from './message';

/** Toasts from the core, announced politely to assistive technology. */
export function ToastRegion() {
  const core = useAuthCore();
  const toasts = useStore(core.toasts.store);
  const i18n = useI18n();
  return (
    <div className="vb-toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`vb-toast vb-toast--${toast.kind}`}>
          <span>
            {/* A toast whose strings are still loading waits on its own, not the whole widget. */}
            <Suspense fallback={null}>
              <Message message={toast.message} />
            </Suspense>
          </span>
          <button type="button" className="vb-toast__close" aria-label={i18n.t('common.dismiss')} onClick={() => core.toasts.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
