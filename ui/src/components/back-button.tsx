import { useI18n } from '../hooks/use-i18n';

/** SPEC §2: every sub-screen's back arrow to Main. */
export function BackButton({ onBack }: { readonly onBack: () => void }) {
  const i18n = useI18n();
  return (
    <button type="button" className="vb-back" aria-label={i18n.t('common.back')} onClick={onBack}>
      <span aria-hidden="true">←</span>
    </button>
  );
}
