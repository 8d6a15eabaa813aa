import type { Result } from '../domain/errors/auth-error';
import type { ProviderUrl } from '../domain/redirects/provider-url';
import type { CallOptions } from './call-options';
import type { ChainType } from './crypto-wallets.port';

/**
 * The wallet a visitor chose, as a browser can recognise it among the wallets injected into the
 * page. Empty lists mean "any wallet of this chain" (SPEC §3's "other Ethereum/Solana wallet").
 */
export interface WalletChoice {
  readonly chain: ChainType;
  /** EIP-6963 reverse-DNS ids the wallet announces itself by (`io.metamask`). */
  readonly rdns: readonly string[];
  /** Names it announces itself by (EIP-6963 `info.name`), compared ignoring case. */
  readonly names: readonly string[];
  /** Flags a wallet sets on the provider it injects the older, pre-EIP-6963 way (`isMetaMask`, `isPhantom`). */
  readonly flags: readonly string[];
}

/** A wallet's download page, for a visitor who has none (SPEC §2 "Crypto set up new wallet"). */
export interface WalletDownloadPage {
  /** The wallet's name, as its makers write it (not translated). */
  readonly name: string;
  /** The chains it signs for: an Ethereum-style wallet, or a multi-chain one. */
  readonly kind: 'ethereum' | 'multichain';
  readonly url: ProviderUrl;
}

/**
 * The visitor's crypto wallet, as the browser extension injected into the page offers it (a
 * browser port; SPEC §4 "Wallet extensions are asked to: request accounts; sign a message").
 * Everything a wallet answers is untrusted: the core validates it before use. Failures a screen
 * tells apart:
 * - `wallet_not_found`: no wallet of the choice is installed (the set-up screen);
 * - `wallet_rejected`: the visitor declined in the wallet (EIP-1193 code 4001, or Solana's);
 * - `wallet_request_pending`: the wallet already has a request open (EIP-1193 code -32002);
 * - `wallet_failed`: the wallet failed otherwise;
 * - `timeout`: nothing came back before `options.signal` aborted (the caller's deadline).
 */
export interface InjectedWalletsPort {
  /**
   * Asks the chosen wallet for the visitor's account (EIP-1193 `eth_requestAccounts`, Solana
   * `connect`): the first one, exactly as the wallet gave it.
   */
  connect(choice: WalletChoice, options?: CallOptions): Promise<Result<{ readonly address: unknown }>>;
  /**
   * Asks the chosen wallet to sign `message` (the provider's challenge, verbatim) with the key of
   * `address`: EIP-1193 `personal_sign` of the message's UTF-8 bytes (the signature as the wallet
   * gave it); Solana `signMessage` of those bytes, the signature base58-encoded, as the provider
   * takes it.
   */
  signMessage(choice: WalletChoice, address: string, message: string, options?: CallOptions): Promise<Result<{ readonly signature: unknown }>>;
  /**
   * Where to get a wallet: SPEC §2's four download pages (three Ethereum-style wallets, one
   * multi-chain), as URLs the page may leave for.
   */
  downloadPages(): Promise<readonly WalletDownloadPage[]>;
}
