import { stream, type Stream } from '../../../flows/stream';
import type { AuthCoreHost } from '../../../create-auth-core';
import { authError, fail, type AuthError } from '../../../domain/errors/auth-error';
import { providerCall } from '../../../flows/provider-call';
import { handOffSession } from '../../../flows/session-handoff.effects';
import type { PasscodesEffect, PasscodesEvent } from './passcodes.types';

const unavailable = () => Promise.resolve(fail(authError('unexpected')));

/** Runs passcode effects against the passcodes port (and WebOTP where the browser has it). */
export function interpretPasscodesEffect(effect: PasscodesEffect, host: AuthCoreHost): Stream<PasscodesEvent> {
  const { passcodes, webOtp } = host.ports;
  switch (effect.type) {
    case 'sendPasscode':
      return providerCall(
        host,
        (options) => (passcodes ? passcodes.send(effect.request, options) : unavailable()),
        (result): PasscodesEvent => {
          if (effect.purpose === 'resend') return result.ok ? { type: 'resent', methodId: result.value.methodId } : { type: 'resendFailed', error: result.error };
          return result.ok ? { type: 'sent', methodId: result.value.methodId } : { type: 'sendFailed', error: result.error };
        },
      );
    case 'verifyPasscode':
      return providerCall(
        host,
        (options) => (passcodes ? passcodes.verify(effect.code, effect.methodId, effect.sessionDurationMinutes, options) : unavailable()),
        (result): PasscodesEvent => (result.ok ? { type: 'verified', signIn: result.value } : { type: 'verifyFailed', error: result.error }),
      );
    case 'announceCompletion':
      return stream<PasscodesEvent>((subscriber) => {
        host.emitEvent({ type: 'authenticate_flow_complete', data: { method: 'otp', channel: effect.channel } });
        subscriber.complete();
      });
    case 'handOffSession':
      return handOffSession(host, effect);
    case 'listenForSmsCode':
      // Feature-detected by the adapter: without WebOTP nothing listens and the visitor types the code.
      return stream<PasscodesEvent>((subscriber) => {
        if (!webOtp) {
          subscriber.complete();
          return undefined;
        }
        return webOtp.listen((code) => {
          subscriber.next({ type: 'codeReceived', code });
          subscriber.complete();
        });
      });
  }
}

/** The event for a passcode effect that failed outside its own handling. */
export function passcodesEffectFailure(effect: PasscodesEffect, error: AuthError): PasscodesEvent | null {
  switch (effect.type) {
    case 'sendPasscode':
      return effect.purpose === 'resend' ? { type: 'resendFailed', error } : { type: 'sendFailed', error };
    case 'verifyPasscode':
      return { type: 'verifyFailed', error };
    case 'listenForSmsCode':
    case 'announceCompletion':
    case 'handOffSession':
      return null;
  }
}
