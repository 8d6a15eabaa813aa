import { authError, fail, ok, toProviderUrl, type AuthError, type CallOptions, type InjectedWalletsPort, type Result, type WalletChoice, type WalletDownloadPage } from '@vestibule/core';
import { base58, hex } from '@scure/base';

// The visitor's wallet extension, as it injects itself into the page: EIP-1193 providers found
// through EIP-6963 announcements (or the older `window.ethereum`), and Phantom-style Solana
// providers (`window.phantom.solana`, `window.solana`). Everything read from them is untrusted: a
// wallet (or a script posing as one) may answer anything, throw from a getter, or never answer.

/** An EIP-1193 provider, as far as sign-in needs it. */
interface Eip1193Provider {
  request(args: { readonly method: string; readonly params?: readonly unknown[] }): Promise<unknown>;
}

/** A Phantom-style Solana provider, as far as sign-in needs it. */
interface SolanaProvider {
  connect(): Promise<unknown>;
  signMessage(message: Uint8Array, display?: 'utf8'): Promise<unknown>;
}

/** One EIP-6963 announcement, checked. */
interface Announced {
  readonly uuid: string;
  readonly name: string;
  readonly rdns: string;
  readonly provider: Eip1193Provider;
}

/** The window as far as wallets are found in it, so tests can hand in a stub. */
export interface InjectedWalletsWindow {
  addEventListener(type: string, listener: (event: Event) => void): void;
  dispatchEvent(event: Event): boolean;
}

const ANNOUNCE = 'eip6963:announceProvider';
const REQUEST = 'eip6963:requestProvider';
/** Longest wallet name or id kept from an announcement. */
const MAX_INFO_LENGTH = 200;

/** SPEC §2's set-up screen: three Ethereum-style wallets and one multi-chain, at their makers' download pages. */
const DOWNLOAD_PAGES: ReadonlyArray<Omit<WalletDownloadPage, 'url'> & { readonly href: string }> = [
  { name: 'MetaMask', kind: 'ethereum', href: 'https://metamask.io/download/' },
  { name: 'Coinbase Wallet', kind: 'ethereum', href: 'https://www.coinbase.com/wallet/downloads' },
  { name: 'Binance Wallet', kind: 'ethereum', href: 'https://www.binance.com/en/web3wallet' },
  { name: 'Phantom', kind: 'multichain', href: 'https://phantom.com/download' },
];

