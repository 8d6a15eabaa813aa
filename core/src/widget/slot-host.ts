import { isWaiting } from '../domain/retry/retry-window';
import type { CancelEffect, KeyedEffect, TransitionContext } from '../flows/flow-runner';
import type { SlotContext, SlotId, SlotSignal, SlotStep } from './main-slot.types';
import type { ActionSource, MainAction, ProductId, WidgetEffect, WidgetState } from './widget.types';

// The router's slot half: how Main hosts its slots generically (their effects keyed per slot,
// their outputs followed, the signals every slot gets). No slot is known by name here.

type Step = readonly [WidgetState, readonly WidgetEffect[]];

/** Starts a Main action for a product (the router's `startMainAction`), passed in to keep the modules acyclic. */
export type StartMainAction = (state: WidgetState, source: ActionSource, product: ProductId, action: MainAction, context: TransitionContext) => Step;

/** The prefix every effect key of a slot carries, so the slot's work can be cancelled as a whole. */
const slotKey = (id: SlotId) => `slot:${id}:`;

/** What every other slot is told when a Main action starts. */
export const abortSlot = (): SlotSignal => ({ type: 'abort' });

/**
 * Something started on Main is on its way — loading, a product at work from Main, or a slot's
 * own sign-in (other than `except`'s): Main starts nothing else meanwhile.
 */
export function isMainBusy(state: WidgetState, except: SlotId | null = null): boolean {
  if (state.loading !== null || state.acting !== null) return true;
  return Object.entries(state.slots).some(([id, record]) => id !== except && record.module.busy(record.state));
}

/** What slot `id` sees of Main. */
export function slotContext(state: WidgetState, context: TransitionContext, id: SlotId | null = null): SlotContext {
  return { now: context.now, input: state.input, mainBusy: isMainBusy(state, id), mainWaiting: isWaiting(state.retry, context.now) };
}

/**
 * A child's effects scoped under `prefix`: its keys (and cancels) get the prefix, so leaving the
 * child, or a new child of the same name, cancels exactly its work; `wrap` routes each effect back
 * to the child's own interpreter.
 */
export function scopeEffects<W>(prefix: string, effects: readonly KeyedEffect[], wrap: (effect: KeyedEffect, key: string | undefined) => W): (W | CancelEffect)[] {
  return effects.map((effect) => {
    if (effect.type === 'cancel') {
      const cancel = effect as KeyedEffect & { readonly prefix?: string };
      return cancel.prefix !== undefined ? { type: 'cancel', prefix: `${prefix}${cancel.prefix}` } : { type: 'cancel', key: `${prefix}${cancel.key ?? ''}` };
    }
    return wrap(effect, effect.key === undefined ? undefined : `${prefix}${effect.key}`);
  });
}

/**
 * Applies slot `id`'s step: its new state and effects, then its outputs in order. `start` takes a
 * slot's action to a product; `null` refuses actions (a slot answering a signal starts nothing).
 */
export function applySlotOutputs(state: WidgetState, id: SlotId, step: SlotStep<unknown, KeyedEffect>, context: TransitionContext, start: StartMainAction | null): Step {
  const record = state.slots[id];
  if (record === undefined) return [state, []];
  // Nothing changed: the same state, so nothing re-renders for an event the slot ignored.
  if (step.state === record.state && step.effects.length === 0 && (step.outputs ?? []).length === 0) return [state, []];
  let next: WidgetState = step.state === record.state ? state : { ...state, slots: { ...state.slots, [id]: { ...record, state: step.state } } };
  const effects: WidgetEffect[] = scopeEffects(slotKey(id), step.effects, (effect, key): WidgetEffect => ({
    type: 'slotEffect',
    module: record.module,
    effect,
    ...(key === undefined ? {} : { key }),
  }));
  for (const output of step.outputs ?? []) {
    switch (output.type) {
      case 'action': {
        // Another action on its way wins: this one is refused (router rule).
        if (start === null || next.screen.kind !== 'main' || next.loading !== null || next.acting !== null) break;
        // The acting slot is aborted too, first: what it had pending beside the control just
        // pressed (a passkey autofill beside the passkey button) stops before the product's
        // request can start, so two requests never collide. `start` then aborts every other slot.
        const [selfAborted, own] = abortActingSlot(next, id, context);
        const [started, more] = start(selfAborted, { kind: 'slot', id }, output.product, { type: 'slotAction', product: output.product, email: selfAborted.email, detail: output.detail }, context);
        next = started;
        effects.push(...own, ...more);
        break;
      }
      case 'started': {
        const [aborted, more] = signalSlots(next, abortSlot, context, id);
        next = aborted;
        effects.push(...more);
        break;
      }
      case 'message': {
        const current = next.slots[id];
        if (current !== undefined) next = { ...next, slots: { ...next.slots, [id]: { ...current, message: output.message } } };
        break;
      }
      case 'prefill':
        if (next.email === '') next = { ...next, email: output.email };
        break;
    }
  }
  return [next, effects];
}

/** Sends slot `id` itself `abort` (its own action is about to start); what it answers starts nothing. */
function abortActingSlot(state: WidgetState, id: SlotId, context: TransitionContext): Step {
  const record = state.slots[id];
  if (record === undefined) return [state, []];
  return applySlotOutputs(state, id, record.module.signal(record.state, abortSlot(), slotContext(state, context, id)), context, null);
}

/** Tells every slot but `except` its `signal` (abort: another Main action started; the page came back). */
export function signalSlots(state: WidgetState, signal: (id: SlotId) => SlotSignal, context: TransitionContext, except: SlotId | null): Step {
  let next = state;
  const effects: WidgetEffect[] = [];
  for (const [id, record] of Object.entries(state.slots)) {
    if (id === except) continue;
    const step = record.module.signal(next.slots[id]?.state ?? record.state, signal(id), slotContext(next, context, id));
    const [after, more] = applySlotOutputs(next, id, step, context, null);
    next = after;
    effects.push(...more);
  }
  return [next, effects];
}
