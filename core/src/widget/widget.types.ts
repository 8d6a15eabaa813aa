import type { Stream } from '../flows/stream';
import type { WidgetConfig } from '../domain/config/widget-config';
import type { AuthError } from '../domain/errors/auth-error';
import type { MessageKey, MessageRef } from '../domain/i18n/message-ref';
import type { LudsRule } from '../domain/passwords/luds';
import type { ReturnContext, SafePath } from '../domain/redirects/safe-redirect';
import type { RetryWindow } from '../domain/retry/retry-window';
import type { ProjectSettings } from '../ports/project-settings.port';
import type { CommonEffect } from '../flows/common-effects';
import type { KeyedEffect, TransitionContext } from '../flows/flow-runner';
import type { AuthCoreHost, PortName } from '../create-auth-core';
import type { AnyMainSlot, SlotId } from './main-slot.types';
import type { ProductMainBlock } from './product-catalogue';
import type { ProductRouter } from './product-router';
import type { StoredScreen } from './screen-history';
import type { ScreenRecord } from './screen-record';

/** Product families of the widget, each a module of its own (SPEC §1). */
export type ProductId = 'magicLink' | 'passwords' | 'passcodes' | 'oauth' | 'passkeys' | 'wallets';

/** What a login widget is started with. */
export interface WidgetInput {
  readonly config: WidgetConfig;
  readonly returnContext: ReturnContext;
  /** The page origin: return URLs handed to the provider are built on it. */
  readonly origin: string;
  /** An address the visitor already typed (e.g. into pre-rendered HTML before scripts ran). */
  readonly prefilledEmail?: string | undefined;
  /**
   * The page is the product's production host (SPEC §1): what only applies there (Google One Tap)
   * may show. The page decides; a playground may pretend.
   */
  readonly productionHost?: boolean | undefined;
  /**
   * Configuration errors' developer messages (SPEC §8) are shown in the widget as well as logged:
   * for development builds and the sandbox, never for visitors of a real deployment.
   */
  readonly developerMessages?: boolean | undefined;
  /**
   * The page's catalogue: the Main blocks of the products it may offer (`ALL_PRODUCTS` for a page
   * configured at run time). The router works only with these; a product left out costs nothing.
   */
  readonly products: readonly ProductMainBlock[];
  /**
   * The screen this page was showing when it was reloaded (or left): the stored screen of the
   * history entry it opened on. The widget brings it back once started (issue 16 §13).
   */
  readonly resume?: StoredScreen | null | undefined;
}

/** Main's e-mail form was submitted with a valid address (the e-mail products' entry). */
export interface EmailSubmittedAction {
  readonly type: 'emailSubmitted';
  readonly email: string;
  /**
   * Set by a hand-off: the product that handed the visitor over, which the product entered
   * offers a way back to (SPEC §2 Passwordless choice: 'Create a password instead'). Taking it
   * hands this same action back, so a product entered with its own id here is being returned to.
   */
  readonly returnTo?: ProductId;
}

/**
 * A Main slot handed the router an action for a product (an OAuth button pressed, a code sent
 * from the phone form). `detail` is the product's own business, typed by the slot and product.
 * `email`: what Main's field held then (a round trip that leaves the page can bring it back).
 */
export interface SlotAction<D = unknown> {
  readonly type: 'slotAction';
  readonly product: ProductId;
  readonly email: string;
  readonly detail: D;
}

/** What Main asks a product to do when the visitor acts there. */
export type MainAction = EmailSubmittedAction | SlotAction;

/** Bring back a screen the product recorded (`ProductModule.snapshot`): a reload of its history entry. */
export interface ResumeAction {
  readonly type: 'resume';
  readonly screen: ScreenRecord;
}

/** What a product sees of the widget besides its own state. */
export interface ProductContext extends TransitionContext {
  readonly input: WidgetInput;
  /** The provider's e-mail sender domain, once known. */
  readonly senderDomain: string | null;
  /** The project's LUDS rule (bootstrap `passwordConfig`), or `null` for zxcvbn or not yet known. */
  readonly passwordRule: LudsRule | null;
}

