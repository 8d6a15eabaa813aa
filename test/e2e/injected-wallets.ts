import type { Page } from '@playwright/test';
import { hex } from '@scure/base';
import { TestEthereumWallet, TestSolanaWallet } from '../src/sandbox/test-wallets';

// Wallet extensions for the browser tests, each holding a real private key: the provider object a
// wallet injects is defined in the page before its scripts run, and it asks this test process to
// sign (an exposed binding), so the key never enters the page and the sandbox verifies a real
// signature. One page may hold several wallets, as a browser with several extensions does.

/**
 * How the wallet answers the signature request: signs; declines the first request (EIP-1193
 * 4001) and signs later ones; signs, then corrupts one byte; or never answers.
 */
export type WalletBehaviour = 'sign' | 'reject-once' | 'corrupt' | 'hang';

type Answer = { readonly result: unknown } | { readonly error: { readonly code: number; readonly message: string } } | { readonly hang: true };

let installed = 0;

/** Decides the signature request's answer; `sign` signs the exact bytes the page asked for. */
function signer(behaviour: WalletBehaviour, sign: () => string | number[]): () => Answer {
  let requests = 0;
  return () => {
    requests += 1;
    if (behaviour === 'hang') return { hang: true };
    if (behaviour === 'reject-once' && requests === 1) return { error: { code: 4001, message: 'User rejected the request.' } };
    const signature = sign();
    if (behaviour !== 'corrupt') return { result: signature };
    // One byte of r changed: well formed, but not this key's signature of the challenge.
    if (typeof signature === 'string') return { result: `${signature.slice(0, 10)}${signature[10] === 'a' ? 'b' : 'a'}${signature.slice(11)}` };
    return { result: signature.map((byte, index) => (index === 5 ? byte ^ 0xff : byte)) };
  };
}

/**
 * An EIP-1193 wallet in the page: announced through EIP-6963 (at start, and on every
 * `eip6963:requestProvider`), or set as `window.ethereum` the older way, with `flags` such as
 * `isMetaMask`. Resolves with its key (its address is what the page will sign in as).
 */
export async function installEthereumWallet(
  page: Page,
  options: {
    readonly name: string;
    readonly rdns: string;
    readonly announce?: 'eip6963' | 'window.ethereum';
    readonly flags?: readonly string[];
    readonly behaviour?: WalletBehaviour;
    readonly key?: TestEthereumWallet;
  },
): Promise<TestEthereumWallet> {
  const key = options.key ?? new TestEthereumWallet();
  const binding = `__vestibuleTestWallet${installed++}`;
  // The data of the signature request being answered: the challenge's UTF-8 bytes, hex-encoded.
  let pendingData: unknown = '';
  const sign = signer(options.behaviour ?? 'sign', () => key.personalSign(new TextDecoder().decode(hex.decode(String(pendingData).slice(2)))));
  await page.exposeFunction(binding, (method: string, params: readonly unknown[]): Answer => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { result: [key.address] };
    if (method === 'eth_chainId') return { result: '0x1' };
    if (method === 'personal_sign') {
      pendingData = params[0];
      return sign();
    }
    return { error: { code: 4200, message: `The test wallet does not support ${method}.` } };
  });
  await page.addInitScript(
    ({ binding, name, rdns, announce, flags }) => {
      const call = (window as unknown as Record<string, (method: string, params: readonly unknown[]) => Promise<Answer>>)[binding];
      const provider: Record<string, unknown> = {
        request: async ({ method, params }: { method: string; params?: readonly unknown[] }) => {
          const answer = await call?.(method, params ?? []);
          if (answer === undefined || 'hang' in answer) return new Promise(() => undefined);
          if ('error' in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          return answer.result;
        },
      };
      for (const flag of flags) provider[flag] = true;
      if (announce === 'window.ethereum') {
        (window as unknown as { ethereum: unknown }).ethereum = provider;
        return;
      }
      const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), name, rdns, icon: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E' }), provider });
      const announceProvider = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announceProvider);
      announceProvider();
    },
    { binding, name: options.name, rdns: options.rdns, announce: options.announce ?? 'eip6963', flags: [...(options.flags ?? [])] },
  );
  return key;
}

/** A Phantom-style Solana wallet in the page (`window.phantom.solana` and `window.solana`, `isPhantom`). */
export async function installSolanaWallet(page: Page, options: { readonly behaviour?: WalletBehaviour; readonly key?: TestSolanaWallet } = {}): Promise<TestSolanaWallet> {
  const key = options.key ?? new TestSolanaWallet();
  const binding = `__vestibuleTestWallet${installed++}`;
  let pending: number[] = [];
  const sign = signer(options.behaviour ?? 'sign', () => [...key.signMessage(Uint8Array.from(pending))]);
  await page.exposeFunction(binding, (bytes: number[]): Answer => {
    pending = bytes;
    return sign();
  });
  await page.addInitScript(
    ({ binding, address }) => {
      const call = (window as unknown as Record<string, (bytes: number[]) => Promise<Answer>>)[binding];
      const publicKey = Object.freeze({ toBase58: () => address, toString: () => address });
      const provider = {
        isPhantom: true,
        publicKey: null as unknown,
        connect: async () => {
          provider.publicKey = publicKey;
          return { publicKey };
        },
        signMessage: async (message: Uint8Array) => {
          const answer = await call?.([...message]);
          if (answer === undefined || 'hang' in answer) return new Promise(() => undefined);
          if ('error' in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          return { signature: Uint8Array.from(answer.result as number[]), publicKey };
        },
      };
      Object.assign(window, { phantom: { solana: provider }, solana: provider });
    },
    { binding, address: key.address },
  );
  return key;
}

