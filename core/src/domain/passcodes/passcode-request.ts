import type { WidgetConfig } from '../config/widget-config';
import type { PasscodeChannel, SendPasscodeRequest } from '../../ports/passcodes.port';

/** SPEC §9: passcodes are 6 digits. */
export const PASSCODE_LENGTH = 6;

/**
 * Minutes a code sent with `config` lasts, or `undefined` when the configuration names none: the
 * provider's (the project's) configured expiry then applies, and the client does not know it
 * (SPEC §9: "OTP expiry default … not shown (configured values used)").
 */
export const passcodeExpirationMinutes = (config: WidgetConfig): number | undefined => config.otpOptions?.expirationMinutes;

/**
 * The login-or-create request for `destination` on `channel`, with the configured options (SPEC §7):
 * `expiration_minutes` only when configured — stating a default of our own would override the
 * project's setting — and `locale` and the template ids for e-mail codes only.
 */
export function passcodeRequest(config: WidgetConfig, channel: PasscodeChannel, destination: string): SendPasscodeRequest {
  const options = config.otpOptions;
  const email = channel === 'email';
  const expirationMinutes = passcodeExpirationMinutes(config);
  return {
    channel,
    destination,
    ...(expirationMinutes === undefined ? {} : { expirationMinutes }),
    ...(email && options?.locale !== undefined ? { locale: options.locale } : {}),
    ...(email && options?.loginTemplateId !== undefined ? { loginTemplateId: options.loginTemplateId } : {}),
    ...(email && options?.signupTemplateId !== undefined ? { signupTemplateId: options.signupTemplateId } : {}),
  };
}

/** Only digits, at most 6 (SPEC §5): what a paste or an autofill brings is cleaned, not refused. */
export const passcodeDigits = (value: string) => value.replace(/\D/g, '').slice(0, PASSCODE_LENGTH);