/**
 * What a product tells the router besides its new state. Cross-product moves (a password user
 * going passwordless) are hand-offs through the router, never imports between products.
 */
export type ProductOutput =
  /** Leave the product for Main; `email` replaces the shared value (`''` clears it). */
  | {
      readonly type: 'showMain';
      readonly email?: string;
      /**
       * Why the action failed: shown where the visitor acted — under the e-mail field, or in the
       * Main slot whose action this was (the router knows which).
       */
      readonly error?: MessageRef;
      /**
       * Where the e-mail form shows `error`: with the field (`field`, the default: the address was
       * refused) or as a message for the form (`form`: the attempt failed, the input is fine).
       */
      readonly errorFor?: 'field' | 'form';
      /** Epoch ms until which Main's actions stay disabled (a 429 with `Retry-After`). */
      readonly retryAt?: number;
    }
  /** The sign-in is done: show the success screen, then go to `destination` after 2 s. */
  | { readonly type: 'completed'; readonly title: MessageKey; readonly text: MessageKey; readonly destination: SafePath }
  /** Enter another product with a Main action. */
  | { readonly type: 'handoff'; readonly to: ProductId; readonly action: MainAction };

export interface ProductStep<S, F> {
  readonly state: S;
  readonly effects: readonly F[];
  readonly output?: ProductOutput;
}

/** The part of a product's view the router and Main need. */
export interface ProductViewBase {
  /** `null` while the product works from Main (Main shows it busy); otherwise the screen to render. */
  readonly screen: string | null;
}

/**
 * A product family's screens and machine, loaded on demand. Products get only the ports they
 * declare through `interpret`'s host; effects may also be {@link CommonEffect}s.
 */
export interface ProductModule<S, E, F extends KeyedEffect, V extends ProductViewBase, A extends MainAction = MainAction> {
  readonly id: ProductId;
  /**
   * The ports its first step calls (passwords: the user search), whose code a page may fetch
   * ahead while it is idle (`preloadEmailForm`), so the first action waits for no more chunks.
   */
  readonly ports?: readonly PortName[];
  /** Starts the product with the Main action it is loaded for (the router only routes its own actions to it). */
  enter(action: A, context: ProductContext): ProductStep<S, F | CommonEffect<E>>;
  transition(state: S, event: E, context: ProductContext): ProductStep<S, F | CommonEffect<E>>;
  interpret(effect: F, host: AuthCoreHost): Stream<E>;
  /** The event for an effect that failed outside the product's own handling, or `null`. */
  onEffectFailure(effect: F, error: AuthError): E | null;
  view(state: S, context: ProductContext): V;
  /**
   * The screen on show as a record a reload can bring back, or `null` while the product has no
   * screen of its own. It is kept in this tab's storage: never a password or a code.
   */
  snapshot(state: S): ScreenRecord | null;
  /**
   * The product's state for a record `snapshot` wrote, or `null` for anything else: storage may
   * hold another script's value, so every field is checked.
   */
  resume(screen: ScreenRecord, context: ProductContext): ProductStep<S, F | CommonEffect<E>> | null;
}

// Product state, events and effects are opaque to the router.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased at the router boundary; each module is typed inside
export type AnyProductModule = ProductModule<any, any, KeyedEffect, ProductViewBase, any> & {
  /** How the router works the product once loaded (`productRouter`), fetched beside it, not with Main. */
  readonly router: ProductRouter;
};

/** Which screen the widget shows. State is a discriminated union per screen. */
type WidgetScreen =
  | { readonly kind: 'main' }
  | { readonly kind: 'product'; readonly module: AnyProductModule; readonly state: unknown }
  | { readonly kind: 'success'; readonly title: MessageKey; readonly text: MessageKey; readonly destination: SafePath };

/** The router's record of one Main slot: its module, its state, and the message Main shows in it. */
export interface SlotRecord {
  readonly module: AnyMainSlot;
  readonly state: unknown;
  /** A failure of the slot's own action (or its own notice), shown in the slot; `null` when none. */
  readonly message: MessageRef | null;
}

/** Who started the action on its way: Main's e-mail form, or a slot. */
export type ActionSource = { readonly kind: 'form' } | { readonly kind: 'slot'; readonly id: SlotId };

