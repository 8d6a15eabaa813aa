import type { WidgetConfig } from '../../../domain/config/widget-config';
import type { ChainType } from '../../../ports/crypto-wallets.port';
import type { WalletChoice } from '../../../ports/injected-wallets.port';

// The wallets SPEC §3 offers and where Main puts them. Shared by the slot (Main's buttons) and
// the product (its screens); both are the wallets product's chunks, never Main's first load.

/** SPEC §3's wallet options. */
export type WalletOptionId = 'metamask' | 'phantom' | 'coinbase' | 'binance' | 'vessel' | 'otherEthereum' | 'otherSolana';

/** A wallet option: its id and how the browser recognises its wallet. */
export interface WalletOption extends WalletChoice {
  readonly id: WalletOptionId;
}

/**
 * In the order Main offers them (SPEC §9's: Metamask, Phantom, Coinbase, Binance, Vessel, then the
 * other Ethereum and Solana wallets). Phantom and the generic Solana wallet are `solana`; the rest
 * `ethereum` (SPEC §3). The generic options take whichever wallet of their chain is there.
 */
export const WALLET_OPTIONS: readonly WalletOption[] = [
  { id: 'metamask', chain: 'ethereum', rdns: ['io.metamask', 'io.metamask.flask'], names: ['MetaMask'], flags: ['isMetaMask'] },
  { id: 'phantom', chain: 'solana', rdns: ['app.phantom'], names: ['Phantom'], flags: ['isPhantom'] },
  { id: 'coinbase', chain: 'ethereum', rdns: ['com.coinbase.wallet'], names: ['Coinbase Wallet'], flags: ['isCoinbaseWallet'] },
  { id: 'binance', chain: 'ethereum', rdns: ['com.binance.wallet'], names: ['Binance Wallet', 'Binance Web3 Wallet'], flags: ['isBinance'] },
  { id: 'vessel', chain: 'ethereum', rdns: ['com.vessel.wallet'], names: ['Vessel', 'Vessel Wallet'], flags: ['isVessel'] },
  { id: 'otherEthereum', chain: 'ethereum', rdns: [], names: [], flags: [] },
  { id: 'otherSolana', chain: 'solana', rdns: [], names: [], flags: [] },
];

/** The option with this id (an id from storage or a view is checked against the list). */
export const walletOption = (id: unknown): WalletOption | null => WALLET_OPTIONS.find((option) => option.id === id) ?? null;

/** How many buttons Main has room for (SPEC §2: six, OAuth and wallets together). */
const MAIN_BUTTON_ROOM = 6;

/**
 * SPEC §9: Main shows at most 6 − (OAuth providers) − 1 wallet buttons (the 1 is the 'Continue
 * with other wallet' button, which opens the rest), never fewer than none.
 */
export function walletButtonsOnMain(oauthProviders: number): number {
  return Math.max(0, MAIN_BUTTON_ROOM - oauthProviders - 1);
}

/** The OAuth buttons Main shows before the wallets (SPEC §3 `oauthOptions.providers`, when OAuth is configured). */
export const oauthButtonCount = (config: WidgetConfig): number => (config.products.includes('oauth') ? (config.oauthOptions?.providers.length ?? 0) : 0);

/** Which wallets are buttons on Main, and which wait behind 'Continue with other wallet'. */
export interface WalletAllocation {
  readonly onMain: readonly WalletOptionId[];
  readonly other: readonly WalletOptionId[];
}

/** SPEC §2/§9: the first options that fit on Main beside `oauthProviders` OAuth buttons; the rest on the other-wallet screen. */
export function allocateWallets(oauthProviders: number, options: readonly WalletOption[] = WALLET_OPTIONS): WalletAllocation {
  const room = walletButtonsOnMain(oauthProviders);
  const ids = options.map((option) => option.id);
  return { onMain: ids.slice(0, room), other: ids.slice(room) };
}

/** Longest address text looked at: anything longer is refused before a pattern runs over it. */
const MAX_ADDRESS_LENGTH = 64;
// `0x` and 40 hex digits (20 bytes). Wallets report lowercase or EIP-55 mixed case; the provider
// checks the checksum of a mixed-case one (and refuses a wrong one), so the front end does not
// ship keccak-256 to check it too.
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
// A base58 ed25519 public key: 32 bytes are 32 to 44 characters of Bitcoin's base58 alphabet
// (no 0, O, I or l).
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * The account a wallet answered, when it is an address of `chain` (issue 18: wallet output is
 * untrusted input): a string of the right length and alphabet, else `null` — markup, a
 * 10,000-character string, a number or an object never goes further.
 */
export function parseWalletAddress(chain: ChainType, raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_ADDRESS_LENGTH) return null;
  return (chain === 'ethereum' ? ETHEREUM_ADDRESS : SOLANA_ADDRESS).test(raw) ? raw : null;
}

// `personal_sign`: r‖s‖v, 65 bytes in hex. Solana: a 64-byte ed25519 signature in base58 (at
// most 88 characters).
const ETHEREUM_SIGNATURE = /^0x[0-9a-fA-F]{130}$/;
const SOLANA_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

/** The signature a wallet answered, when it has the shape of `chain`'s (the provider verifies it), else `null`. */
export function parseWalletSignature(chain: ChainType, raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 132) return null;
  return (chain === 'ethereum' ? ETHEREUM_SIGNATURE : SOLANA_SIGNATURE).test(raw) ? raw : null;
}
