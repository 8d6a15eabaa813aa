import { authError, type AuthError } from './auth-error';

/** SPEC §8: the provider error types the product translates, in the order the SPEC lists them. */
export const PROVIDER_ERROR_CODES = [
  'invalid_email',
  'invalid_phone_number',
  'unsubscribed_phone_number',
  'inactive_email',
  'unauthorized_credentials',
  'user_unauthenticated',
  'email_not_found',
  'unable_to_auth_magic_link',
  'no_user_password',
  'breached_password',
  'reset_password',
  'oauth_token_not_found',
  'invalid_code',
  'member_password_not_found',
  'oauth_flow_callback_error',
  'unauthorized_action',
  'user_lock_limit_reached',
  'invalid_session_token',
  'session_not_found',
  'invalid_phone_number_country_code',
  'otp_code_not_found',
  'duplicate_member_phone_number',
  // SPEC §8's passkey messages (issue 17).
  'webauthn_registration_not_found',
  'duplicate_webauthn_registration',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

const isProviderCode = (type: string): type is ProviderErrorCode => (PROVIDER_ERROR_CODES as readonly string[]).includes(type);

/**
 * Translates a provider error (`error_type`, status, message) into an {@link AuthError}: catalogued
 * types keep their code; otherwise a 429 is `too_many_requests`, a 5xx `server_error`, and any
 * other type `provider_error` with the provider's message.
 */
export function providerError(
  errorType: string,
  details: { readonly status?: number; readonly serverMessage?: string; readonly retryAfterMs?: number; readonly cause?: unknown } = {},
): AuthError {
  const common = { ...details, providerType: errorType };
  if (isProviderCode(errorType)) return authError(errorType, common);
  if (details.status === 429 || errorType === 'too_many_requests') return authError('too_many_requests', common);
  if (details.status !== undefined && details.status >= 500) return authError('server_error', common);
  return authError('provider_error', common);
}