/** A property read that cannot throw (a hostile getter, a revoked proxy). */
function read(value: unknown, key: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_INFO_LENGTH;
const isEip1193 = (value: unknown): value is Eip1193Provider => typeof read(value, 'request') === 'function';
const isSolana = (value: unknown): value is SolanaProvider => typeof read(value, 'connect') === 'function' && typeof read(value, 'signMessage') === 'function';
const hasFlag = (value: unknown, flags: readonly string[]) => flags.some((flag) => read(value, flag) === true);
const isBranded = (choice: WalletChoice) => choice.rdns.length > 0 || choice.names.length > 0 || choice.flags.length > 0;

/** A wallet's error as the port's: a decline, a request already open, or any other failure. */
function walletError(cause: unknown): AuthError {
  const code = read(cause, 'code');
  const message = read(cause, 'message');
  if (code === 4001 || (typeof message === 'string' && /user rejected|rejected the request|user denied/i.test(message))) return authError('wallet_rejected', { cause });
  if (code === -32002) return authError('wallet_request_pending', { cause });
  return authError('wallet_failed', { cause });
}

/**
 * Runs a wallet call against the caller's deadline: an aborted signal answers `timeout` at once
 * (a wallet that never answers keeps nothing waiting), a rejection is {@link walletError}, and
 * anything the call throws is caught. Never rejects.
 */
function asked<T>(work: () => Promise<Result<T>>, options: CallOptions | undefined): Promise<Result<T>> {
  const signal = options?.signal;
  if (signal?.aborted === true) return Promise.resolve(fail(authError('timeout')));
  return new Promise((resolve) => {
    const onAbort = () => resolve(fail(authError('timeout')));
    signal?.addEventListener('abort', onAbort, { once: true });
    Promise.resolve()
      .then(work)
      .then(resolve, (cause: unknown) => resolve(fail(walletError(cause))))
      .finally(() => signal?.removeEventListener('abort', onAbort));
  });
}

/**
 * The injected-wallets port over the page's wallet extensions.
 *
 * - Ethereum: providers announced through EIP-6963 (collected from creation on, and asked for
 *   again before each request); the choice picks the one whose `rdns` or name matches, the
 *   generic choice the first. Without an announcement, `window.ethereum` (or one of its legacy
 *   `providers`) carrying one of the choice's flags (`isMetaMask`), or any for the generic choice.
 *   `eth_requestAccounts`, then `personal_sign` of the message's UTF-8 bytes, hex-encoded.
 * - Solana: `window.phantom.solana` or `window.solana` (`isPhantom` for Phantom); `connect`, then
 *   `signMessage` of the message's bytes, the 64-byte signature base58-encoded.
 *
 * @example
 * const wallets = createInjectedWallets();
 * const account = await wallets.connect({ chain: 'ethereum', rdns: ['io.metamask'], names: ['MetaMask'], flags: ['isMetaMask'] });
 */
export function createInjectedWallets(win: InjectedWalletsWindow = globalThis as unknown as InjectedWalletsWindow): InjectedWalletsPort {
  const announced = new Map<string, Announced>();
  win.addEventListener(ANNOUNCE, (event) => {
    const detail = read(event, 'detail');
    const info = read(detail, 'info');
    const provider = read(detail, 'provider');
    const uuid = read(info, 'uuid');
    const name = read(info, 'name');
    const rdns = read(info, 'rdns');
    // A malformed announcement is ignored, never trusted in part.
    if (!isText(uuid) || !isText(name) || !isText(rdns) || !isEip1193(provider)) return;
    announced.set(uuid, { uuid, name, rdns, provider });
  });
  const requestAnnouncements = () => {
    try {
      win.dispatchEvent(new Event(REQUEST));
    } catch {
      // A listener that throws is the wallet's problem; the announcements made still count.
    }
  };
  requestAnnouncements();

  function ethereumProvider(choice: WalletChoice): Eip1193Provider | null {
    requestAnnouncements();
    const all = [...announced.values()];
    const names = choice.names.map((name) => name.toLowerCase());
    const match = isBranded(choice) ? all.find((wallet) => choice.rdns.includes(wallet.rdns) || names.includes(wallet.name.toLowerCase())) : all[0];
    if (match !== undefined) return match.provider;
    const injected = read(win, 'ethereum');
    const legacy = read(injected, 'providers');
    const candidates: unknown[] = [...(Array.isArray(legacy) ? (legacy as unknown[]) : []), injected];
    if (choice.flags.includes('isBinance')) candidates.push(read(win, 'BinanceChain'));
    // A wallet that announced itself as another one is not taken by a legacy flag: several set
    // `isMetaMask` on `window.ethereum` (Rabby, for one) while announcing their own name.
    const announcedElse = new Set(all.map((wallet) => wallet.provider));
    const found = candidates.find((candidate) => isEip1193(candidate) && (!isBranded(choice) || (hasFlag(candidate, choice.flags) && !announcedElse.has(candidate))));
    return isEip1193(found) ? found : null;
  }

  function solanaProvider(choice: WalletChoice): SolanaProvider | null {
    const candidates = [read(read(win, 'phantom'), 'solana'), read(win, 'solana')];
    const found = candidates.find((candidate) => isSolana(candidate) && (!isBranded(choice) || hasFlag(candidate, choice.flags)));
    return isSolana(found) ? found : null;
  }

  const notFound = (): Result<never> => fail(authError('wallet_not_found'));
  // The wallet that answered a choice's account request signs for it too, even if another wallet
  // announced itself in between (it holds the key of the address it gave).
  const connected = new WeakMap<WalletChoice, Eip1193Provider | SolanaProvider>();

  return {
    connect: (choice, options) =>
      asked(async (): Promise<Result<{ readonly address: unknown }>> => {
        if (choice.chain === 'solana') {
          const provider = solanaProvider(choice);
          if (provider === null) return notFound();
          connected.set(choice, provider);
          const answer = await provider.connect();
          const publicKey = read(answer, 'publicKey') ?? read(provider, 'publicKey');
          const toBase58 = read(publicKey, 'toBase58');
          // The account as the wallet gives it; the core checks it is a Solana address.
          return ok({ address: typeof toBase58 === 'function' ? (toBase58 as () => unknown).call(publicKey) : publicKey });
        }
        const provider = ethereumProvider(choice);
        if (provider === null) return notFound();
        connected.set(choice, provider);
        const accounts = await provider.request({ method: 'eth_requestAccounts' });
        if (!Array.isArray(accounts)) return fail(authError('wallet_failed'));
        return ok({ address: (accounts as readonly unknown[])[0] });
      }, options),

    signMessage: (choice, address, message, options) =>
      asked(async (): Promise<Result<{ readonly signature: unknown }>> => {
        const bytes = new TextEncoder().encode(message);
        const used = connected.get(choice);
        if (choice.chain === 'solana') {
          const provider = used !== undefined && isSolana(used) ? used : solanaProvider(choice);
          if (provider === null) return notFound();
          const answer = await provider.signMessage(bytes, 'utf8');
          const signature = answer instanceof Uint8Array ? answer : read(answer, 'signature');
          // Stytch takes the raw 64-byte ed25519 signature, base58-encoded.
          if (!(signature instanceof Uint8Array) || signature.length !== 64) return fail(authError('wallet_failed'));
          return ok({ signature: base58.encode(signature) });
        }
        const provider = used !== undefined && isEip1193(used) ? used : ethereumProvider(choice);
        if (provider === null) return notFound();
        // EIP-1193 `personal_sign`: the data as hex (a plain string is ambiguous for a challenge that looks like hex), then the account.
        return ok({ signature: await provider.request({ method: 'personal_sign', params: [`0x${hex.encode(bytes)}`, address] }) });
      }, options),

    downloadPages: () =>
      Promise.resolve(
        DOWNLOAD_PAGES.flatMap(({ href, ...page }) => {
          const url = toProviderUrl(href);
          return url === null ? [] : [{ ...page, url }];
        }),
      ),
  };
}
