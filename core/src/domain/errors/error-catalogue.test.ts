import { describe, expect, it } from 'vitest';
import { ENGLISH_CATALOGUES } from '../i18n/english';
import { createTranslator } from '../i18n/translator';
import { authError, type AuthErrorCode } from './auth-error';
import { CLIENT_ERROR_CODES } from './client-error-codes';
import { PROVIDER_ERROR_CODES, providerError } from './provider-error';
import { errorMessage } from './error-catalogue';
import { errorCategory } from './error-category';

const i18n = createTranslator({ preloadedMessages: { en: ENGLISH_CATALOGUES } });
const shown = (errorType: string, serverMessage?: string) =>
  i18n.text(errorMessage(providerError(errorType, serverMessage === undefined ? {} : { serverMessage })));

describe('error catalogue (SPEC §8)', () => {
  it('covers every error type the SPEC lists', () => {
    expect(PROVIDER_ERROR_CODES).toEqual([
      'invalid_email', 'invalid_phone_number', 'unsubscribed_phone_number', 'inactive_email',
      'unauthorized_credentials', 'user_unauthenticated', 'email_not_found', 'unable_to_auth_magic_link',
      'no_user_password', 'breached_password', 'reset_password', 'oauth_token_not_found', 'invalid_code',
      'member_password_not_found', 'oauth_flow_callback_error', 'unauthorized_action', 'user_lock_limit_reached',
      'invalid_session_token', 'session_not_found', 'invalid_phone_number_country_code', 'otp_code_not_found',
      'duplicate_member_phone_number',
      // SPEC §8's passkey messages.
      'webauthn_registration_not_found', 'duplicate_webauthn_registration',
    ]);
  });

  it.each([
    ['invalid_email', 'Email format is invalid.'],
    ['invalid_phone_number', 'Phone number format is invalid. Ensure the phone number is in the E.164 format.'],
    ['invalid_code', 'Code format is invalid, please try again.'],
    ['user_lock_limit_reached', 'Too many failed authentication attempts. Please try again later.'],
    ['otp_code_not_found', 'Invalid passcode, please try again.'],
    ['webauthn_registration_not_found', 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.'],
    ['duplicate_webauthn_registration', 'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.'],
  ])('shows the SPEC text for %s', (code, text) => {
    expect(shown(code, 'server wording')).toBe(text);
  });

  it.each(PROVIDER_ERROR_CODES)('prefers the catalogue over the server text for %s', (code) => {
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

describe('error model', () => {
  it('keeps catalogued provider types as the code and unknown ones as provider_error', () => {
    expect(providerError('invalid_email', { status: 400 })).toMatchObject({ code: 'invalid_email', retryable: false });
    expect(errorCategory(providerError('invalid_email', { status: 400 }))).toBe('input');
    expect(errorCategory(authError('timeout'))).toBe('network');
    expect(errorCategory(authError('invalid_session_token'))).toBe('session');
    expect(providerError('weird_new_type', { status: 400 })).toMatchObject({ code: 'provider_error', providerType: 'weird_new_type' });
  });

  it('classifies 429 and 5xx as retryable, keeping Retry-After', () => {
    expect(providerError('too_many_requests', { status: 429, retryAfterMs: 7000 })).toMatchObject({
      code: 'too_many_requests',
      retryable: true,
      retryAfterMs: 7000,
    });
    expect(providerError('internal_server_error', { status: 503 })).toMatchObject({ code: 'server_error', retryable: true });
  });

  it('marks network failures and timeouts retryable, with a message that is not about the address', () => {
    for (const code of ['network_unreachable', 'timeout', 'invalid_response'] as const) {
      const error = authError(code);
      expect(error.retryable).toBe(true);
      expect(i18n.text(errorMessage(error))).not.toMatch(/email/i);
    }
  });

  it('has a message for every code (the build fails otherwise; this shows it at run time too)', () => {
    for (const code of [...Object.values(CLIENT_ERROR_CODES), ...PROVIDER_ERROR_CODES]) {
      expect(i18n.text(errorMessage(authError(code as AuthErrorCode))).length).toBeGreaterThan(10);
    }
  });
});
