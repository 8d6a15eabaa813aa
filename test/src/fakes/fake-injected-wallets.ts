import { authError, fail, ok, toProviderUrl, type AuthError, type CallOptions, type InjectedWalletsPort, type ProviderUrl, type Result, type WalletChoice, type WalletDownloadPage } from '@vestibule/core';
import { base58 } from '@scure/base';
import { TestEthereumWallet, TestSolanaWallet } from '../sandbox/test-wallets';

const url = (href: string): ProviderUrl => {
  const minted = toProviderUrl(href);
  if (minted === null) throw new Error(`not a provider URL: ${href}`);
  return minted;
};

/** The set-up screen's four pages as the browser adapter lists them (three Ethereum-style, one multi-chain). */
export const FAKE_WALLET_DOWNLOAD_PAGES: readonly WalletDownloadPage[] = [
  { name: 'MetaMask', kind: 'ethereum', url: url('https://metamask.io/download/') },
  { name: 'Coinbase Wallet', kind: 'ethereum', url: url('https://www.coinbase.com/wallet/downloads') },
  { name: 'Binance Wallet', kind: 'ethereum', url: url('https://www.binance.com/en/web3wallet') },
  { name: 'Phantom', kind: 'multichain', url: url('https://phantom.com/download') },
];

/** A wallet's next answer other than its normal one. */
export type FakeWalletAnswer =
  | { readonly fails: AuthError }
  /** Never answers: only the caller's abort ends it (as `timeout`, as the browser adapter answers). */
  | { readonly hangs: true }
  /** Answers this value (an address or a signature, untrusted). */
  | { readonly value: unknown };

/**
 * The visitor's wallet extensions, in memory: one Ethereum and one Solana wallet by default, each
 * holding a real private key (`TestEthereumWallet`, `TestSolanaWallet`), so what they sign
 * verifies at the fake provider and the sandbox alike. `installed` says which chains have a
 * wallet (none: `wallet_not_found`); `nextConnect`/`nextSign` script the next answers (a decline,
 * a hang, a hostile value); `calls` records every request.
 *
 * @example
 * const wallets = new FakeInjectedWallets();
 * wallets.nextSign({ fails: authError('wallet_rejected') }); // the visitor declines once
 */
export class FakeInjectedWallets implements InjectedWalletsPort {
  readonly ethereum: TestEthereumWallet;
  readonly solana: TestSolanaWallet;
  installed: { ethereum: boolean; solana: boolean } = { ethereum: true, solana: true };
  readonly calls: Array<{ readonly method: 'connect' | 'signMessage'; readonly choice: WalletChoice; readonly message?: string }> = [];
  private readonly next: { connect: FakeWalletAnswer[]; sign: FakeWalletAnswer[] } = { connect: [], sign: [] };

  constructor(keys: { readonly ethereum?: TestEthereumWallet; readonly solana?: TestSolanaWallet } = {}) {
    this.ethereum = keys.ethereum ?? new TestEthereumWallet();
    this.solana = keys.solana ?? new TestSolanaWallet();
  }

  nextConnect(answer: FakeWalletAnswer): void {
    this.next.connect.push(answer);
  }

  nextSign(answer: FakeWalletAnswer): void {
    this.next.sign.push(answer);
  }

  connect(choice: WalletChoice, options?: CallOptions): Promise<Result<{ readonly address: unknown }>> {
    this.calls.push({ method: 'connect', choice });
    return this.answer('connect', choice, options, () => ({ address: choice.chain === 'solana' ? this.solana.address : this.ethereum.address }));
  }

  signMessage(choice: WalletChoice, _address: string, message: string, options?: CallOptions): Promise<Result<{ readonly signature: unknown }>> {
    this.calls.push({ method: 'signMessage', choice, message });
    return this.answer('sign', choice, options, () => ({
      signature: choice.chain === 'solana' ? base58.encode(this.solana.signMessage(new TextEncoder().encode(message))) : this.ethereum.personalSign(message),
    }));
  }

  downloadPages(): Promise<readonly WalletDownloadPage[]> {
    return Promise.resolve(FAKE_WALLET_DOWNLOAD_PAGES);
  }

  private answer<K extends 'address' | 'signature'>(kind: 'connect' | 'sign', choice: WalletChoice, options: CallOptions | undefined, normal: () => Record<K, unknown>): Promise<Result<Record<K, unknown>>> {
    if (!this.installed[choice.chain]) return Promise.resolve(fail(authError('wallet_not_found')));
    const scripted = this.next[kind].shift();
    if (scripted === undefined) return Promise.resolve(ok(normal()));
    if ('fails' in scripted) return Promise.resolve(fail(scripted.fails));
    if ('value' in scripted) return Promise.resolve(ok({ [kind === 'connect' ? 'address' : 'signature']: scripted.value } as Record<K, unknown>));
    return new Promise((resolve) => options?.signal?.addEventListener('abort', () => resolve(fail(authError('timeout'))), { once: true }));
  }
}
