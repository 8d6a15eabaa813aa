import { errorMessage } from '../domain/errors/error-catalogue';
import type { MessageRef } from '../domain/i18n/message-ref';
import { isWaiting } from '../domain/retry/retry-window';
import { validateEmail } from '../domain/validation/email';
import type { TransitionContext } from '../flows/flow-runner';
import { emailFormProduct, mainSlots } from './product-catalogue';
import { abortSlot, applySlotOutputs, isMainBusy, signalSlots, slotContext } from './slot-host';
import type { AnyMainSlot, SlotId } from './main-slot.types';
import type { ActionSource, MainAction, ProductId, SlotRecord, WidgetEffect, WidgetEvent, WidgetInput, WidgetState } from './widget.types';

type Step = readonly [WidgetState, readonly WidgetEffect[]];
const stay = (state: WidgetState): Step => [state, []];

/** Every product's effects are keyed `product:<id>:…`, so leaving a product cancels all it started. */
export const PRODUCT_KEYS = 'product:';

/**
 * The widget's first state: Main with an empty form (or what was typed before hydration), and a
 * record for each slot already loaded (a pre-rendered page fetches them before it hydrates).
 */
export function initialWidgetState(input: WidgetInput, preloadedSlots: Readonly<Record<SlotId, AnyMainSlot>> = {}): WidgetState {
  const slots: Record<SlotId, SlotRecord> = {};
  for (const declaration of mainSlots(input)) {
    const module = preloadedSlots[declaration.id];
    if (module !== undefined) slots[declaration.id] = { module, state: module.init(input), message: null };
  }
  return {
    input,
    screen: { kind: 'main' },
    email: input.prefilledEmail ?? '',
    emailError: null,
    formError: null,
    slots,
    loading: null,
    acting: null,
    retry: null,
    now: 0,
    projectSettings: null,
    productRouter: null,
    screenEntry: null,
  };
}

const loadProduct = (product: ProductId): WidgetEffect => ({ type: 'loadProduct', product, key: 'widget:loadProduct' });

/** Every slot's message cleared: a new action starts, and old failures describe nothing on screen. */
export const withoutSlotMessages = (slots: WidgetState['slots']): WidgetState['slots'] =>
  Object.fromEntries(Object.entries(slots).map(([id, record]) => [id, record.message === null ? record : { ...record, message: null }]));

/**
 * `message` where the visitor acted (router rule: an error belongs to whoever started the action —
 * the e-mail form, or the slot): under the e-mail field, or in that slot.
 */
export function withActionError(state: WidgetState, source: ActionSource | null, message: MessageRef, errorFor: 'field' | 'form' = 'field'): WidgetState {
  if (source?.kind === 'slot') {
    const record = state.slots[source.id];
    if (record !== undefined) return { ...state, slots: { ...state.slots, [source.id]: { ...record, message } } };
  }
  return errorFor === 'form' ? { ...state, formError: message } : { ...state, emailError: message };
}

/** Main after a failed action: ready again, what was typed kept, the reason where the visitor acted. */
function mainWithError(state: WidgetState, message: MessageRef): Step {
  // A product that could not load or run says nothing about the address: a message for the form.
  const main = withActionError({ ...state, loading: null, acting: null, screen: { kind: 'main' }, screenEntry: null }, state.acting, message, 'form');
  // A screen being brought back (or handed on) that cannot show leaves its history entry too.
  return [main, state.screenEntry === null ? [] : [{ type: 'leaveScreen', marker: state.screenEntry.marker, back: true }]];
}

/** Main can take an action: nothing is on its way and no `Retry-After` is being waited out (router rule). */
const mainIsReady = (state: WidgetState, now: number) => state.screen.kind === 'main' && !isMainBusy(state) && !isWaiting(state.retry, now);

/**
 * Starts a Main action for `product`: the other slots are aborted first, so nothing pending
 * (a passkey autofill, a prompt) collides with it (router rule), and old messages go.
 */
function startMainAction(state: WidgetState, source: ActionSource, product: ProductId, action: MainAction, context: TransitionContext): Step {
  const started: WidgetState = { ...state, emailError: null, formError: null, slots: withoutSlotMessages(state.slots), retry: null, loading: { product, action }, acting: source };
  const [aborted, effects] = signalSlots(started, abortSlot, context, source.kind === 'slot' ? source.id : null);
  return [aborted, [...effects, loadProduct(product)]];
}