/** The router's state: Main, the shared e-mail value, the slots, the product on screen, completion. */
export interface WidgetState {
  readonly input: WidgetInput;
  readonly screen: WidgetScreen;
  /** The shared e-mail value, exactly as typed. */
  readonly email: string;
  /** Why the typed address was refused: shown with the field, which is marked invalid. */
  readonly emailError: MessageRef | null;
  /** Why the form's last attempt failed (network, server, rate limit): a message for the form, not bad input. */
  readonly formError: MessageRef | null;
  /** One generic record per loaded Main slot, by slot id; the router knows none by name. */
  readonly slots: Readonly<Record<SlotId, SlotRecord>>;
  /** A product module being fetched for a Main action. */
  readonly loading: { readonly product: ProductId; readonly action: MainAction | ResumeAction } | null;
  /**
   * Who started the action now on its way (loading, or a product at work from Main with no
   * screen of its own): its error goes there, and a slot shows its control busy.
   */
  readonly acting: ActionSource | null;
  /** A `Retry-After` Main waits out: every Main action stays disabled until it is over. */
  readonly retry: RetryWindow | null;
  readonly now: number;
  /** The project's public settings, once read (products take what they need through their context). */
  readonly projectSettings: ProjectSettings | null;
  /** The router's product half, once the first product brought it: it handles what only products cause. */
  readonly productRouter: ProductRouter | null;
  /**
   * The history entry the widget added for the product screen on show (its marker, and the
   * stored screen last written for it), or `null` on Main.
   */
  readonly screenEntry: { readonly marker: string; readonly written: string } | null;
}

export type WidgetEvent =
  | { readonly type: 'started' }
  | { readonly type: 'projectSettingsLoaded'; readonly settings: ProjectSettings | null }
  | { readonly type: 'emailChanged'; readonly value: string }
  | { readonly type: 'emailSubmitted' }
  /** A Main slot's module arrived. */
  | { readonly type: 'slotLoaded'; readonly module: AnyMainSlot }
  /** An event for a slot: the visitor's (from its view) or its effects' answers. */
  | { readonly type: 'slotEvent'; readonly slot: SlotId; readonly event: unknown }
  /** The page came back from the browser's back-forward cache (e.g. Back from an OAuth provider). */
  | { readonly type: 'pageRestored' }
  | { readonly type: 'productLoaded'; readonly module: AnyProductModule }
  | { readonly type: 'productLoadFailed'; readonly product: ProductId; readonly error: AuthError }
  | { readonly type: 'productEvent'; readonly product: ProductId; readonly event: unknown }
  | { readonly type: 'backClicked' }
  /** Back or Forward moved the browser to the entry marked `marker` (`null`: not one of the widget's). */
  | { readonly type: 'historyMoved'; readonly marker: string | null }
  | { readonly type: 'tick' }
  | { readonly type: 'completionElapsed' }
  | { readonly type: 'effectFailed'; readonly error: AuthError };

export type WidgetEffect =
  | { readonly type: 'loadProjectSettings'; readonly key?: string }
  | { readonly type: 'loadSlot'; readonly slot: SlotId; readonly key: string }
  | { readonly type: 'slotEffect'; readonly module: AnyMainSlot; readonly effect: KeyedEffect; readonly key?: string }
  | { readonly type: 'loadProduct'; readonly product: ProductId; readonly key?: string }
  | { readonly type: 'productEffect'; readonly module: AnyProductModule; readonly effect: KeyedEffect; readonly key?: string }
  /** Listens for Back and Forward (as long as the widget lives). */
  | { readonly type: 'watchHistory'; readonly key: string }
  /** A product screen is on show: add its history entry (`push`) and store it (`stored`, JSON) for a reload. */
  | { readonly type: 'recordScreen'; readonly marker: string; readonly stored: string; readonly push: boolean }
  /** The screen is left: forget it, and go back past its entry unless the browser already did (`back`). */
  | { readonly type: 'leaveScreen'; readonly marker: string; readonly back: boolean }
  | CommonEffect<WidgetEvent>;
