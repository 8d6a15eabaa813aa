import { useAuthCore } from '../provider';
import { useStore } from '../hooks/use-store';
import { Message } from './message';

/** Toasts from the core, announced politely to assistive technology. */
export function ToastRegion() {
  const core = useAuthCore();
  const toasts = useStore(core.toasts.store);
  return (
    <div className="vb-toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`vb-toast vb-toast--${toast.kind}`}>
          <span>
            <Message message={toast.message} />
          </span>
          <button type="button" className="vb-toast__close" aria-label={core.i18n.t('common.dismiss')} onClick={() => core.toasts.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
