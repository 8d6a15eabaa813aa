import { validateWidgetConfig } from '../domain/config/widget-config';
import type { MessageKey, MessageRef } from '../domain/i18n/message-ref';
import { isWaiting, retrySecondsLeft } from '../domain/retry/retry-window';
import { SLOT_PLACE_ORDER, type SlotId, type SlotPlace } from './main-slot.types';
import { emailFormProduct, mainSlots } from './product-catalogue';
import { isMainBusy } from './slot-host';
import type { ProductId, ProductViewBase, WidgetState } from './widget.types';

/** One Main slot as rendered: the front end's component for `id` draws `view`. */
export interface MainSlotView {
  readonly id: SlotId;
  readonly place: SlotPlace;
  /**
   * The slot's own view model (its component knows the shape), or `null` while the slot is still
   * arriving: its place is kept empty (nothing stands in that would be replaced under the visitor's
   * fingers, such as the e-mail form a passcode group will host).
   */
  readonly view: unknown;
  /** The message Main shows in the slot (its action's failure, or its notice), or `null`. */
  readonly message: MessageRef | null;
}

/** SPEC §2 Main: header, configuration errors, then the enabled blocks. */
export interface MainView {
  readonly title: MessageKey;
  /** SPEC §1 configuration errors, shown on Main. */
  readonly configErrors: readonly MessageKey[];
  /** When true the configuration is unusable and only the errors are shown. */
  readonly blocked: boolean;
  /** Something started on Main is on its way (a send, a product loading): nothing else may start. */
  readonly busy: boolean;
  /** The slots before the login form, in SPEC §2 order (passkey, OAuth, wallets). */
  readonly slots: readonly MainSlotView[];
  /** SPEC §2: the 'or' divider between the social/crypto group and the login form. */
  readonly divider: boolean;
  /** A slot that hosts the e-mail form (the passcode tabs put it on their 'Email' tab), or `null`. */
  readonly formSlot: MainSlotView | null;
  readonly emailForm: null | {
    /** The product that handles the form (its screens can be fetched early). */
    readonly product: ProductId;
    readonly value: string;
    /** Why the typed address was refused: shown with the field, which is marked invalid. */
    readonly error: MessageRef | null;
    /** Why the last attempt failed for another reason (network, server, rate limit): a message for the form. */
    readonly formError: MessageRef | null;
    /** The address is on its way: the button shows it and ignores clicks, and the field waits (read-only). */
    readonly busy: boolean;
    /** Submitting is not possible now (something on its way, or waiting out `Retry-After`). */
    readonly disabled: boolean;
    readonly submitLabel: MessageRef;
  };
}

/** Everything a front end needs to render the widget; no business rules left to it. */
export type WidgetView =
  | { readonly screen: 'main'; readonly main: MainView }
  | { readonly screen: 'product'; readonly product: ProductId; readonly view: ProductViewBase; readonly main: MainView }
  | { readonly screen: 'success'; readonly title: MessageKey; readonly text: MessageKey };

function mainView(state: WidgetState): MainView {
  const { config } = state.input;
  const issues = validateWidgetConfig(config);
  const blocked = issues.some((issue) => issue.blocking);
  const busy = isMainBusy(state);
  const waiting = isWaiting(state.retry, state.now);
  const retryInSeconds = retrySecondsLeft(state.retry);
  const formProduct = emailFormProduct(config, state.input.products);
  // The form shows busy only for its own action; another's leaves it merely unavailable.
  const formBusy = state.acting?.kind === 'form';
  // SPEC §2's order of places (router rule), then the catalogue's order within a place.
  const declared = mainSlots(state.input);
  const rank = (id: SlotId, place: SlotPlace) => SLOT_PLACE_ORDER.indexOf(place) * 1000 + (declared.findIndex((slot) => slot.id === id) + 1 || 999);
  const arriving: MainSlotView[] = declared
    .filter((slot) => state.slots[slot.id] === undefined)
    .map((slot) => ({ id: slot.id, place: slot.place, view: null, message: null }));
  const rendered: MainSlotView[] = blocked
    ? []
    : Object.entries(state.slots)
        .map(([id, record]): MainSlotView => {
          const acting = state.acting?.kind === 'slot' && state.acting.id === id;
          const view = record.module.view(record.state, { now: state.now, input: state.input, mainBusy: isMainBusy(state, id), mainWaiting: waiting, acting });
          return { id, place: record.module.place, view, message: record.message };
        })
        .concat(arriving)
        .sort((a, b) => rank(a.id, a.place) - rank(b.id, b.place));
  const slots = rendered.filter((slot) => slot.place !== 'form');
  const formSlot = rendered.find((slot) => slot.place === 'form') ?? null;
  const submitLabel: MessageRef = formBusy
    ? { key: 'login.sending' }
    : retryInSeconds !== null
      ? { key: 'common.retryIn', params: { seconds: retryInSeconds } }
      : { key: 'login.continue' };
  const emailForm: MainView['emailForm'] =
    !blocked && formProduct !== null
      ? { product: formProduct.id, value: state.email, error: state.emailError, formError: state.formError, busy: formBusy, disabled: busy || retryInSeconds !== null, submitLabel }
      : null;
  return {
    title: 'login.title',
    configErrors: issues.map((issue) => issue.message),
    blocked,
    busy,
    slots,
    divider: slots.length > 0 && (emailForm !== null || formSlot !== null),
    formSlot,
    emailForm,
  };
}

/** Maps widget state to its view model. */
export function widgetView(state: WidgetState): WidgetView {
  const { screen } = state;
  switch (screen.kind) {
    case 'main':
      return { screen: 'main', main: mainView(state) };
    case 'success':
      return { screen: 'success', title: screen.title, text: screen.text };
    case 'product': {
      const view = screen.module.router.view(state, screen.module, screen.state);
      if (view.screen === null) return { screen: 'main', main: mainView(state) };
      return { screen: 'product', product: screen.module.id, view, main: mainView(state) };
    }
  }
}
