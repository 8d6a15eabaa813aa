import { fail, ok, providerError, type AuthError, type AuthUser, type CallOptions, type ChainType, type CryptoWalletsPort, type ProviderSession, type Result } from '@vestibule/core';
import { canonicalAddress, verifyWalletSignature } from '../sandbox/crypto-wallets';
import { CallScript } from './call-script';
import { type FakeSession, sessionFor } from './fake-session';

/** A start request as the port received it. */
export interface FakeWalletStartRequest {
  readonly address: string;
  readonly chain: ChainType;
}

/** A sign-in request as the port received it. */
export interface FakeWalletAuthenticateRequest extends FakeWalletStartRequest {
  readonly signature: string;
  readonly sessionDurationMinutes: number;
}

/** A challenge handed out: one per wallet, spent by the first sign-in that names the wallet. */
interface FakeChallenge {
  readonly address: string;
  readonly message: string;
  spent: boolean;
}

const failure = (type: string, status: number, message: string): AuthError => providerError(type, { status, serverMessage: message });
const invalidAddress = (chain: ChainType): AuthError => failure('invalid_crypto_wallet_address', 400, `crypto_wallet_address must be an ${chain} address.`);
const notFound = (): AuthError => failure('crypto_wallet_not_found', 404, 'No sign-in was started for this crypto wallet: call crypto_wallets/authenticate/start first.');
const unableToAuth = (why: string): AuthError => failure('unable_to_authenticate_crypto_wallet', 401, `The crypto wallet could not be authenticated: ${why}`);

/** One wallet, whatever the case of an Ethereum address (Solana's base58 is case-sensitive). */
const walletKey = (chain: ChainType, address: string): string => `${chain}:${chain === 'ethereum' ? address.toLowerCase() : address}`;

/**
 * Crypto wallets as an in-memory provider with the sandbox's rules, signatures verified for real
 * (the sandbox's own checks: Ethereum `personal_sign` by recovering the signer, Solana ed25519 of
 * the challenge, base58), so a test signs with a software wallet from
 * `@vestibule/test/sandbox/test-wallets` as the sandbox tests do.
 *
 * **The provider.** A start hands out a message naming the wallet and a nonce, one per wallet (a
 * new start replaces the one before); an address that is not one of the chain (EIP-55 checksum
 * included) is 400 `invalid_crypto_wallet_address`. A sign-in for a wallet without a start is 404
 * `crypto_wallet_not_found`; its first sign-in spends the challenge whatever the outcome, so a
 * wrong signature, a second use, or a challenge {@link expireChallenges} expired is 401
 * `unable_to_authenticate_crypto_wallet`. Signed out, a verified sign-in signs in on the linked
 * {@link FakeSession}: the wallet's user, or a new one without e-mail holding the wallet
 * (`user.cryptoWallet`, the address checksummed as the sandbox stores it). Signed in, the wallet
 * joins the signed-in user (409 `duplicate_wallet_address` when another user holds it) and the
 * session stays theirs. Users are numbered by the session's directory, keyed by
 * `<chain>:<address>`.
 *
 * **Scripting.** Provider outcomes, per method, consumed in order (a {@link CallScript}): `starts`
 * and `authentications`, each with `failNext(error)`, `resolveNext(result)` and `holdNext()` (a
 * hang until released, or until the caller's signal aborts: then `timeout`). A scripted outcome
 * replaces the whole call: a scripted start hands out no challenge, a scripted sign-in spends none.
 * `startRequests` and `authenticateRequests` record every call; {@link challengeFor} reads the
 * message handed out for a wallet.
 *
 * @example
 * const ports = createFakePorts();
 * const wallet = new TestEthereumWallet();
 * await ports.cryptoWallets.authenticateStart(wallet.address, 'ethereum');
 * const challenge = ports.cryptoWallets.challengeFor(wallet.address, 'ethereum') ?? '';
 * await ports.cryptoWallets.authenticate({ address: wallet.address, chain: 'ethereum', signature: wallet.personalSign(challenge), sessionDurationMinutes: 60 });
 * ports.cryptoWallets.starts.failNext(authError('network_unreachable'));
 * ports.cryptoWallets.authentications.holdNext(); // the sign-in hangs until released or aborted
 */
