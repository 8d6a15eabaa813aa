import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, type AuthError } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import { NO_EVENTS, stream, type Stream } from '../../../flows/stream';
import { walletOption } from './wallet-options';
import { WALLET_ANSWER_TIMEOUT_MS } from './wallets.machine';
import type { WalletsEffect, WalletsEvent } from './wallets.types';

const failed = (error: AuthError): WalletsEvent => ({ type: 'failed', error });

/**
 * Runs the wallets product's effects: the wallet's side through the injected-wallets port (with
 * the wallet's longer deadline), the provider's through the cryptoWallets port (with a provider
 * call's), and the set-up screen's way out through navigation. Each answers exactly once.
 */
export function interpretWalletsEffect(effect: WalletsEffect, host: AuthCoreHost): Stream<WalletsEvent> {
  const { injectedWallets, cryptoWallets } = host.ports;
  switch (effect.type) {
    case 'connectWallet': {
      const choice = walletOption(effect.option);
      return providerCall(
        host,
        (options) => (injectedWallets && choice ? injectedWallets.connect(choice, options) : Promise.resolve(fail(authError('wallet_not_found')))),
        (result): WalletsEvent => (result.ok ? { type: 'connected', address: result.value.address } : failed(result.error)),
        WALLET_ANSWER_TIMEOUT_MS,
      );
    }
    case 'signChallenge': {
      const choice = walletOption(effect.option);
      return providerCall(
        host,
        (options) => (injectedWallets && choice ? injectedWallets.signMessage(choice, effect.address, effect.challenge, options) : Promise.resolve(fail(authError('wallet_not_found')))),
        (result): WalletsEvent => (result.ok ? { type: 'signed', signature: result.value.signature } : failed(result.error)),
        WALLET_ANSWER_TIMEOUT_MS,
      );
    }
    case 'startAuthentication':
      return providerCall(
        host,
        (options) => (cryptoWallets ? cryptoWallets.authenticateStart(effect.address, effect.chain, options) : Promise.resolve(fail(authError('unexpected')))),
        (result): WalletsEvent => (result.ok ? { type: 'challenged', challenge: result.value.challenge } : failed(result.error)),
      );
    case 'authenticate':
      return providerCall(
        host,
        (options) =>
          cryptoWallets
            ? cryptoWallets.authenticate({ address: effect.address, chain: effect.chain, signature: effect.signature, sessionDurationMinutes: effect.sessionDurationMinutes }, options)
            : Promise.resolve(fail(authError('unexpected'))),
        // SPEC §8: an answer without a session is not a sign-in.
        (result): WalletsEvent => (result.ok ? (result.value === null ? failed(authError('invalid_response')) : { type: 'authenticated' }) : failed(result.error)),
      );
    case 'loadDownloadPages':
      return stream<WalletsEvent>((subscriber) => {
        const answer = (pages: WalletsEvent & { type: 'downloadPagesLoaded' }) => {
          if (subscriber.closed) return;
          subscriber.next(pages);
          subscriber.complete();
        };
        if (injectedWallets === undefined) answer({ type: 'downloadPagesLoaded', pages: [] });
        else
          injectedWallets.downloadPages().then(
            (pages) => answer({ type: 'downloadPagesLoaded', pages }),
            (cause: unknown) => {
              host.logger.error('Listing wallet download pages failed', cause);
              answer({ type: 'downloadPagesLoaded', pages: [] });
            },
          );
        return undefined;
      });
    case 'leaveForDownload':
      host.ports.navigation.leave(effect.url);
      return NO_EVENTS;
  }
}

/** An effect that failed outside the product's own handling (its interpreter threw) ends the attempt like any failure. */
export function walletsEffectFailure(_effect: WalletsEffect, error: AuthError): WalletsEvent {
  return failed(error);
}
