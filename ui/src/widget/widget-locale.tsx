import { Suspense, useMemo, type ReactNode } from 'react';
import { TranslatorContext } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';

// The default export only: lazy() takes it directly (no re-wrapping code in the first load).
/** Renders a widget in `locale` (marked with `lang`); while its strings load, nothing of it shows. */
export default function WidgetLocale({ locale, children }: { readonly locale: string; readonly children: ReactNode }) {
  const core = useAuthCore();
  const translator = useMemo(() => core.translations.forLocale(locale), [core, locale]);
  return (
    <TranslatorContext value={translator}>
      <div lang={translator.locale}>
        <Suspense fallback={null}>{children}</Suspense>
      </div>
    </TranslatorContext>
  );
}