export class FakeCryptoWallets implements CryptoWalletsPort {
  readonly starts = new CallScript<{ readonly challenge: string }>();
  readonly authentications = new CallScript<ProviderSession>();
  /** Every start request, in order (also the scripted and aborted ones). */
  readonly startRequests: FakeWalletStartRequest[] = [];
  /** Every sign-in request, in order (also the scripted and aborted ones). */
  readonly authenticateRequests: FakeWalletAuthenticateRequest[] = [];

  private readonly challenges = new Map<string, FakeChallenge>();
  /** Which user holds each wallet, by {@link walletKey}. */
  private readonly owners = new Map<string, AuthUser>();
  private nonces = 0;

  /** @param session the provider's session: who is signed in, and where a wallet sign-in signs in */
  constructor(private readonly session: FakeSession) {}

  /** The message handed out for this wallet and not yet spent, if any. */
  challengeFor(address: string, chain: ChainType): string | undefined {
    const challenge = this.challenges.get(walletKey(chain, address));
    return challenge === undefined || challenge.spent ? undefined : challenge.message;
  }

  /** Lets every challenge handed out so far expire (the sandbox's 5 minutes): their sign-ins are refused. */
  expireChallenges(): void {
    for (const challenge of this.challenges.values()) challenge.spent = true;
  }

  authenticateStart(address: string, chain: ChainType, options?: CallOptions): Promise<Result<{ readonly challenge: string }>> {
    this.startRequests.push({ address, chain });
    return this.starts.run(options, () => {
      const canonical = canonicalAddress(chain, address);
      if (canonical === null) return fail(invalidAddress(chain));
      const message = [
        `Fake provider asks you to sign in with your ${chain === 'ethereum' ? 'Ethereum' : 'Solana'} account:`,
        canonical,
        '',
        `Nonce: fake-nonce-${String(++this.nonces).padStart(8, '0')}`,
      ].join('\n');
      this.challenges.set(walletKey(chain, canonical), { address: canonical, message, spent: false });
      return ok({ challenge: message });
    });
  }

  authenticate(request: FakeWalletAuthenticateRequest, options?: CallOptions): Promise<Result<ProviderSession>> {
    const { address, chain, signature, sessionDurationMinutes } = request;
    this.authenticateRequests.push({ address, chain, signature, sessionDurationMinutes });
    return this.authentications.run(options, () => {
      const canonical = canonicalAddress(chain, address);
      if (canonical === null) return fail(invalidAddress(chain));
      const key = walletKey(chain, canonical);
      const challenge = this.challenges.get(key);
      if (challenge === undefined) return fail(notFound());
      if (challenge.spent) return fail(unableToAuth('the challenge was already used or expired; start again for a new one'));
      // Spent by this attempt whatever its outcome, so a refused signature cannot be retried against it.
      challenge.spent = true;
      if (!verifyWalletSignature(chain, challenge.address, challenge.message, signature)) {
        return fail(unableToAuth("the signature is not this wallet's signature of the challenge"));
      }
      return this.signIn(key, { address: challenge.address, chain });
    });
  }

  private signIn(key: string, wallet: NonNullable<AuthUser['cryptoWallet']>): Result<ProviderSession> {
    const owner = this.owners.get(key);
    const current = this.session.session;
    if (current !== null) {
      if (owner !== undefined && owner.userId !== current.user.userId) return fail(failure('duplicate_wallet_address', 409, 'This crypto wallet already belongs to another user.'));
      // The user's first wallet stays the one the session shows.
      const user: AuthUser = { ...current.user, cryptoWallet: current.user.cryptoWallet ?? wallet };
      this.owners.set(key, user);
      const session = { ...current, user };
      this.session.setSession(session);
      return ok(session);
    }
    const base = sessionFor('', this.session.userNumberFor(key));
    const user: AuthUser = owner ?? { ...base.user, email: null, cryptoWallet: wallet };
    this.owners.set(key, user);
    const session = { user, session: base.session };
    this.session.setSession(session);
    return ok(session);
  }
}
