import { openLoginWidget, widgetView, type ReturnContext, type WidgetConfig, type WidgetView, type WidgetEvent } from '@vestibule/core';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { BusyStatus } from '../components/busy-status';
import { ToastRegion } from '../components/toast-region';
import { useFlow } from '../hooks/use-flow';
import { TranslatorContext } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';
import { MainScreen } from './main-screen';
import { PRODUCT_SCREENS, preloadProductScreens } from './product-screens';
import { SuccessScreen } from './success-screen';

export interface LoginWidgetProps {
  readonly config: WidgetConfig;
  readonly returnContext: ReturnContext;
  /** Identifies the flow instance; a new key starts a fresh widget. Never derived from credentials. */
  readonly flowKey: string;
  /** Seeds the e-mail field (what was typed into the pre-rendered page before it hydrated). */
  readonly initialEmail?: string;
  /**
   * This widget's language (BCP 47, e.g. `fr` or `pt-BR`), when it differs from the page's.
   * Unknown languages fall back along the chain to English.
   */
  readonly locale?: string;
}

/** Renders children in `locale`; while its strings load, nothing of the widget shows. */
function WidgetLocale({ locale, children }: { readonly locale: string | undefined; readonly children: ReactNode }) {
  const core = useAuthCore();
  const translator = useMemo(() => (locale === undefined ? null : core.translations.forLocale(locale)), [core, locale]);
  if (translator === null) return children;
  return (
    <TranslatorContext value={translator}>
      <div lang={translator.locale}>
        <Suspense fallback={null}>{children}</Suspense>
      </div>
    </TranslatorContext>
  );
}

/** The login widget: opens the core's widget flow and renders its view. */
export function LoginWidget({ config, returnContext, flowKey, initialEmail, locale }: LoginWidgetProps) {
  const core = useAuthCore();
  const { state, send } = useFlow(() =>
    openLoginWidget(core, flowKey, { config, returnContext, ...(initialEmail ? { prefilledEmail: initialEmail } : {}) }),
  );
  const view = useMemo(() => widgetView(state), [state]);
  return (
    <WidgetLocale locale={locale}>
      <LoginWidgetView view={view} send={send} />
    </WidgetLocale>
  );
}

/** The widget for a view model: renders Main, a product's screens, or the success screen. */
export function LoginWidgetView({ view, send }: { readonly view: WidgetView; readonly send: (event: WidgetEvent) => void }) {
  // Focus moves to a screen's heading only after the user navigated, never on first load.
  const [leftMain, setLeftMain] = useState(false);
  if (view.screen !== 'main' && !leftMain) setLeftMain(true);
  const Screens = view.screen === 'product' ? PRODUCT_SCREENS[view.product] : undefined;

  return (
    <div className="vb-widget">
      {view.screen === 'main' && (
        <MainScreen view={view.main} send={send} focusHeading={leftMain} onSubmitStart={preloadProductScreens} />
      )}
      {view.screen === 'product' && Screens && (
        <Suspense fallback={<BusyStatus message="common.loading" embedded />}>
          <Screens view={view.view} send={send} />
        </Suspense>
      )}
      {view.screen === 'success' && <SuccessScreen title={view.title} text={view.text} />}
      <ToastRegion />
    </div>
  );
}
