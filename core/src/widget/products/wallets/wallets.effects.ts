import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, type AuthError, type Result } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import type { Stream } from '../../../flows/stream';
import type { WalletsEffect, WalletsEvent } from './wallets.types';

/**
 * What the visitor reads until this product calls its port: a provider failure, whose text the
 * machine shows as it is (an `unexpected` error would show only the generic message).
 */
const NOT_WIRED = authError('provider_error', {
  providerType: 'not_wired',
  serverMessage: 'Signing in with a crypto wallet is not wired yet: its effect does not call the cryptoWallets port (core/src/widget/products/wallets/wallets.effects.ts).',
});

/** Runs wallets effects against the ports this product uses (`host.ports.cryptoWallets`) and no others. */
export function interpretWalletsEffect(_effect: WalletsEffect, host: AuthCoreHost): Stream<WalletsEvent> {
  return providerCall(
    host,
    // Not wired yet: call the cryptoWallets port here, e.g. host.ports.cryptoWallets.authenticateStart(…, options).
    // It needs the visitor's wallet address and signature: a browser port for EIP-1193 and Solana wallets, which does not exist yet.
    (): Promise<Result<never>> => Promise.resolve(fail(NOT_WIRED)),
    // Nothing can succeed before the call is written (its value is `never`).
    (result): WalletsEvent => (result.ok ? result.value : { type: 'failed', error: result.error }),
  );
}

/** An effect that failed outside the product's own handling (its interpreter threw) ends the call like any failure. */
export function walletsEffectFailure(_effect: WalletsEffect, error: AuthError): WalletsEvent {
  return { type: 'failed', error };
}
