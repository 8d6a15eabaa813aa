import { CLIENT_ERROR_CODES, authError, fail, ok, type CryptoWalletsPort } from '@vestibule/core';
import type { StytchRuntime } from './stytch-client';

const SDK = '/sdk/v1';
const START = `${SDK}/crypto_wallets/authenticate/start`;

/**
 * The longest challenge the port hands to a wallet. Stytch's plain message is a line or two and a
 * SIWE message with its optional resources a few thousand characters at most; the text is shown
 * in the wallet's signing sheet, so an answer past this is not one to sign.
 */
const MAX_CHALLENGE = 10_000;

const invalidResponse = (cause: string) => fail<never>(authError(CLIENT_ERROR_CODES.invalidResponse, { cause }));

/**
 * Crypto wallets on the Stytch SDK: `cryptoWallets.authenticateStart` hands out the message the
 * wallet signs, `cryptoWallets.authenticate` checks the signature and signs in (or, when the SDK
 * holds a session, adds the wallet to that user). The SDK stores the session it answers.
 *
 * Failures, beyond the runtime's mapping (network, 429, 5xx, malformed JSON, abort):
 * - a start answered without a challenge, or with one that is empty or longer than
 *   {@link MAX_CHALLENGE} characters, and a sign-in answered without a user and session →
 *   `invalid_response`;
 * - the provider's error types through `mapStytchError`, all `provider_error` with the provider's
 *   message: `invalid_crypto_wallet_address` (400), `crypto_wallet_not_found` (404, no start for
 *   that wallet), `unable_to_authenticate_crypto_wallet` (401: a wrong signature, a used or
 *   expired challenge).
 *
 * SIWE: when the project requires it (bootstrap `siwe_required_for_crypto_wallets`), the SDK sends
 * `siwe_params` with the page's origin for an Ethereum start and the challenge is an EIP-4361
 * message; the port hands it on as it came.
 */
export function createStytchCryptoWalletsAdapter(runtime: StytchRuntime): CryptoWalletsPort {
  return {
    authenticateStart: async (address, chain, options) => {
      // The SDK starts a secondary authentication when it holds a session (the wallet joins that
      // user), a primary one otherwise. The runtime reads a failure's status and Retry-After for
      // the one path it is given, so the start runs in an inner call once the client can say
      // which; the outer call carries the caller's signal and a failure to load the SDK.
      const outer = await runtime.call(`${START}/primary`, options, (stytch) =>
        runtime.call(`${START}/${stytch.session.getSync() === null ? 'primary' : 'secondary'}`, undefined, async (client): Promise<unknown> => {
          const response = await client.cryptoWallets.authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: chain });
          return response.challenge;
        }),
      );
      const result = outer.ok ? outer.value : outer;
      if (!result.ok) return result;
      const challenge = result.value;
      if (typeof challenge !== 'string' || challenge === '' || challenge.length > MAX_CHALLENGE) {
        return invalidResponse('the provider answered a crypto wallet start without a challenge to sign');
      }
      return ok({ challenge });
    },

    authenticate: async (request, options) => {
      const result = await runtime.call(`${SDK}/crypto_wallets/authenticate`, options, async (stytch) => {
        const response = await stytch.cryptoWallets.authenticate({
          crypto_wallet_address: request.address,
          crypto_wallet_type: request.chain,
          signature: request.signature,
          session_duration_minutes: request.sessionDurationMinutes,
        });
        return runtime.sessionReader.read(response.user, response.session);
      });
      if (!result.ok) return result;
      return result.value === null ? invalidResponse('the provider answered a crypto wallet sign-in without a user and session') : ok(result.value);
    },
  };
}
