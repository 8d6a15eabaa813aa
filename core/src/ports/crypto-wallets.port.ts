import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';
import type { ProviderSession } from './session.port';

/**
 * SPEC §3: Phantom and generic Solana wallets are 'solana'; all others 'ethereum'.
 * @public Named by the adapters implementing {@link CryptoWalletsPort} and the injected-wallets port.
 */
export type ChainType = 'ethereum' | 'solana';

/** Crypto-wallet sign-in at the provider (SPEC §7 "cryptoWallets"). */
export interface CryptoWalletsPort {
  /** Resolves with the challenge the wallet must sign. */
  authenticateStart(address: string, chain: ChainType, options?: CallOptions): Promise<Result<{ readonly challenge: string }>>;
  authenticate(
    request: { readonly address: string; readonly chain: ChainType; readonly signature: string; readonly sessionDurationMinutes: number },
    options?: CallOptions,
  ): Promise<Result<ProviderSession>>;
}
