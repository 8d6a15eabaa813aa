import type { AuthCore } from '../create-auth-core';
import type { WidgetConfig } from '../domain/config/widget-config';
import type { ReturnContext } from '../domain/redirects/safe-redirect';
import { takeCarriedEmail } from '../domain/passwords/carried-email';
import { runFlow, type Flow } from '../flows/flow-runner';
import { readStoredScreen } from './screen-history';
import { interpretWidgetEffect, widgetEffectFailure, type ProductViewsLoader } from './widget.effects';
import { initialWidgetState, widgetTransition } from './widget.machine';
import type { AnyMainSlot, SlotId } from './main-slot.types';
import type { ProductMainBlock } from './product-catalogue';
import type { WidgetEvent, WidgetState } from './widget.types';

export interface OpenLoginWidgetOptions {
  readonly config: WidgetConfig;
  readonly returnContext: ReturnContext;
  /** Seeds the e-mail field, e.g. with what the visitor typed before the page hydrated. */
  readonly prefilledEmail?: string | undefined;
  /**
   * The Main blocks of the products this page may offer (`ALL_PRODUCTS`, or only those its
   * configuration names, so the others cost its first load nothing).
   */
  readonly products: readonly ProductMainBlock[];
  /** The page is the production host (what only applies there, Google One Tap, may show). */
  readonly productionHost?: boolean | undefined;
  /** Configuration errors' developer messages show in the widget too (development and the sandbox only). */
  readonly developerMessages?: boolean | undefined;
  /**
   * Main's slots already fetched (`loadMainSlots`): they render from the first frame, so a
   * pre-rendered page hydrates unchanged. Slots not given load when the widget starts.
   */
  readonly slots?: Readonly<Record<SlotId, AnyMainSlot>>;
  /**
   * Fetches a product's front-end part (its screens, their strings) beside its module; the
   * product is entered once both are here, and one that fails makes the action fail with the
   * network's message (issue 16 §14). Without it the product is entered once its module is here.
   */
  readonly loadViews?: ProductViewsLoader | undefined;
}

/**
 * The login widget flow for `key`: opened here, started by its first subscriber, shared while
 * it lives (so a remount reuses it). Key it by what makes a widget different (the page and its
 * configuration), never by credentials.
 */
export function openLoginWidget(core: Pick<AuthCore, 'host'>, key: string, options: OpenLoginWidgetOptions): Flow<WidgetState, WidgetEvent> {
  const { host } = core;
  return host.flows.get(key, (runtime) =>
    runFlow(
      {
        transition: widgetTransition,
        initial: initialWidgetState(
          {
            config: options.config,
            returnContext: options.returnContext,
            origin: host.origin,
            // What was typed before hydration wins; else the address the reset page carried here.
            prefilledEmail: options.prefilledEmail || (takeCarriedEmail(host.ports.storage) ?? undefined),
            productionHost: options.productionHost,
            developerMessages: options.developerMessages,
            products: options.products,
            // A reload (or a return) of a product screen's history entry brings that screen back.
            resume: readStoredScreen(host.ports.storage, host.ports.sessionHistory?.current() ?? null),
          },
          options.slots,
        ),
        interpret: (effect) => interpretWidgetEffect(host, effect, options.products, options.loadViews),
        start: { type: 'started' },
        onEffectFailure: widgetEffectFailure,
      },
      runtime,
    ),
  );
}
