import type { AuthCoreHost } from '../../create-auth-core';
import { authError, fail, type AuthError, type Result } from '../../domain/errors/auth-error';
import type { PasskeysPort } from '../../ports/passkeys.port';
import { interpretCommonEffect, isCommonEffect } from '../common-effects';
import { providerCall } from '../provider-call';
import type { Stream } from '../stream';
import type { PasskeyRegistrationEffect, PasskeyRegistrationEvent } from './passkey-registration.types';

/**
 * How long the browser's passkey sheet may stay open: WebAuthn's recommended ceremony timeout,
 * which is also the sandbox's challenge lifetime. A create waits this long plus the call timeout
 * (for the provider's two calls around the sheet), not the call timeout alone: a visitor reaching
 * for a security key must not have the sheet closed under their fingers after 15 s. Skip leaves
 * a create at any time, so the longer wait never holds anyone on the spinner.
 */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 300_000;

/** A page composed without the passkeys port: a failure, logged, rather than a screen that waits. */
function withPasskeys<T>(host: AuthCoreHost, call: (passkeys: PasskeysPort) => Promise<Result<T>>): Promise<Result<T>> {
  const { passkeys } = host.ports;
  if (passkeys !== undefined) return call(passkeys);
  host.logger.error('The passkey registration page was opened on a core without the passkeys port');
  return Promise.resolve(fail(authError('unexpected')));
}

/** Runs `/account/passkeys`' effects against the passkeys port. */
export function interpretPasskeyRegistrationEffect(host: AuthCoreHost, effect: PasskeyRegistrationEffect): Stream<PasskeyRegistrationEvent> {
  if (isCommonEffect<PasskeyRegistrationEvent>(effect)) return interpretCommonEffect(host, effect);
  switch (effect.type) {
    case 'registerPasskey':
      return providerCall(
        host,
        (options) => withPasskeys(host, (passkeys) => passkeys.register({ sessionDurationMinutes: effect.sessionDurationMinutes }, options)),
        (result): PasskeyRegistrationEvent => (result.ok ? { type: 'registered', passkey: result.value } : { type: 'registerFailed', error: result.error }),
        PASSKEY_CEREMONY_TIMEOUT_MS + host.callTimeoutMs,
      );
    case 'loadPasskeys':
      return providerCall(
        host,
        (options) => withPasskeys(host, (passkeys) => passkeys.list(options)),
        (result): PasskeyRegistrationEvent => (result.ok ? { type: 'listLoaded', passkeys: result.value } : { type: 'listFailed', error: result.error }),
      );
    case 'renamePasskey':
      return providerCall(
        host,
        (options) => withPasskeys(host, (passkeys) => passkeys.rename(effect.id, effect.name, options)),
        (result): PasskeyRegistrationEvent =>
          result.ok ? { type: 'renamed', id: effect.id, name: effect.name } : { type: 'renameFailed', id: effect.id, error: result.error },
      );
    case 'removePasskey':
      return providerCall(
        host,
        (options) => withPasskeys(host, (passkeys) => passkeys.remove(effect.id, options)),
        (result): PasskeyRegistrationEvent => (result.ok ? { type: 'removed', id: effect.id } : { type: 'removeFailed', id: effect.id, error: result.error }),
      );
  }
}

/** The event for an effect that failed outside its own handling: its call's own failure event, so no screen waits. */
export function passkeyRegistrationEffectFailure(effect: PasskeyRegistrationEffect, error: AuthError): PasskeyRegistrationEvent | null {
  switch (effect.type) {
    case 'registerPasskey':
      return { type: 'registerFailed', error };
    case 'loadPasskeys':
      return { type: 'listFailed', error };
    case 'renamePasskey':
      return { type: 'renameFailed', id: effect.id, error };
    case 'removePasskey':
      return { type: 'removeFailed', id: effect.id, error };
    default:
      return null;
  }
}
