import { openLoginWidget, widgetView, type ReturnContext, type WidgetConfig, type WidgetView, type WidgetEvent, type ProductMainBlock } from '@vestibule/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Message } from '../components/message';
import { ToastRegion } from '../components/toast-region';
import { useFlow } from '../hooks/use-flow';
import { useAuthCore } from '../provider';
import { MainScreen } from './main-screen';
import { PRODUCT_SCREENS, preloadProductScreens } from './product-screens';
import { preloadedSlots } from './slot-views';

// Shown only after a sign-in completed in the widget: not part of the first load.
const SuccessScreen = lazy(() => import('./success-screen'));

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
  /**
   * The page is the product's production host (SPEC §1: Google One Tap shows only there — the
   * page decides). One Tap also needs `one_tap: true` on the configuration's Google provider.
   */
  readonly productionHost?: boolean;
  /** Configuration errors' developer messages show in the widget (development builds and the sandbox only). */
  readonly developerMessages?: boolean;
  /**
   * The Main blocks of the products this page may offer (`ALL_PRODUCTS` from the core, or only
   * those its configuration names, so the others cost the page's first load nothing).
   */
  readonly products: readonly ProductMainBlock[];
  /**
   * Told whether the widget is finishing a sign-in of its own (its success screen, which hands
   * off by itself): a page that moves on when a session appears leaves that one to the widget.
   */
  readonly onOwnSignIn?: (finishing: boolean) => void;
}

// A widget in a language of its own is rare (the playground, an embed): its wrapper loads then.
const WidgetLocale = lazy(() => import('./widget-locale'));

/** The login widget: opens the core's widget flow and renders its view. */
export function LoginWidget({ config, returnContext, flowKey, initialEmail, locale, productionHost, developerMessages, products, onOwnSignIn }: LoginWidgetProps) {
  const core = useAuthCore();
  const { state, send } = useFlow(() =>
    openLoginWidget(core, flowKey, {
      config,
      returnContext,
      prefilledEmail: initialEmail,
      productionHost,
      developerMessages,
      products,
      // Slots fetched before hydration (preloadLoginWidget) render at once; the others load now.
      slots: preloadedSlots(),
    }),
  );
  const view = useMemo(() => widgetView(state), [state]);
  const finishing = view.screen === 'success';
  useEffect(() => onOwnSignIn?.(finishing), [onOwnSignIn, finishing]);
  // Back from the provider's page can restore this page as it was left (busy): say so.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && send({ type: 'pageRestored' });
    addEventListener('pageshow', onPageShow);
    return () => removeEventListener('pageshow', onPageShow);
  }, [send]);
  const widget = <LoginWidgetView view={view} send={send} />;
  return locale === undefined ? (
    widget
  ) : (
    <Suspense fallback={null}>
      <WidgetLocale locale={locale}>{widget}</WidgetLocale>
    </Suspense>
  );
}

// What shows while a product's screens arrive (they are fetched on submit, so rarely for long).
// Not `BusyStatus`: that component would then ship in the first load for this one use.
const SCREENS_LOADING = (
  <p className="vb-screen vb-screen--centered vb-text" role="status" aria-busy="true">
    <span className="vb-spinner" aria-hidden="true" />
    <Message message={{ key: 'common.loading' }} />
  </p>
);

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
        <Suspense fallback={SCREENS_LOADING}>
          <Screens view={view.view} send={send} />
        </Suspense>
      )}
      {view.screen === 'success' && (
        <Suspense fallback={null}>
          <SuccessScreen title={view.title} text={view.text} />
        </Suspense>
      )}
      <ToastRegion />
    </div>
  );
}
