import type { MessageKey, MessageRef } from '../i18n/message-ref';
import type { AuthError } from './auth-error';

/**
 * SPEC §8: every provider `error_type` the product translates, mapped to its message key.
 * Types not listed here show the provider's own `error_message`.
 */
export const ERROR_MESSAGE_KEYS = {
  invalid_email: 'error.invalid_email',
  invalid_phone_number: 'error.invalid_phone_number',
  unsubscribed_phone_number: 'error.unsubscribed_phone_number',
  inactive_email: 'error.inactive_email',
  unauthorized_credentials: 'error.unauthorized_credentials',
  user_unauthenticated: 'error.user_unauthenticated',
  email_not_found: 'error.email_not_found',
  unable_to_auth_magic_link: 'error.unable_to_auth_magic_link',
  no_user_password: 'error.no_user_password',
  breached_password: 'error.breached_password',
  reset_password: 'error.reset_password',
  oauth_token_not_found: 'error.oauth_token_not_found',
  invalid_code: 'error.invalid_code',
  member_password_not_found: 'error.member_password_not_found',
  oauth_flow_callback_error: 'error.oauth_flow_callback_error',
  unauthorized_action: 'error.unauthorized_action',
  user_lock_limit_reached: 'error.user_lock_limit_reached',
  invalid_session_token: 'error.invalid_session_token',
  session_not_found: 'error.session_not_found',
  invalid_phone_number_country_code: 'error.invalid_phone_number_country_code',
  otp_code_not_found: 'error.otp_code_not_found',
  duplicate_member_phone_number: 'error.duplicate_member_phone_number',
  // The core's own codes (failures that never reached the provider).
  network_unreachable: 'error.network_unreachable',
  missing_token: 'error.missing_token',
  unexpected: 'error.unexpected',
} as const satisfies Record<string, MessageKey>;

/** The provider error types listed in SPEC §8, in the order the SPEC lists them. */
export const CATALOGUED_PROVIDER_ERROR_TYPES = Object.keys(ERROR_MESSAGE_KEYS).filter(
  (code) => !['network_unreachable', 'missing_token', 'unexpected'].includes(code),
);

const hasKey = (code: string): code is keyof typeof ERROR_MESSAGE_KEYS =>
  Object.prototype.hasOwnProperty.call(ERROR_MESSAGE_KEYS, code);

/**
 * What a user is shown for an error: the catalogue's message when the type is known,
 * otherwise the provider's text (rendered as text, never HTML), otherwise a generic message.
 */
export function errorMessage(error: AuthError): MessageRef {
  if (hasKey(error.code)) return { key: ERROR_MESSAGE_KEYS[error.code] };
  if (error.serverMessage !== undefined && error.serverMessage.trim() !== '') return { text: error.serverMessage };
  return { key: ERROR_MESSAGE_KEYS.unexpected };
}
