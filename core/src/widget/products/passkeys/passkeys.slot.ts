import { NO_EVENTS } from '../../../flows/stream';
import type { KeyedEffect } from '../../../flows/flow-runner';
import type { MainSlot, SlotStep } from '../../main-slot.types';

/** The passkeys button on Main: whether it was the one pressed (shown busy while its action is on its way). */
interface PasskeysSlotState {
  readonly pressed: boolean;
}

export type PasskeysSlotEvent = { readonly type: 'pressed' };

/** What the passkeys button renders. */
export interface PasskeysSlotView {
  readonly busy: boolean;
  /** Pressing is not possible now (something else is on its way, or `Retry-After`). */
  readonly disabled: boolean;
}

type Step = SlotStep<PasskeysSlotState, KeyedEffect>;

/**
 * The passkeys product's slot on Main (SPEC §2, the passkey place): one button. Pressing it
 * hands the passkeys product its action, which opens its first screen.
 */
export const passkeysSlot: MainSlot<PasskeysSlotState, PasskeysSlotEvent, KeyedEffect, PasskeysSlotView> = {
  id: 'passkeys',
  place: 'passkey',
  init: () => ({ pressed: false }),
  transition(state, _event, context): Step {
    // 'pressed' is its one event. Another action on its way, or a Retry-After wait, refuses it.
    if (context.mainBusy || context.mainWaiting) return { state, effects: [] };
    return { state: { pressed: true }, effects: [], outputs: [{ type: 'action', product: 'passkeys', detail: null }] };
  },
  signal: (state): Step => ({ state, effects: [] }),
  // No effects of its own yet.
  interpret: () => NO_EVENTS,
  onEffectFailure: () => null,
  busy: () => false,
  view: (state, context): PasskeysSlotView => ({ busy: context.acting && state.pressed, disabled: context.mainBusy || context.mainWaiting }),
};
