import type { AuthError, ChainType, CryptoWalletsPort, ProviderSession, Result, SessionPort } from '@vestibule/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestEthereumWallet, TestSolanaWallet } from '../src/sandbox/test-wallets';
import type { PortSubject } from './contract-subject';

/** What a crypto wallets contract runs against: the port, and the provider's session on the same client (who is signed in). */
interface CryptoWalletsSubject extends PortSubject<CryptoWalletsPort> {
  readonly session: SessionPort;
}

export type MakeCryptoWalletsSubject = () => CryptoWalletsSubject | Promise<CryptoWalletsSubject>;

type Wallet = TestEthereumWallet | TestSolanaWallet;

const CHAINS: readonly [ChainType, () => Wallet][] = [
  ['ethereum', () => new TestEthereumWallet()],
  ['solana', () => new TestSolanaWallet()],
];

const chainOf = (wallet: Wallet): ChainType => (wallet instanceof TestEthereumWallet ? 'ethereum' : 'solana');
/** What the wallet answers when the page asks it to sign: MetaMask's `personal_sign`, Phantom's `signMessage` in base58. */
const sign = (wallet: Wallet, challenge: string): string => (wallet instanceof TestEthereumWallet ? wallet.personalSign(challenge) : wallet.signChallenge(challenge));

function valueOf<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new Error(`${what} failed: ${result.error.code} ${result.error.providerType ?? ''} ${result.error.serverMessage ?? ''}`);
  return result.value;
}

/** The provider's refusal as the core reads it. */
const refused = (providerType: string, status: number): { ok: false; error: Partial<AuthError> } => ({
  ok: false,
  error: { code: 'provider_error', providerType, status, retryable: false },
});
const UNABLE = ['unable_to_authenticate_crypto_wallet', 401] as const;
const NOT_FOUND = ['crypto_wallet_not_found', 404] as const;
const INVALID_ADDRESS = ['invalid_crypto_wallet_address', 400] as const;

/**
 * What every {@link CryptoWalletsPort} implementation promises (SPEC §7 "cryptoWallets"): a start
 * hands out the message a wallet signs, one per wallet and good once; the wallet's real signature
 * of it signs in, as the wallet's user or a new one holding the wallet; a signed-in user's wallet
 * joins them. Another wallet's signature, a used challenge, a wallet never started and an address
 * that is not one fail with the provider's error types, and leave nobody signed in.
 */
