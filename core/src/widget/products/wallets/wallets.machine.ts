import { DEFAULT_SESSION_DURATION_MINUTES } from '../../../domain/config/widget-config';
import { authError, type AuthError } from '../../../domain/errors/auth-error';
import { errorMessage } from '../../../domain/errors/error-catalogue';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import { destinationOf } from '../../../domain/redirects/safe-redirect';
import { retryTick, retryWindowAfter, tickRetryWindow } from '../../../domain/retry/retry-countdown';
import { isWaiting } from '../../../domain/retry/retry-window';
import type { CommonEffect } from '../../../flows/common-effects';
import { recordChoice, type ScreenRecord } from '../../screen-record';
import type { MainAction, ProductContext, ProductStep } from '../../widget.types';
import { WALLET_OPTIONS, allocateWallets, oauthButtonCount, parseWalletAddress, parseWalletSignature, walletOption, type WalletOptionId } from './wallet-options';
import type { WalletPhase, WalletsEffect, WalletsEvent, WalletsState } from './wallets.types';

/**
 * How long a wallet may take to answer before the visitor is told it did not. Longer than a
 * provider call's 15 s: the wallet asks the visitor (unlock it, read the request, approve), but
 * a wallet that never answers still ends in the error screen, never a spinner that stays.
 */
export const WALLET_ANSWER_TIMEOUT_MS = 60_000;

/** SPEC §8: what the integrator's `onError` reads for a failure at each phase. */
const WALLET_FAILURE_REPORTS: Readonly<Record<WalletPhase, string>> = {
  connect: '[Error] Could not connect to wallet',
  sign: '[Error] Could not sign message',
};

type Step = ProductStep<WalletsState, WalletsEffect | CommonEffect<WalletsEvent>>;
const stay = (state: WalletsState): Step => ({ state, effects: [] });

const ids = WALLET_OPTIONS.map((option) => option.id);

const sessionMinutes = (context: ProductContext): number => context.input.config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;

/** Asks the chosen wallet for the visitor's account: the connect screen. */
const connect = (option: WalletOptionId): Step => ({
  state: { screen: 'connecting', option, address: null },
  effects: [{ type: 'connectWallet', key: 'wallets:wallet', option }],
});

/** The options behind 'Continue with other wallet', as Main allocated them (the detail is checked: it came through a view). */
function otherOptions(detail: unknown, context: ProductContext): readonly WalletOptionId[] {
  const allocated = allocateWallets(oauthButtonCount(context.input.config)).other;
  const asked = typeof detail === 'object' && detail !== null && Array.isArray((detail as { other?: unknown }).other) ? (detail as { other: readonly unknown[] }).other : [];
  const other = allocated.filter((id) => asked.includes(id));
  return other.length > 0 ? other : allocated;
}

/**
 * Entered from Main's wallet slot: a wallet button asks that wallet at once; 'Continue with other
 * wallet' lists the rest (SPEC §2).
 */
export function enterWallets(action: MainAction, context: ProductContext): Step {
  const detail: unknown = action.type === 'slotAction' ? action.detail : null;
  const chosen = typeof detail === 'object' && detail !== null ? walletOption((detail as Partial<Record<'option', unknown>>).option) : null;
  if (chosen !== null) return connect(chosen.id);
  return stay({ screen: 'other', options: otherOptions(detail, context) });
}

/**
 * The error screen for a failure at `phase` (SPEC §4: any failure goes there), reported to the
 * integrator with SPEC §8's words, and 'Try again' waiting out a 429.
 */
function failed(option: WalletOptionId, phase: WalletPhase, error: AuthError, reason: MessageRef, context: ProductContext): Step {
  const retry = retryWindowAfter(error, context.now);
  return {
    state: { screen: 'error', option, phase, reason, retry },
    effects: [{ type: 'reportError', error: { ...error, message: WALLET_FAILURE_REPORTS[phase] } }, ...(retry === null ? [] : [retryTick<WalletsEvent>('wallets', { type: 'tick' })])],
  };
}

/** What the error screen says: a wallet that did not answer is not "the server". */
function reasonFor(error: AuthError, waitingOnWallet: boolean): MessageRef {
  if (waitingOnWallet && error.code === 'timeout') return { key: 'wallets.noAnswer' };
  return errorMessage(error);
}

/** An answer the wallet gave that is not what was asked (an address, a signature of its chain). */
const unusableAnswer = (): AuthError => authError('wallet_failed');

