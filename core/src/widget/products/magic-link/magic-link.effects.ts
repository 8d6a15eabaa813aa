import type { Stream } from '../../../flows/stream';
import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, type AuthError } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import { sendMagicLink } from '../../../use-cases/send-magic-link.use-case';
import type { MagicLinkEffect, MagicLinkEvent } from './magic-link.types';

/** Runs magic-link effects against the magic-links port only. */
export function interpretMagicLinkEffect(effect: MagicLinkEffect, host: AuthCoreHost): Stream<MagicLinkEvent> {
  const { magicLinks } = host.ports;
  return providerCall(
    host,
    (options) => (magicLinks ? sendMagicLink({ magicLinks })(effect.request, options) : Promise.resolve(fail(authError('unexpected')))),
    (result): MagicLinkEvent => {
      if (effect.purpose === 'resend') return result.ok ? { type: 'resent' } : { type: 'resendFailed', error: result.error };
      return result.ok ? { type: 'sent', email: effect.request.email } : { type: 'sendFailed', error: result.error };
    },
  );
}

/** The event for a magic-link effect that failed outside its own handling. */
export function magicLinkEffectFailure(effect: MagicLinkEffect, error: AuthError): MagicLinkEvent {
  return effect.purpose === 'resend' ? { type: 'resendFailed', error } : { type: 'sendFailed', error };
}
