import type { Stream } from '../flows/stream';
import type { AuthError } from '../domain/errors/auth-error';
import type { MessageRef } from '../domain/i18n/message-ref';
import type { CommonEffect } from '../flows/common-effects';
import type { KeyedEffect, TransitionContext } from '../flows/flow-runner';
import type { AuthCoreHost } from '../create-auth-core';
import type { ProductId, WidgetInput } from './widget.types';

/**
 * A slot's name on Main, unique in a build (`oauth`, `one-tap`, `phone-form`, …). By convention it
 * is also its files' stem: `<id>.slot.ts` in the core, `<id>.slot-view.tsx` in a front end (the
 * pre-renderer finds a page's slot chunks by it).
 */
export type SlotId = string;

/** What decides which slots a widget shows: its configuration, the page it is on, and the page's catalogue. */
export type SlotAudience = Pick<WidgetInput, 'config' | 'productionHost' | 'products'>;

/**
 * Where a slot sits on Main. SPEC §2 orders Main's blocks: passkey button, OAuth buttons, crypto
 * wallet buttons, then (after the 'or' divider) the login form; a `form` slot hosts Main's e-mail
 * form (the passcode tabs put it on their 'Email' tab).
 */
export type SlotPlace = 'passkey' | 'social' | 'wallets' | 'form';

/** SPEC §2's order of Main's places. */
export const SLOT_PLACE_ORDER: readonly SlotPlace[] = ['passkey', 'social', 'wallets', 'form'];

/** What a slot sees of Main besides its own state. */
export interface SlotContext extends TransitionContext {
  readonly input: WidgetInput;
  /**
   * Something started on Main is on its way (a product loading or at work from Main, or another
   * slot's own sign-in): a slot starts nothing new meanwhile. The router owns this rule.
   */
  readonly mainBusy: boolean;
  /** Main waits out a provider's `Retry-After`: its actions are disabled until it is over. */
  readonly mainWaiting: boolean;
}

/** What a slot's view is computed with. */
export interface SlotViewContext extends SlotContext {
  /** This slot started the action now on its way (it may show the control that started it busy). */
  readonly acting: boolean;
}

/** What the router tells a slot (never the other way round: slots talk back through outputs). */
export type SlotSignal =
  /**
   * A Main action is starting — another slot's, the e-mail form's, or this slot's own `action`
   * (sent to it first) — drop pending work that could collide with it (a pending passkey
   * autofill, a prompt) before the action's own request starts.
   */
  | { readonly type: 'abort' }
  /** The page came back from the back-forward cache; `acting`: this slot's action was on its way when the page left. */
  | { readonly type: 'pageRestored'; readonly acting: boolean };

/** What a slot asks of the router. */
export type SlotOutput =
  /** Hand a product an action (the product loads and takes it); every slot, this one first, is aborted. */
  | { readonly type: 'action'; readonly product: ProductId; readonly detail: unknown }
  /** The slot began a sign-in of its own (a code on its way, a credential submitted): every other slot is aborted. */
  | { readonly type: 'started' }
  /** Sets (or clears, `null`) the message Main shows in this slot. */
  | { readonly type: 'message'; readonly message: MessageRef | null }
  /** Offers an address for Main's e-mail field; kept only while the field is empty. */
  | { readonly type: 'prefill'; readonly email: string };

export interface SlotStep<S, F> {
  readonly state: S;
  readonly effects: readonly F[];
  readonly outputs?: readonly SlotOutput[];
}

/**
 * A product's presence on Main: a child machine the router hosts (SPEC §2 Main's blocks), loaded
 * only where the configuration enables it. It has a view of its own (rendered by the front end's
 * slot component), starts with the widget, is aborted when another Main action starts, and talks
 * to the router only through {@link SlotOutput}s.
 */
export interface MainSlot<S, E, F extends KeyedEffect, V> {
  readonly id: SlotId;
  readonly place: SlotPlace;
  init(input: WidgetInput): S;
  /** Sent to the slot when the widget starts (or when the slot arrives after that). */
  readonly start?: E;
  transition(state: S, event: E, context: SlotContext): SlotStep<S, F | CommonEffect<E>>;
  signal(state: S, signal: SlotSignal, context: SlotContext): SlotStep<S, F | CommonEffect<E>>;
  interpret(effect: F, host: AuthCoreHost): Stream<E>;
  /** The event for an effect that failed outside the slot's own handling, or `null`. */
  onEffectFailure(effect: F, error: AuthError): E | null;
  /** The slot is running a sign-in of its own: Main is busy meanwhile. */
  busy(state: S): boolean;
  view(state: S, context: SlotViewContext): V;
}

// Slot state, events, effects and views are opaque to the router.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased at the router boundary; each slot is typed inside
export type AnyMainSlot = MainSlot<any, any, KeyedEffect, unknown>;

/**
 * A slot as a product declares it in its Main block (first chunk): where it goes, whether this
 * widget shows it, and how to fetch it.
 */
export interface MainSlotDeclaration {
  readonly id: SlotId;
  readonly place: SlotPlace;
  /** Whether this widget shows the slot (its product configured, and what else it needs). */
  readonly applies: (audience: SlotAudience) => boolean;
  readonly load: () => Promise<AnyMainSlot>;
}
