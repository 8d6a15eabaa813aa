/**
 * English, namespace `errors`. Error messages (SPEC §8 and the client's own), loaded while a failing call settles.
 * Strings quoted in SPEC.md appear verbatim. Placeholders are `{name}`; a plural message has one
 * text per `Intl.PluralRules` category (`other` required).
 */
const messages = {
  'error.invalid_email': 'Email format is invalid.',
  'error.invalid_phone_number': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  'error.unsubscribed_phone_number': 'This phone number has unsubscribed from our messages. Text START to it to resubscribe, then try again.',
  'error.inactive_email': 'This email address is inactive. Please use a different email address.',
  'error.unauthorized_credentials': 'The credentials you entered are not valid. Please try again.',
  'error.user_unauthenticated': 'You are not logged in. Please log in and try again.',
  'error.email_not_found': 'No account was found for this email address.',
  'error.unable_to_auth_magic_link': 'This link has already been used or has expired. Please try again.',
  'error.no_user_password': 'This account has no password yet. Log in without a password or reset it.',
  'error.breached_password': 'This password was found in a data breach and must be reset.',
  'error.reset_password': 'This password must be reset. Check your email to set a new password.',
  'error.oauth_token_not_found': 'This login could not be completed. Please try again.',
  'error.invalid_code': 'Code format is invalid, please try again.',
  'error.member_password_not_found': 'No password is set for this account.',
  'error.oauth_flow_callback_error': 'Logging in with your provider failed. Please try again.',
  'error.unauthorized_action': 'You are not allowed to do this.',
  'error.user_lock_limit_reached': 'Too many failed authentication attempts. Please try again later.',
  'error.invalid_session_token': 'Your session is no longer valid. Please log in again.',
  'error.session_not_found': 'Your session has ended. Please log in again.',
  'error.invalid_phone_number_country_code': 'The country code of this phone number is not valid.',
  'error.otp_code_not_found': 'Invalid passcode, please try again.',
  'error.duplicate_member_phone_number': 'This phone number is already in use.',
  'error.webauthn_registration_not_found': 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  'error.duplicate_webauthn_registration': 'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'error.network_unreachable': 'We could not reach the server. Check your connection and try again.',
  'error.timeout': 'The server is taking too long to answer. Please try again.',
  'error.too_many_requests': 'Too many attempts. Please wait a moment and try again.',
  'error.server_error': 'Something went wrong on our side. Please try again in a moment.',
  'error.invalid_response': 'The server sent an answer we could not read. Please try again.',
  'error.missing_token': 'This link is incomplete. Please open the link from your email again.',
  'error.passkey_cancelled': 'The passkey request was cancelled.',
  'error.wallet_not_found': 'No crypto wallet was found in this browser.',
  'error.wallet_rejected': 'The request was declined in your wallet.',
  'error.wallet_request_pending': 'Your wallet already has a request open. Finish or close it in your wallet, then try again.',
  'error.wallet_failed': 'Your wallet could not complete the request.',
  'error.unbound_session_token': 'This sign-in did not start in this browser tab, so it was not used. Log in here instead.',
  'error.unexpected': 'Something went wrong. Please try again.',
  'error.oauthNotCompleted': 'Signing in with {provider} was not completed. You can try again.',
  'error.oauthCancelled': 'Signing in with {provider} was cancelled. You can try again.',
  'error.oauthDidNotOpen': 'The {provider} sign-in page did not open. Check your connection and try again.',
} as const;

export default messages;