export function describeCryptoWalletsContract(name: string, makeSubject: MakeCryptoWalletsSubject): void {
  describe(`cryptoWallets contract: ${name}`, () => {
    let subject: CryptoWalletsSubject;
    let port: CryptoWalletsPort;
    beforeEach(async () => {
      subject = await makeSubject();
      port = subject.port;
    });
    afterEach(() => subject.dispose());

    const start = async (wallet: Wallet, address = wallet.address): Promise<string> => valueOf(await port.authenticateStart(address, chainOf(wallet)), 'authenticateStart').challenge;
    const authenticate = (wallet: Wallet, signature: string, address = wallet.address): Promise<Result<ProviderSession>> =>
      port.authenticate({ address, chain: chainOf(wallet), signature, sessionDurationMinutes: 60 });
    const signIn = async (wallet: Wallet): Promise<NonNullable<ProviderSession>> => {
      const session = valueOf(await authenticate(wallet, sign(wallet, await start(wallet))), 'authenticate');
      if (session === null) throw new Error('a sign-in answered no session');
      return session;
    };
    const signedIn = async (): Promise<ProviderSession> => valueOf(await subject.session.check(), 'session.check') as ProviderSession;
    const signOut = async (): Promise<void> => {
      valueOf(await subject.session.revoke(), 'session.revoke');
    };

    it.each(CHAINS)('hands out a %s challenge naming the wallet, another one for each start and each wallet', async (_chain, make) => {
      const wallet = make();
      const first = await start(wallet);
      expect(first).toEqual(expect.stringContaining(wallet.address));
      const again = await start(wallet);
      expect(again).not.toBe(first);
      const other = make();
      expect(await start(other)).toEqual(expect.stringContaining(other.address));
      expect(await signedIn()).toBeNull();
    });

    it.each(CHAINS)("signs in with the %s wallet's signature of the challenge: a new user holding the wallet", async (chain, make) => {
      const wallet = make();
      const session = await signIn(wallet);
      expect(session).toEqual({
        user: { userId: expect.stringMatching(/.+/), email: null, cryptoWallet: { address: wallet.address, chain }, roles: [], untrustedMetadata: {} },
        session: { sessionId: expect.stringMatching(/.+/), expiresAt: expect.any(String) },
      });
      expect(await signedIn()).toMatchObject({ user: session.user });
    });

    it("signs the wallet's user in again, and another wallet in as another user", async () => {
      const ada = new TestEthereumWallet();
      const first = await signIn(ada);
      await signOut();
      expect((await signIn(ada)).user.userId).toBe(first.user.userId);
      await signOut();
      expect((await signIn(new TestSolanaWallet())).user.userId).not.toBe(first.user.userId);
    });

    it('takes an all-lower-case Ethereum address, and names the wallet by its checksummed form', async () => {
      const wallet = new TestEthereumWallet();
      const lower = wallet.address.toLowerCase();
      const challenge = await start(wallet, lower);
      const session = valueOf(await authenticate(wallet, sign(wallet, challenge), lower), 'authenticate');
      expect(session?.user.cryptoWallet).toEqual({ address: wallet.address, chain: 'ethereum' });
    });

    it.each(CHAINS)("refuses another %s wallet's signature of the challenge, and a signature that is none", async (_chain, make) => {
      const wallet = make();
      expect(await authenticate(wallet, sign(make(), await start(wallet)))).toMatchObject(refused(...UNABLE));
      await start(wallet);
      expect(await authenticate(wallet, 'not a signature')).toMatchObject(refused(...UNABLE));
      expect(await signedIn()).toBeNull();
    });

    it.each(CHAINS)('refuses a challenge used once (%s), whether its sign-in was refused or worked', async (_chain, make) => {
      const wallet = make();
      const challenge = await start(wallet);
      expect(await authenticate(wallet, 'not a signature')).toMatchObject(refused(...UNABLE));
      expect(await authenticate(wallet, sign(wallet, challenge))).toMatchObject(refused(...UNABLE));
      expect(await signedIn()).toBeNull();

      const signature = sign(wallet, await start(wallet));
      valueOf(await authenticate(wallet, signature), 'authenticate');
      await signOut();
      expect(await authenticate(wallet, signature)).toMatchObject(refused(...UNABLE));
      expect(await signedIn()).toBeNull();
    });

    it('answers not found for a wallet no sign-in was started for', async () => {
      const wallet = new TestSolanaWallet();
      expect(await authenticate(wallet, sign(wallet, 'a message nobody handed out'))).toMatchObject(refused(...NOT_FOUND));
      expect(await signedIn()).toBeNull();
    });

    it("refuses a wallet's signature sent for another address: not found unless started, then not its signature", async () => {
      const ada = new TestEthereumWallet();
      const bob = new TestEthereumWallet();
      const signature = sign(ada, await start(ada));
      expect(await authenticate(ada, signature, bob.address)).toMatchObject(refused(...NOT_FOUND));
      await start(bob);
      expect(await authenticate(ada, signature, bob.address)).toMatchObject(refused(...UNABLE));
      // Ada's challenge is still good: only the wallet a sign-in names spends its challenge.
      expect(await authenticate(ada, signature)).toMatchObject({ ok: true, value: { user: { cryptoWallet: { address: ada.address } } } });
    });

    it('answers invalid_crypto_wallet_address for an address that is not one of the chain, starting or signing in', async () => {
      const ethereum = new TestEthereumWallet();
      const solana = new TestSolanaWallet();
      const notAddresses: readonly [string, ChainType][] = [
        ['0x1234', 'ethereum'],
        // EIP-55's own example with one letter's case changed: its checksum no longer matches.
        ['0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ethereum'],
        [solana.address, 'ethereum'],
        [ethereum.address, 'solana'],
        ['', 'solana'],
      ];
      for (const [address, chain] of notAddresses) {
        expect(await port.authenticateStart(address, chain)).toMatchObject(refused(...INVALID_ADDRESS));
        expect(await port.authenticate({ address, chain, signature: ethereum.personalSign('x'), sessionDurationMinutes: 60 })).toMatchObject(refused(...INVALID_ADDRESS));
      }
      expect(await signedIn()).toBeNull();
    });

    it("adds a signed-in user's new wallet to them, and refuses one another user holds", async () => {
      const ada = await signIn(new TestEthereumWallet());
      const second = new TestSolanaWallet();
      // The session stays Ada's, showing her first wallet.
      expect(await signIn(second)).toEqual({ user: ada.user, session: expect.objectContaining({ sessionId: ada.session.sessionId }) });
      await signOut();
      expect((await signIn(second)).user.userId).toBe(ada.user.userId);
      await signOut();

      const bob = await signIn(new TestEthereumWallet());
      expect(await authenticate(second, sign(second, await start(second)))).toMatchObject(refused('duplicate_wallet_address', 409));
      expect(await signedIn()).toMatchObject({ user: { userId: bob.user.userId } });
    });

    it('answers timeout, never signing in, when the signal has aborted', async () => {
      const wallet = new TestEthereumWallet();
      const controller = new AbortController();
      controller.abort();
      expect(await port.authenticateStart(wallet.address, 'ethereum', { signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'timeout', retryable: true } });
      const signature = sign(wallet, await start(wallet));
      expect(await port.authenticate({ address: wallet.address, chain: 'ethereum', signature, sessionDurationMinutes: 60 }, { signal: controller.signal })).toMatchObject({
        ok: false,
        error: { code: 'timeout' },
      });
      expect(await signedIn()).toBeNull();
    });
  });
}
