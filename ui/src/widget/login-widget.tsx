import { openLoginWidget, widgetView, type ReturnContext, type WidgetConfig, type WidgetView, type WidgetEvent, type ProductMainBlock } from '@vestibule/core';
import { lazy, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { whenIdle } from '../when-idle';
import { Message } from '../components/message';
import { ToastRegion } from '../components/toast-region';
import { useFlow } from '../hooks/use-flow';
import { TranslatorContext } from '../hooks/use-i18n';
import { useAuthCore } from '../provider';
import { MainScreen } from './main-screen';
import { loadProductViews, ProductScreens } from './product-screens';
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
  // The translator the widget renders with (WidgetLocale's, for a widget in a language of its own).
  // (forLocale keeps one per language, so this is the same object from render to render.)
  const pageTranslator = useContext(TranslatorContext);
  const translator = locale === undefined ? (pageTranslator ?? core.i18n) : core.translations.forLocale(locale);
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
      // A product is entered once its screens and their strings are here too.
      loadViews: (product) => loadProductViews(product, translator),
    }),
  );
  // Once the widget is on the page (hydrated) and the browser idle, fetch what the e-mail form's
  // first action needs, side by side: on a slow network those round trips are then paid before
  // the press, not one after another after it (issue 16 §14). Nothing on screen changes.
  useEffect(
    () =>
      whenIdle(() => {
        import('./email-form-preload').then((module) => module.preloadEmailFormAction(core, { config, products }, translator), () => undefined);
      }),
    [core, config, products, translator],
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

// What shows while a product's screens arrive: only where nothing fetched them first (the router
// enters a product once they are here).
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

  return (
    <div className="vb-widget">
      {view.screen === 'main' && (
        <MainScreen view={view.main} send={send} focusHeading={leftMain} />
      )}
      {view.screen === 'product' && (
        <Suspense fallback={SCREENS_LOADING}>
          <ProductScreens product={view.product} view={view.view} send={send} />
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
