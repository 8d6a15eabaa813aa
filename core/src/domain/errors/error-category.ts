import type { AuthError, AuthErrorCategory, AuthErrorCode } from './auth-error';

// Derived on demand rather than stored on every error: the table stays out of the first load.
const CATEGORIES: Readonly<Record<AuthErrorCode, AuthErrorCategory>> = {
  invalid_email: 'input',
  invalid_phone_number: 'input',
  unsubscribed_phone_number: 'input',
  inactive_email: 'input',
  unauthorized_credentials: 'credentials',
  user_unauthenticated: 'session',
  email_not_found: 'input',
  unable_to_auth_magic_link: 'credentials',
  no_user_password: 'credentials',
  breached_password: 'credentials',
  reset_password: 'credentials',
  oauth_token_not_found: 'credentials',
  invalid_code: 'input',
  member_password_not_found: 'credentials',
  oauth_flow_callback_error: 'credentials',
  unauthorized_action: 'session',
  user_lock_limit_reached: 'rate_limit',
  invalid_session_token: 'session',
  session_not_found: 'session',
  invalid_phone_number_country_code: 'input',
  otp_code_not_found: 'input',
  duplicate_member_phone_number: 'input',
  webauthn_registration_not_found: 'credentials',
  duplicate_webauthn_registration: 'input',
  network_unreachable: 'network',
  timeout: 'network',
  too_many_requests: 'rate_limit',
  server_error: 'server',
  invalid_response: 'server',
  provider_error: 'unknown',
  missing_token: 'input',
  unbound_session_token: 'session',
  passkey_cancelled: 'input',
  wallet_not_found: 'configuration',
  wallet_rejected: 'input',
  wallet_request_pending: 'input',
  wallet_failed: 'unknown',
  unexpected: 'unknown',
};

/** What kind of problem an error is (input, credentials, session, network, …), for choosing where and how to show it. */
export function errorCategory(error: Pick<AuthError, 'code'>): AuthErrorCategory {
  return CATEGORIES[error.code];
}
