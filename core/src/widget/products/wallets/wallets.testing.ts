import { authError, fail, ok, type AuthError, type Result } from '../../../domain/errors/auth-error';
import type { ChainType, CryptoWalletsPort } from '../../../ports/crypto-wallets.port';
import type { InjectedWalletsPort, WalletChoice, WalletDownloadPage } from '../../../ports/injected-wallets.port';
import type { ProviderSession } from '../../../ports/session.port';
import { scriptedCall } from '../../../testing/provider-faults';
import { providerUrlForTest } from '../../../testing/provider-url-for-test';

// For the wallets product's own tests (core may not import the test package's fakes): a wallet
// and a provider whose answers a test scripts. Their values have the right shapes; the real
// signatures are checked where there is real crypto (the contract suite over the sandbox, and the
// browser tests with wallets holding real keys).

export const ETHEREUM_ADDRESS = '0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1b';
export const SOLANA_ADDRESS = 'BPFLoaderUpgradeab1e11111111111111111111111';
const ETHEREUM_SIGNATURE = `0x${'ab'.repeat(65)}`;
const SOLANA_SIGNATURE = '5'.repeat(87);
export const CHALLENGE = 'shop.example wants you to sign in with your wallet. Nonce: 8f2c';

const WALLET_SESSION: NonNullable<ProviderSession> = {
  user: { userId: 'user-wallet-1', email: null, cryptoWallet: { address: ETHEREUM_ADDRESS, chain: 'ethereum' }, roles: [], untrustedMetadata: {} },
  session: { sessionId: 'session-wallet-1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

/** A wallet's next answer, other than the normal one. */
export type WalletAnswer =
  | { readonly fails: AuthError }
  /** Never answers: only the core's deadline (or the visitor leaving) ends the wait. */
  | { readonly hangs: true }
  /** Answers this value (an address or a signature as the wallet gave it: untrusted). */
  | { readonly value: unknown };

const DOWNLOAD_PAGES: readonly WalletDownloadPage[] = [
  { name: 'MetaMask', kind: 'ethereum', url: providerUrlForTest('https://metamask.io/download/') },
  { name: 'Coinbase Wallet', kind: 'ethereum', url: providerUrlForTest('https://www.coinbase.com/wallet/downloads') },
  { name: 'Binance Wallet', kind: 'ethereum', url: providerUrlForTest('https://www.binance.com/en/web3wallet') },
  { name: 'Phantom', kind: 'multichain', url: providerUrlForTest('https://phantom.com/download') },
];

export function scriptedWallets(options: { readonly installed?: boolean } = {}) {
  let installed = options.installed ?? true;
  const log: string[] = [];
  const aborted: string[] = [];
  const next: { connect: WalletAnswer[]; sign: WalletAnswer[] } = { connect: [], sign: [] };
  const answer = <K extends 'address' | 'signature'>(kind: 'connect' | 'sign', key: K, normal: unknown, signal: WalletCallSignal): Promise<Result<Record<K, unknown>>> => {
    if (!installed) return Promise.resolve(fail(authError('wallet_not_found')));
    const scripted = next[kind].shift();
    if (scripted === undefined) return Promise.resolve(ok({ [key]: normal } as Record<K, unknown>));
    if ('fails' in scripted) return Promise.resolve(fail(scripted.fails));
    if ('value' in scripted) return Promise.resolve(ok({ [key]: scripted.value } as Record<K, unknown>));
    // A hung wallet: only the caller's abort ends it, as the adapter answers an aborted call.
    return new Promise((resolve) => signal?.addEventListener('abort', () => (aborted.push(kind), resolve(fail(authError('timeout')))), { once: true }));
  };
  const addressOf = (choice: WalletChoice): string => (choice.chain === 'solana' ? SOLANA_ADDRESS : ETHEREUM_ADDRESS);
  const wallet: InjectedWalletsPort = {
    connect: (choice, callOptions) => {
      log.push(`connect ${choice.chain} ${choice.names[0] ?? 'any'}`);
      return answer('connect', 'address', addressOf(choice), callOptions?.signal);
    },
    signMessage: (choice, address, message, callOptions) => {
      log.push(`sign ${address} ${message}`);
      return answer('sign', 'signature', choice.chain === 'solana' ? SOLANA_SIGNATURE : ETHEREUM_SIGNATURE, callOptions?.signal);
    },
    downloadPages: () => Promise.resolve(DOWNLOAD_PAGES),
  };
  const start = scriptedCall((address: string, chain: ChainType) => {
    log.push(`start ${chain} ${address}`);
    return { challenge: CHALLENGE };
  });
  const authenticate = scriptedCall((request: { readonly address: string; readonly chain: ChainType; readonly signature: string; readonly sessionDurationMinutes: number }) => {
    log.push(`authenticate ${request.chain} ${request.address} ${request.signature.slice(0, 6)} ${request.sessionDurationMinutes}`);
    return WALLET_SESSION as ProviderSession;
  });
  const provider: CryptoWalletsPort = {
    authenticateStart: (address, chain) => start(address, chain),
    authenticate: (request) => authenticate(request),
  };
  return {
    ports: { injectedWallets: wallet, cryptoWallets: provider },
    log,
    /** Which wallet calls were aborted by the core (its deadline, or the visitor leaving). */
    aborted,
    /** The provider's calls, scripted like any provider call (`failNext`). */
    start,
    authenticate,
    /** Scripts the wallet's next answer to the account request or to the signature request. */
    nextConnect: (next_: WalletAnswer) => void next.connect.push(next_),
    nextSign: (next_: WalletAnswer) => void next.sign.push(next_),
    setInstalled: (value: boolean) => void (installed = value),
    DOWNLOAD_PAGES,
  };
}

type WalletCallSignal = { addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void } | undefined;
