import { EMPTY, type Observable } from 'rxjs';
import type { AuthError } from '../../domain/errors/auth-error';
import type { AuthProviderPort } from '../../ports/auth-provider.port';
import type { ToastCenter } from '../../state/toast.store';
import type { EffectInterpreter } from '../flow-runner';
import { fromCall } from '../from-call';
import type { LoginEffect, LoginEvent } from './login.types';

export interface LoginEffectPorts {
  readonly auth: AuthProviderPort;
  /** The validating use case, so a bad address never reaches the provider. */
  readonly sendMagicLink: AuthProviderPort['sendMagicLink'];
  readonly toasts: ToastCenter;
  readonly reportError: (error: AuthError) => void;
}

/** Runs login effects against the ports. */
export function loginEffects(ports: LoginEffectPorts): EffectInterpreter<LoginEvent, LoginEffect> {
  return (effect): Observable<LoginEvent> => {
    switch (effect.type) {
      case 'loadProjectSettings':
        return fromCall(
          () => ports.auth.getProjectSettings(),
          // Without settings the mail links are simply not narrowed: nothing to report.
          (result): LoginEvent => ({ type: 'projectSettingsLoaded', emailDomains: result.ok ? result.value.emailDomains : [] }),
        );
      case 'sendMagicLink':
        return fromCall(
          () => ports.sendMagicLink(effect.request),
          (result): LoginEvent => {
            if (effect.purpose === 'resend') return result.ok ? { type: 'resendSucceeded' } : { type: 'resendFailed', error: result.error };
            return result.ok
              ? { type: 'magicLinkSent', email: effect.request.email }
              : { type: 'magicLinkFailed', email: effect.request.email, error: result.error };
          },
        );
      case 'logEvent':
        ports.auth.logEvent(effect.event);
        return EMPTY;
      case 'toast':
        ports.toasts.show(effect.kind, effect.message);
        return EMPTY;
      case 'reportError':
        ports.reportError(effect.error);
        return EMPTY;
      case 'cancel':
        return EMPTY;
    }
  };
}