/** The wallets product as a pure machine (SPEC §2 crypto screens, §4 crypto flow). */
export function walletsTransition(state: WalletsState, event: WalletsEvent, context: ProductContext): Step {
  switch (event.type) {
    case 'chosen':
      if (state.screen !== 'other' || !state.options.includes(event.option)) return stay(state);
      return connect(event.option);

    case 'connected': {
      if (state.screen !== 'connecting' || state.address !== null) return stay(state);
      const chain = walletOption(state.option)?.chain ?? 'ethereum';
      // Untrusted: markup, a 10,000-character string or a number never reaches the provider or the screen.
      const address = parseWalletAddress(chain, event.address);
      if (address === null) return failed(state.option, 'connect', unusableAnswer(), errorMessage(unusableAnswer()), context);
      return { state: { ...state, address }, effects: [{ type: 'startAuthentication', key: 'wallets:provider', address, chain }] };
    }

    case 'challenged': {
      if (state.screen !== 'connecting' || state.address === null) return stay(state);
      const chain = walletOption(state.option)?.chain ?? 'ethereum';
      return {
        state: { screen: 'signing', option: state.option, address: state.address, chain, signed: false },
        // SPEC §4 / reliability I3: the wallet signs the provider's challenge verbatim.
        effects: [{ type: 'signChallenge', key: 'wallets:wallet', option: state.option, address: state.address, challenge: event.challenge }],
      };
    }

    case 'signed': {
      if (state.screen !== 'signing' || state.signed) return stay(state);
      const signature = parseWalletSignature(state.chain, event.signature);
      if (signature === null) return failed(state.option, 'sign', unusableAnswer(), errorMessage(unusableAnswer()), context);
      return {
        state: { ...state, signed: true },
        effects: [{ type: 'authenticate', key: 'wallets:provider', address: state.address, chain: state.chain, signature, sessionDurationMinutes: sessionMinutes(context) }],
      };
    }

    case 'authenticated':
      if (state.screen !== 'signing' || !state.signed) return stay(state);
      // SPEC §2 crypto success, then the destination (the provider's SDK set the session).
      return { state, effects: [], output: { type: 'completed', title: 'success.title', text: 'wallets.connected', destination: destinationOf(context.input.returnContext) } };

    case 'failed':
      if (state.screen === 'connecting') {
        // SPEC §4 / reliability I1: no wallet installed is guidance, not an error.
        if (state.address === null && event.error.code === 'wallet_not_found') {
          return { state: { screen: 'setup', option: state.option, pages: null }, effects: [{ type: 'loadDownloadPages', key: 'wallets:pages' }] };
        }
        return failed(state.option, 'connect', event.error, reasonFor(event.error, state.address === null), context);
      }
      if (state.screen === 'signing') return failed(state.option, 'sign', event.error, reasonFor(event.error, !state.signed), context);
      return stay(state);

    case 'downloadPagesLoaded':
      if (state.screen !== 'setup') return stay(state);
      return stay({ ...state, pages: event.pages });

    case 'downloadChosen':
      // Only a page the port listed: the URL came back through a view.
      if (state.screen !== 'setup' || state.pages?.some((page) => page.url === event.url) !== true) return stay(state);
      return { state, effects: [{ type: 'leaveForDownload', key: 'wallets:leave', url: event.url }] };

    case 'retryClicked':
      // SPEC §2: from the error screen, back to the wallet — without a reload, a 429 waited out.
      if (state.screen !== 'error' || isWaiting(state.retry, context.now)) return stay(state);
      return connect(state.option);

    case 'tick': {
      if (state.screen !== 'error' || state.retry === null) return stay(state);
      const retry = tickRetryWindow(state.retry, context.now);
      return { state: { ...state, retry }, effects: retry === null ? [] : [retryTick<WalletsEvent>('wallets', { type: 'tick' })] };
    }
  }
}

/**
 * The screen on show as a record a reload brings back: the other-wallet list and the set-up
 * screen come back; an attempt (connect, sign, error) comes back as the choice it started from —
 * the wallet's own prompt did not survive the reload, and nothing asks the wallet again unasked.
 */
export function walletsSnapshot(state: WalletsState): ScreenRecord {
  if (state.screen === 'other') return { screen: 'other' };
  if (state.screen === 'setup') return { screen: 'setup', option: state.option };
  return { screen: 'attempt', option: state.option };
}

/** The screen a record names, or `null` (Main) for an interrupted attempt or a record this product did not write. */
export function resumeWallets(record: ScreenRecord, context: ProductContext): Step | null {
  const option = recordChoice(record, 'option', ids);
  if (record['screen'] === 'other') return stay({ screen: 'other', options: allocateWallets(oauthButtonCount(context.input.config)).other });
  if (record['screen'] === 'setup' && option !== null) return { state: { screen: 'setup', option, pages: null }, effects: [{ type: 'loadDownloadPages', key: 'wallets:pages' }] };
  return null;
}

