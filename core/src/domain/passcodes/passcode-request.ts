import type { WidgetConfig } from '../config/widget-config';
import type { PasscodeChannel, SendPasscodeRequest } from '../../ports/passcodes.port';

/** SPEC §9: passcodes are 6 digits. */
export const PASSCODE_LENGTH = 6;

/**
 * How long a code lasts when the configuration names no `expirationMinutes`: the provider's own
 * default (Stytch: 2 minutes). Requests always state it, so the countdown and the provider agree.
 */
const DEFAULT_PASSCODE_EXPIRATION_MINUTES = 2;

/** Minutes a code sent with `config` lasts. */
export const passcodeExpirationMinutes = (config: WidgetConfig) => config.otpOptions?.expirationMinutes ?? DEFAULT_PASSCODE_EXPIRATION_MINUTES;

/**
 * The login-or-create request for `destination` on `channel`, with the configured options (SPEC §7:
 * every channel states `expiration_minutes`; `locale` and the template ids belong to e-mail codes).
 */
export function passcodeRequest(config: WidgetConfig, channel: PasscodeChannel, destination: string): SendPasscodeRequest {
  const options = config.otpOptions;
  const email = channel === 'email';
  return {
    channel,
    destination,
    expirationMinutes: passcodeExpirationMinutes(config),
    ...(email && options?.locale !== undefined ? { locale: options.locale } : {}),
    ...(email && options?.loginTemplateId !== undefined ? { loginTemplateId: options.loginTemplateId } : {}),
    ...(email && options?.signupTemplateId !== undefined ? { signupTemplateId: options.signupTemplateId } : {}),
  };
}

/** Only digits, at most 6 (SPEC §5): what a paste or an autofill brings is cleaned, not refused. */
export const passcodeDigits = (value: string) => value.replace(/\D/g, '').slice(0, PASSCODE_LENGTH);