/** The login widget's router (SPEC §2 Main and sub-screens, §4 transitions). It knows no product by name. */
export function widgetTransition(state: WidgetState, event: WidgetEvent, context: TransitionContext): Step {
  switch (event.type) {
    case 'started': {
      const present = new Set(Object.keys(state.slots));
      const loads: WidgetEffect[] = mainSlots(state.input)
        .filter((slot) => !present.has(slot.id))
        .map((slot) => ({ type: 'loadSlot', slot: slot.id, key: `widget:loadSlot:${slot.id}` }));
      // Slots that came preloaded start now; the others when they arrive.
      let next: WidgetState = { ...state, now: context.now };
      const effects: WidgetEffect[] = [];
      for (const [id, record] of Object.entries(state.slots)) {
        if (record.module.start === undefined) continue;
        const [started, more] = runSlotEvent(next, id, record.module.start, context);
        next = started;
        effects.push(...more);
      }
      const started: WidgetEffect[] = [{ type: 'loadProjectSettings' }, { type: 'watchHistory', key: 'widget:history' }, ...loads, ...effects];
      // A reload of a product screen's entry brings that screen back (Main busy until it is here).
      const resume = state.input.resume ?? null;
      const product = resume === null ? undefined : state.input.products.find((block) => block.id === resume.product);
      if (resume !== null && product !== undefined) {
        next = { ...next, email: resume.email, loading: { product: product.id, action: { type: 'resume', screen: resume.screen } }, acting: { kind: 'form' }, screenEntry: { marker: resume.marker, written: '' } };
        started.push(loadProduct(product.id));
      }
      return [next, [...started, { type: 'telemetry', event: { name: 'render_login_screen', details: {} } }]];
    }

    case 'projectSettingsLoaded':
      return stay({ ...state, projectSettings: event.settings });

    case 'slotLoaded': {
      const { module } = event;
      if (state.slots[module.id] !== undefined) return stay(state);
      const next: WidgetState = { ...state, slots: { ...state.slots, [module.id]: { module, state: module.init(state.input), message: null } } };
      return module.start === undefined ? stay(next) : runSlotEvent(next, module.id, module.start, context);
    }

    case 'slotEvent':
      return runSlotEvent(state, event.slot, event.event, context);

    case 'emailChanged':
      // While the address is on its way, its answer belongs to it: the field waits (read-only),
      // so an error never shows under a different address.
      if (state.acting?.kind === 'form') return stay(state);
      // Keep what was typed; a stale error would describe a different value.
      if (isWaiting(state.retry, context.now)) return stay({ ...state, email: event.value });
      return stay({ ...state, email: event.value, emailError: null, formError: null });

    case 'emailSubmitted': {
      if (!mainIsReady(state, context.now)) return stay(state);
      const product = emailFormProduct(state.input.config, state.input.products);
      if (product === null) return stay(state);
      const email = state.email.trim();
      // SPEC §5 words the message per product (e-mail codes differently).
      const invalid = validateEmail(email, product.emailContext ?? 'magicLink');
      if (invalid !== null) return stay({ ...state, emailError: { key: invalid }, formError: null });
      return startMainAction(state, { kind: 'form' }, product.id, { type: 'emailSubmitted', email }, context);
    }

    case 'pageRestored': {
      // Back from a provider's page restores this page as it was left: busy. Nothing is on its
      // way any more, so Main is ready again; the slot that acted says what happened.
      const { acting } = state;
      const ready = acting === null ? state : { ...state, loading: null, acting: null, screen: { kind: 'main' } as const };
      const [signalled, effects] = signalSlots(ready, (id) => ({ type: 'pageRestored', acting: acting?.kind === 'slot' && acting.id === id }), context, null);
      return acting === null ? [signalled, effects] : [signalled, [{ type: 'cancel', key: 'widget:loadProduct' }, { type: 'cancel', prefix: PRODUCT_KEYS }, ...effects]];
    }

    case 'productLoaded': {
      const { loading } = state;
      if (loading === null || loading.product !== event.module.id) return stay(state);
      // The product's chunk brings the router's product half, which works it from here on.
      return event.module.router.enter(state, event.module, loading.action, context);
    }

    case 'productLoadFailed':
    case 'effectFailed': {
      // Nothing can continue: back to Main, ready to retry, with what was typed kept.
      const [main, effects] = mainWithError(state, errorMessage(event.error));
      return [main, [...effects, { type: 'reportError', error: event.error }]];
    }

    case 'historyMoved': {
      const { screenEntry } = state;
      if (screenEntry === null || event.marker === screenEntry.marker) return stay(state);
      // Back (or Forward) left the product screen's entry: Main, as the screen's back arrow
      // leads (SPEC §2), the address kept; whatever the product had on its way stops.
      return [
        { ...state, screen: { kind: 'main' }, loading: null, acting: null, emailError: null, formError: null, screenEntry: null },
        [{ type: 'cancel', key: 'widget:loadProduct' }, { type: 'cancel', prefix: PRODUCT_KEYS }, { type: 'leaveScreen', marker: screenEntry.marker, back: false }],
      ];
    }

    default:
      // The rest only a loaded product causes (its events, Back, the countdown or the success it
      // started): the router's product half, which it brought, handles them.
      return state.productRouter === null ? stay(state) : state.productRouter.transition(state, event, context);
  }
}

/** Sends one slot an event (the visitor's or its effects'), and follows what it outputs. */
function runSlotEvent(state: WidgetState, id: SlotId, event: unknown, context: TransitionContext): Step {
  const record = state.slots[id];
  if (record === undefined) return stay(state);
  const step = record.module.transition(record.state, event, slotContext(state, context, id));
  return applySlotOutputs(state, id, step, context, startMainAction);
}

