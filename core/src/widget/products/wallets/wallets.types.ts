import type { AuthError } from '../../../domain/errors/auth-error';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import type { RetryWindow } from '../../../domain/retry/retry-window';
import type { KeyedEffect } from '../../../flows/flow-runner';
import type { ChainType } from '../../../ports/crypto-wallets.port';
import type { WalletDownloadPage } from '../../../ports/injected-wallets.port';
import type { WalletOptionId } from './wallet-options';

/**
 * What Main's wallet slot hands the product (its action's `detail`): a wallet button pressed, or
 * 'Continue with other wallet' (the options that did not fit on Main).
 */
export type WalletsActionDetail = { readonly option: WalletOptionId } | { readonly other: readonly WalletOptionId[] };

/** Where a failed attempt failed: SPEC §8 reports each its own way. */
export type WalletPhase = 'connect' | 'sign';

/**
 * SPEC §2/§4's crypto screens, one state per screen: other wallets, connect (the wallet's
 * account, then the provider's challenge), sign message (the wallet's signature, then the
 * provider's check), set up a new wallet, and error. Success is the widget's success screen.
 */
export type WalletsState =
  | { readonly screen: 'other'; readonly options: readonly WalletOptionId[] }
  /** `address`: the wallet's account, once it answered (the provider's challenge is on its way). */
  | { readonly screen: 'connecting'; readonly option: WalletOptionId; readonly address: string | null }
  | {
      readonly screen: 'signing';
      readonly option: WalletOptionId;
      readonly address: string;
      readonly chain: ChainType;
      /** The wallet signed: the provider is checking the signature. */
      readonly signed: boolean;
    }
  | { readonly screen: 'setup'; readonly option: WalletOptionId; readonly pages: readonly WalletDownloadPage[] | null }
  | {
      readonly screen: 'error';
      readonly option: WalletOptionId;
      readonly phase: WalletPhase;
      /** What went wrong, in words: the wallet declined, did not answer, the provider refused. */
      readonly reason: MessageRef;
      /** A 429's `Retry-After`: 'Try again' waits it out. */
      readonly retry: RetryWindow | null;
    };

export type WalletsEvent =
  /** A wallet picked on the other-wallet screen. */
  | { readonly type: 'chosen'; readonly option: WalletOptionId }
  /** The wallet answered the account request (untrusted: checked before use). */
  | { readonly type: 'connected'; readonly address: unknown }
  | { readonly type: 'challenged'; readonly challenge: string }
  /** The wallet answered the signature request (untrusted: checked before use). */
  | { readonly type: 'signed'; readonly signature: unknown }
  | { readonly type: 'authenticated' }
  | { readonly type: 'failed'; readonly error: AuthError }
  | { readonly type: 'downloadPagesLoaded'; readonly pages: readonly WalletDownloadPage[] }
  /** A download page chosen on the set-up screen. */
  | { readonly type: 'downloadChosen'; readonly url: WalletDownloadPage['url'] }
  | { readonly type: 'retryClicked' }
  | { readonly type: 'tick' };

/** The product's calls: the wallet's (browser port) and the provider's (SPEC §7 cryptoWallets). */
export type WalletsEffect = KeyedEffect &
  (
    | { readonly type: 'connectWallet'; readonly option: WalletOptionId }
    | { readonly type: 'startAuthentication'; readonly address: string; readonly chain: ChainType }
    | { readonly type: 'signChallenge'; readonly option: WalletOptionId; readonly address: string; readonly challenge: string }
    | { readonly type: 'authenticate'; readonly address: string; readonly chain: ChainType; readonly signature: string; readonly sessionDurationMinutes: number }
    | { readonly type: 'loadDownloadPages' }
    | { readonly type: 'leaveForDownload'; readonly url: WalletDownloadPage['url'] }
  );

/** What the wallet screens render. */
export type WalletsView =
  | { readonly screen: 'other'; readonly options: readonly WalletOptionId[] }
  | { readonly screen: 'connecting'; readonly option: WalletOptionId }
  | { readonly screen: 'signing'; readonly option: WalletOptionId; readonly address: string }
  | { readonly screen: 'setup'; readonly pages: readonly WalletDownloadPage[] | null }
  | { readonly screen: 'error'; readonly option: WalletOptionId; readonly reason: MessageRef; readonly retryInSeconds: number | null };
