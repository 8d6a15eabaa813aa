import type { MessageKey, MessageRef } from '../i18n/message-ref';
import { PROVIDER_ERROR_CODES, type AuthError, type AuthErrorCode } from './auth-error';

/**
 * SPEC §8: every error code mapped to its message key. Typed against the closed code union, so a
 * code without a message fails the build. `provider_error` shows the provider's own text instead.
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
  network_unreachable: 'error.network_unreachable',
  timeout: 'error.timeout',
  too_many_requests: 'error.too_many_requests',
  server_error: 'error.server_error',
  invalid_response: 'error.invalid_response',
  provider_error: 'error.unexpected',
  missing_token: 'error.missing_token',
  unexpected: 'error.unexpected',
} as const satisfies Record<AuthErrorCode, MessageKey>;

/** The provider error types listed in SPEC §8, in the order the SPEC lists them. */
export const CATALOGUED_PROVIDER_ERROR_TYPES: readonly string[] = PROVIDER_ERROR_CODES;

/**
 * What a user is shown for an error: the catalogue's message; for a provider type outside the
 * catalogue, the provider's text (rendered as text, never HTML), else a generic message.
 */
export function errorMessage(error: AuthError): MessageRef {
  if (error.code === 'provider_error' && error.serverMessage !== undefined && error.serverMessage.trim() !== '') {
    return { text: error.serverMessage };
  }
  return { key: ERROR_MESSAGE_KEYS[error.code] };
}
