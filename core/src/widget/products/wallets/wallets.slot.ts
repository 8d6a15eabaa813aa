import { NO_EVENTS } from '../../../flows/stream';
import type { KeyedEffect } from '../../../flows/flow-runner';
import type { MainSlot, SlotStep } from '../../main-slot.types';

/** The wallets button on Main: whether it was the one pressed (shown busy while its action is on its way). */
interface WalletsSlotState {
  readonly pressed: boolean;
}

export type WalletsSlotEvent = { readonly type: 'pressed' };

/** What the wallets button renders. */
export interface WalletsSlotView {
  readonly busy: boolean;
  /** Pressing is not possible now (something else is on its way, or `Retry-After`). */
  readonly disabled: boolean;
}

type Step = SlotStep<WalletsSlotState, KeyedEffect>;

/**
 * The wallets product's slot on Main (SPEC §2, the wallets place): one button. Pressing it
 * hands the wallets product its action, which opens its first screen.
 */
export const walletsSlot: MainSlot<WalletsSlotState, WalletsSlotEvent, KeyedEffect, WalletsSlotView> = {
  id: 'wallets',
  place: 'wallets',
  init: () => ({ pressed: false }),
  transition(state, _event, context): Step {
    // 'pressed' is its one event. Another action on its way, or a Retry-After wait, refuses it.
    if (context.mainBusy || context.mainWaiting) return { state, effects: [] };
    return { state: { pressed: true }, effects: [], outputs: [{ type: 'action', product: 'wallets', detail: null }] };
  },
  signal: (state): Step => ({ state, effects: [] }),
  // No effects of its own yet.
  interpret: () => NO_EVENTS,
  onEffectFailure: () => null,
  busy: () => false,
  view: (state, context): WalletsSlotView => ({ busy: context.acting && state.pressed, disabled: context.mainBusy || context.mainWaiting }),
};
