import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { CommonEffect } from '../../../flows/common-effects';
import type { ScreenRecord } from '../../screen-record';
import type { MainAction, ProductContext, ProductStep } from '../../widget.types';
import type { PasskeysEffect, PasskeysEvent, PasskeysState } from './passkeys.types';

type Step = ProductStep<PasskeysState, PasskeysEffect | CommonEffect<PasskeysEvent>>;

/** Entered from its button on Main (or handed over by another product): its first screen. */
export function enterPasskeys(_action: MainAction, _context: ProductContext): Step {
  return { state: { screen: 'start', error: null, busy: false }, effects: [] };
}

/** The passkeys product as a pure machine. */
export function passkeysTransition(state: PasskeysState, event: PasskeysEvent, _context: ProductContext): Step {
  switch (event.type) {
    case 'submitted':
      // One call at a time: pressing again while it runs changes nothing.
      if (state.busy) return { state, effects: [] };
      return { state: { ...state, busy: true, error: null }, effects: [{ type: 'passkeysCall', key: 'passkeys:call' }] };
    case 'failed':
      return { state: { ...state, busy: false, error: errorMessage(event.error) }, effects: [{ type: 'reportError', error: event.error }] };
  }
}

/** The screen on show as a record a reload brings back (never a secret: it is kept in this tab's storage). */
export const passkeysSnapshot = (state: PasskeysState): ScreenRecord => ({ screen: state.screen });

/** The screen a record names, or `null` for a record this product did not write (storage is untrusted). */
export function resumePasskeys(record: ScreenRecord, _context: ProductContext): Step | null {
  if (record['screen'] !== 'start') return null;
  return { state: { screen: 'start', error: null, busy: false }, effects: [] };
}
