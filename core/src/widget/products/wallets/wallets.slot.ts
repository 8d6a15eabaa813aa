import { NO_EVENTS } from '../../../flows/stream';
import type { KeyedEffect } from '../../../flows/flow-runner';
import type { MainSlot, SlotContext, SlotStep } from '../../main-slot.types';
import { allocateWallets, oauthButtonCount, type WalletOptionId } from './wallet-options';
import type { WalletsActionDetail } from './wallets.types';

/** Which of Main's wallet buttons was pressed last ('other': 'Continue with other wallet'), for showing it busy. */
interface WalletsSlotState {
  readonly pressed: WalletOptionId | 'other' | null;
}

/** SPEC §9's allocation for this widget's configuration. */
const allocation = (context: SlotContext) => allocateWallets(oauthButtonCount(context.input.config));

export type WalletsSlotEvent = { readonly type: 'pressed'; readonly option: WalletOptionId | 'other' };

/** What Main's wallet place renders. */
export interface WalletsSlotView {
  /** The wallet buttons, in order; `busy`: the one whose action is on its way. */
  readonly buttons: readonly { readonly option: WalletOptionId; readonly busy: boolean }[];
  /** 'Continue with other wallet', when some wallets did not fit (`busy` as a button's). */
  readonly other: { readonly busy: boolean } | null;
  /** Pressing is not possible now (something else is on its way, or `Retry-After`). */
  readonly disabled: boolean;
}

type Step = SlotStep<WalletsSlotState, KeyedEffect>;

/**
 * The wallets product's slot on Main (SPEC §2: after the OAuth buttons, before the divider): as
 * many wallet buttons as fit beside the OAuth buttons (SPEC §9), then 'Continue with other wallet'
 * for the rest. A press hands the product its action: a wallet to ask, or the other-wallet list.
 */
export const walletsSlot: MainSlot<WalletsSlotState, WalletsSlotEvent, KeyedEffect, WalletsSlotView> = {
  id: 'wallets',
  place: 'wallets',
  init: () => ({ pressed: null }),
  transition(state, event, context): Step {
    // Another action on its way, or a Retry-After wait, refuses a press.
    if (context.mainBusy || context.mainWaiting) return { state, effects: [] };
    // The event came from a view: only a button this slot shows.
    const { onMain, other } = allocation(context);
    const { option } = event;
    if (option === 'other' ? other.length === 0 : !onMain.includes(option)) return { state, effects: [] };
    const detail: WalletsActionDetail = option === 'other' ? { other } : { option };
    return { state: { pressed: option }, effects: [], outputs: [{ type: 'action', product: 'wallets', detail }] };
  },
  signal: (state): Step => ({ state, effects: [] }),
  // Its presses are its only events: nothing of its own to run.
  interpret: () => NO_EVENTS,
  onEffectFailure: () => null,
  busy: () => false,
  view: (state, context): WalletsSlotView => {
    const { onMain, other } = allocation(context);
    return {
      buttons: onMain.map((option) => ({ option, busy: context.acting && state.pressed === option })),
      other: other.length === 0 ? null : { busy: context.acting && state.pressed === 'other' },
      disabled: context.mainBusy || context.mainWaiting,
    };
  },
};
