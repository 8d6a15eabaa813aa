import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator';
import { authError } from './auth-error';
import { CATALOGUED_PROVIDER_ERROR_TYPES, errorMessage } from './error-catalogue';

const i18n = createTranslator('en');
const shown = (code: string, serverMessage?: string) =>
  i18n.text(errorMessage(authError(code, serverMessage === undefined ? {} : { serverMessage })));

describe('error catalogue (SPEC §8)', () => {
  it('covers every error type the SPEC lists', () => {
    expect(CATALOGUED_PROVIDER_ERROR_TYPES).toEqual([
      'invalid_email', 'invalid_phone_number', 'unsubscribed_phone_number', 'inactive_email',
      'unauthorized_credentials', 'user_unauthenticated', 'email_not_found', 'unable_to_auth_magic_link',
      'no_user_password', 'breached_password', 'reset_password', 'oauth_token_not_found', 'invalid_code',
      'member_password_not_found', 'oauth_flow_callback_error', 'unauthorized_action', 'user_lock_limit_reached',
      'invalid_session_token', 'session_not_found', 'invalid_phone_number_country_code', 'otp_code_not_found',
      'duplicate_member_phone_number',
    ]);
  });

  it.each([
    ['invalid_email', 'Email format is invalid.'],
    ['invalid_phone_number', 'Phone number format is invalid. Ensure the phone number is in the E.164 format.'],
    ['invalid_code', 'Code format is invalid, please try again.'],
    ['user_lock_limit_reached', 'Too many failed authentication attempts. Please try again later.'],
    ['otp_code_not_found', 'Invalid passcode, please try again.'],
  ])('shows the SPEC text for %s', (code, text) => {
    expect(shown(code, 'server wording')).toBe(text);
  });

  it.each(CATALOGUED_PROVIDER_ERROR_TYPES)('prefers the catalogue over the server text for %s', (code) => {
    const text = shown(code, 'raw server text');
    expect(text).not.toBe('raw server text');
    expect(text.length).toBeGreaterThan(10);
  });

  it('mentions the required hints for the described messages', () => {
    expect(shown('unsubscribed_phone_number')).toContain('START');
    expect(shown('unable_to_auth_magic_link')).toMatch(/already been used or has expired.*try again/);
  });

  it("shows the server's error_message for an unknown type", () => {
    expect(shown('weird_new_type', 'Something specific happened.')).toBe('Something specific happened.');
  });

  it('shows a generic message for an unknown type without server text', () => {
    expect(shown('weird_new_type')).toBe('Something went wrong. Please try again.');
  });
});
