import { useI18n } from '@vestibule/ui';
import { PageShell } from './page-shell';

const NAMESPACES = ['pages'] as const;

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/** Any other path (served with HTTP 404). */
export default function NotFoundPage() {
  const { t } = useI18n(NAMESPACES);
  return (
    <PageShell>
      <section className="vb-widget vb-screen">
        <h1 className="vb-heading">{t('notFound.title')}</h1>
        <p className="vb-text">{t('notFound.text')}</p>
        <a className="vb-button vb-button--primary" href="/login">
          {t('notFound.toLogin')}
        </a>
      </section>
    </PageShell>
  );
}
