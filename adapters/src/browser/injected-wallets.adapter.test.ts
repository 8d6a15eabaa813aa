// @vitest-environment jsdom
import type { WalletChoice } from '@vestibule/core';
import { TestEthereumWallet, TestSolanaWallet } from '@vestibule/test/sandbox/test-wallets';
import { base58, hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { verifyWalletSignature } from '@vestibule/test/sandbox/crypto-wallets';
import { createInjectedWallets, type InjectedWalletsWindow } from './injected-wallets.adapter';

// The browser side of wallet sign-in, over providers a page's wallet extensions inject: found by
// EIP-6963 announcement or the older globals, asked for an account and a signature, and read as
// untrusted (a decline, a request already open, junk, a wallet that never answers).

const METAMASK: WalletChoice = { chain: 'ethereum', rdns: ['io.metamask'], names: ['MetaMask'], flags: ['isMetaMask'] };
const COINBASE: WalletChoice = { chain: 'ethereum', rdns: ['com.coinbase.wallet'], names: ['Coinbase Wallet'], flags: ['isCoinbaseWallet'] };
const ANY_ETHEREUM: WalletChoice = { chain: 'ethereum', rdns: [], names: [], flags: [] };
const PHANTOM: WalletChoice = { chain: 'solana', rdns: ['app.phantom'], names: ['Phantom'], flags: ['isPhantom'] };
const ANY_SOLANA: WalletChoice = { chain: 'solana', rdns: [], names: [], flags: [] };
const CHALLENGE = 'localhost wants you to sign in. Nonce: 7d1e — né à Zürich';

type Request = { readonly method: string; readonly params?: readonly unknown[] };

/** An EIP-1193 wallet holding a real key; `answer` may replace its answers. */
function ethereumWallet(key = new TestEthereumWallet(), answer?: (request: Request) => Promise<unknown>) {
  const requests: Request[] = [];
  const provider = {
    isMetaMask: false,
    request: (request: Request) => {
      requests.push(request);
      if (answer) return answer(request);
      if (request.method === 'eth_requestAccounts') return Promise.resolve([key.address.toLowerCase()]);
      if (request.method === 'personal_sign') {
        const data = String(request.params?.[0]);
        return Promise.resolve(key.personalSign(new TextDecoder().decode(hex.decode(data.slice(2)))));
      }
      return Promise.reject(Object.assign(new Error('unsupported'), { code: 4200 }));
    },
  };
  return { key, provider, requests };
}

/** A page whose wallets announce themselves through EIP-6963 when asked (and once at start). */
function pageWith(announcements: ReadonlyArray<{ readonly name: string; readonly rdns: string; readonly provider: unknown }>, globals: Record<string, unknown> = {}): InjectedWalletsWindow & Record<string, unknown> {
  const target = new EventTarget();
  target.addEventListener('eip6963:requestProvider', () => {
    announcements.forEach((wallet, index) =>
      target.dispatchEvent(Object.assign(new Event('eip6963:announceProvider'), { detail: { info: { uuid: `uuid-${index}`, name: wallet.name, rdns: wallet.rdns, icon: 'data:image/svg+xml,' }, provider: wallet.provider } })),
    );
  });
  return Object.assign(target, globals);
}

const abortable = () => {
  const controller = new AbortController();
  return { controller, options: { signal: controller.signal } };
};

describe('Ethereum wallets (EIP-1193)', () => {
  it('asks the wallet announced by the chosen rdns or name, and its signature verifies for the challenge', async () => {
    const metamask = ethereumWallet();
    const coinbase = ethereumWallet();
    const wallets = createInjectedWallets(pageWith([{ name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet', provider: coinbase.provider }, { name: 'MetaMask', rdns: 'io.metamask', provider: metamask.provider }]));
    const account = await wallets.connect(METAMASK);
    expect(account).toEqual({ ok: true, value: { address: metamask.key.address.toLowerCase() } });
    const signed = await wallets.signMessage(METAMASK, metamask.key.address, CHALLENGE);
    expect(signed.ok && verifyWalletSignature('ethereum', metamask.key.address, CHALLENGE, signed.value.signature as string)).toBe(true);
    // personal_sign of the challenge's UTF-8 bytes, hex-encoded, then the account.
    expect(metamask.requests.at(-1)).toEqual({ method: 'personal_sign', params: [`0x${hex.encode(new TextEncoder().encode(CHALLENGE))}`, metamask.key.address] });
    expect(coinbase.requests).toEqual([]);
    // By name when the rdns is not the one listed.
    const byName = createInjectedWallets(pageWith([{ name: 'coinbase wallet', rdns: 'com.example.other', provider: coinbase.provider }]));
    expect((await byName.connect(COINBASE)).ok).toBe(true);
  });

  it('has the wallet that gave the account sign for it, though another announced itself in between', async () => {
    const first = ethereumWallet();
    const later = ethereumWallet();
    const announcements = [{ name: 'Frame', rdns: 'sh.frame', provider: first.provider }];
    const page = pageWith(announcements);
    const wallets = createInjectedWallets(page);
    await wallets.connect(ANY_ETHEREUM);
    announcements.unshift({ name: 'Rabby Wallet', rdns: 'io.rabby', provider: later.provider });
    const signed = await wallets.signMessage(ANY_ETHEREUM, first.key.address, CHALLENGE);
    expect(signed.ok && verifyWalletSignature('ethereum', first.key.address, CHALLENGE, signed.value.signature as string)).toBe(true);
    expect(later.requests).toEqual([]);
  });

  it('takes the first announced wallet for "another Ethereum wallet"', async () => {
    const first = ethereumWallet();
    const wallets = createInjectedWallets(pageWith([{ name: 'Rabby', rdns: 'io.rabby', provider: first.provider }, { name: 'MetaMask', rdns: 'io.metamask', provider: ethereumWallet().provider }]));
    expect(await wallets.connect(ANY_ETHEREUM)).toEqual({ ok: true, value: { address: first.key.address.toLowerCase() } });
  });

  it('falls back to window.ethereum, or one of its legacy providers, carrying the choice\'s flag', async () => {
    const metamask = ethereumWallet();
    const coinbase = ethereumWallet();
    const legacy = pageWith([], { ethereum: { ...metamask.provider, isMetaMask: true, providers: [{ ...coinbase.provider, isCoinbaseWallet: true }, { ...metamask.provider, isMetaMask: true }] } });
    const wallets = createInjectedWallets(legacy);
    expect(await wallets.connect(COINBASE)).toEqual({ ok: true, value: { address: coinbase.key.address.toLowerCase() } });
    expect(await wallets.connect(METAMASK)).toEqual({ ok: true, value: { address: metamask.key.address.toLowerCase() } });
    const plain = createInjectedWallets(pageWith([], { ethereum: metamask.provider }));
    expect((await plain.connect(ANY_ETHEREUM)).ok).toBe(true);
    expect(await plain.connect(METAMASK)).toMatchObject({ ok: false, error: { code: 'wallet_not_found' } });
  });

  it('does not take a wallet that announced itself as another one for MetaMask, though it sets isMetaMask', async () => {
    const rabby = ethereumWallet();
    const provider = { ...rabby.provider, isMetaMask: true };
    const wallets = createInjectedWallets(pageWith([{ name: 'Rabby Wallet', rdns: 'io.rabby', provider }], { ethereum: provider }));
    expect(await wallets.connect(METAMASK)).toMatchObject({ ok: false, error: { code: 'wallet_not_found' } });
    expect((await wallets.connect(ANY_ETHEREUM)).ok).toBe(true);
  });

  it('says no wallet is installed when none is announced or injected, or only malformed ones', async () => {
    expect(await createInjectedWallets(pageWith([])).connect(METAMASK)).toMatchObject({ ok: false, error: { code: 'wallet_not_found' } });
    const malformed = pageWith([{ name: '', rdns: 'io.metamask', provider: ethereumWallet().provider }, { name: 'MetaMask', rdns: 'io.metamask', provider: { request: 'not a function' } }, { name: 'x'.repeat(10_000), rdns: 'io.metamask', provider: ethereumWallet().provider }]);
    expect(await createInjectedWallets(malformed).connect(METAMASK)).toMatchObject({ ok: false, error: { code: 'wallet_not_found' } });
  });

  it.each([
    ['a decline (4001)', () => ({ code: 4001, message: 'User rejected the request.' }), 'wallet_rejected'],
    ['a request already open (-32002)', () => ({ code: -32002, message: 'Already processing eth_requestAccounts.' }), 'wallet_request_pending'],
    ['any other error', () => ({ code: -32603, message: 'Internal error' }), 'wallet_failed'],
    ['a thrown string', () => 'boom', 'wallet_failed'],
    ['an error whose code getter throws', () => Object.defineProperty({}, 'code', { get: () => { throw new Error('hostile'); } }), 'wallet_failed'],
  ])('reads %s as %s', async (_name, thrown, code) => {
    const wallet = ethereumWallet(undefined, () => Promise.reject(thrown()));
    const wallets = createInjectedWallets(pageWith([{ name: 'MetaMask', rdns: 'io.metamask', provider: wallet.provider }]));
    expect(await wallets.connect(METAMASK)).toMatchObject({ ok: false, error: { code } });
    expect(await wallets.signMessage(METAMASK, '0x0', CHALLENGE)).toMatchObject({ ok: false, error: { code } });
  });

  it('passes whatever the wallet answers on as untrusted (the core checks it), and refuses an answer that is not a list of accounts', async () => {
    const long = `0x${'a'.repeat(9_998)}`;
    const answers: unknown[] = [[long], ['<img src=x onerror=alert(1)>'], [42]];
    for (const accounts of answers) {
      const wallets = createInjectedWallets(pageWith([{ name: 'MetaMask', rdns: 'io.metamask', provider: ethereumWallet(undefined, () => Promise.resolve(accounts)).provider }]));
      expect(await wallets.connect(METAMASK)).toEqual({ ok: true, value: { address: (accounts as unknown[])[0] } });
    }
    const junk = createInjectedWallets(pageWith([{ name: 'MetaMask', rdns: 'io.metamask', provider: ethereumWallet(undefined, () => Promise.resolve('0xabc')).provider }]));
    expect(await junk.connect(METAMASK)).toMatchObject({ ok: false, error: { code: 'wallet_failed' } });
  });

  it('answers timeout as soon as the caller gives up on a wallet that never answers', async () => {
    const wallets = createInjectedWallets(pageWith([{ name: 'MetaMask', rdns: 'io.metamask', provider: ethereumWallet(undefined, () => new Promise(() => undefined)).provider }]));
    const { controller, options } = abortable();
    const pending = wallets.connect(METAMASK, options);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(await wallets.connect(METAMASK, options)).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });
});

describe('Solana wallets (Phantom-style)', () => {
  function phantom(key = new TestSolanaWallet(), overrides: Record<string, unknown> = {}) {
    return { isPhantom: true, connect: () => Promise.resolve({ publicKey: { toBase58: () => key.address } }), signMessage: (bytes: Uint8Array) => Promise.resolve({ signature: key.signMessage(bytes) }), ...overrides };
  }

  it('connects and signs the challenge bytes, the signature base58-encoded and verifying for the address', async () => {
    const key = new TestSolanaWallet();
    const wallets = createInjectedWallets(pageWith([], { phantom: { solana: phantom(key) } }));
    expect(await wallets.connect(PHANTOM)).toEqual({ ok: true, value: { address: key.address } });
    const signed = await wallets.signMessage(PHANTOM, key.address, CHALLENGE);
    expect(signed.ok && base58.decode(signed.value.signature as string)).toHaveLength(64);
    expect(signed.ok && verifyWalletSignature('solana', key.address, CHALLENGE, signed.value.signature as string)).toBe(true);
  });

  it('finds window.solana for "another Solana wallet", and Phantom only where it says it is', async () => {
    const key = new TestSolanaWallet();
    const other = createInjectedWallets(pageWith([], { solana: phantom(key, { isPhantom: false }) }));
    expect(await other.connect(ANY_SOLANA)).toEqual({ ok: true, value: { address: key.address } });
    expect(await other.connect(PHANTOM)).toMatchObject({ ok: false, error: { code: 'wallet_not_found' } });
    expect(await createInjectedWallets(pageWith([])).connect(ANY_SOLANA)).toMatchObject({ ok: false, error: { code: 'wallet_not_found' } });
  });

  it('reads a decline as wallet_rejected and a signature of the wrong length as wallet_failed', async () => {
    const declining = createInjectedWallets(pageWith([], { solana: phantom(undefined, { signMessage: () => Promise.reject({ code: 4001, message: 'User rejected the request.' }) }) }));
    expect(await declining.signMessage(PHANTOM, 'x', CHALLENGE)).toMatchObject({ ok: false, error: { code: 'wallet_rejected' } });
    for (const answer of [{ signature: new Uint8Array(10) }, { signature: 'base58?' }, null]) {
      const junk = createInjectedWallets(pageWith([], { solana: phantom(undefined, { signMessage: () => Promise.resolve(answer) }) }));
      expect(await junk.signMessage(PHANTOM, 'x', CHALLENGE)).toMatchObject({ ok: false, error: { code: 'wallet_failed' } });
    }
  });
});

describe('download pages', () => {
  it('lists three Ethereum-style wallets and one multi-chain, each an https URL the page may leave for', async () => {
    const pages = await createInjectedWallets(pageWith([])).downloadPages();
    expect(pages.map((page) => [page.name, page.kind])).toEqual([
      ['MetaMask', 'ethereum'],
      ['Coinbase Wallet', 'ethereum'],
      ['Binance Wallet', 'ethereum'],
      ['Phantom', 'multichain'],
    ]);
    expect(pages.every((page) => page.url.startsWith('https://'))).toBe(true);
  });
});
