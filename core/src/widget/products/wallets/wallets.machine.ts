import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { CommonEffect } from '../../../flows/common-effects';
import type { ScreenRecord } from '../../screen-record';
import type { MainAction, ProductContext, ProductStep } from '../../widget.types';
import type { WalletsEffect, WalletsEvent, WalletsState } from './wallets.types';

type Step = ProductStep<WalletsState, WalletsEffect | CommonEffect<WalletsEvent>>;

/** Entered from its button on Main (or handed over by another product): its first screen. */
export function enterWallets(_action: MainAction, _context: ProductContext): Step {
  return { state: { screen: 'start', error: null, busy: false }, effects: [] };
}

/** The wallets product as a pure machine. */
export function walletsTransition(state: WalletsState, event: WalletsEvent, _context: ProductContext): Step {
  switch (event.type) {
    case 'submitted':
      // One call at a time: pressing again while it runs changes nothing.
      if (state.busy) return { state, effects: [] };
      return { state: { ...state, busy: true, error: null }, effects: [{ type: 'walletsCall', key: 'wallets:call' }] };
    case 'failed':
      return { state: { ...state, busy: false, error: errorMessage(event.error) }, effects: [{ type: 'reportError', error: event.error }] };
  }
}

/** The screen on show as a record a reload brings back (never a secret: it is kept in this tab's storage). */
export const walletsSnapshot = (state: WalletsState): ScreenRecord => ({ screen: state.screen });

/** The screen a record names, or `null` for a record this product did not write (storage is untrusted). */
export function resumeWallets(record: ScreenRecord, _context: ProductContext): Step | null {
  if (record['screen'] !== 'start') return null;
  return { state: { screen: 'start', error: null, busy: false }, effects: [] };
}
