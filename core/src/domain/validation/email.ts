import type { MessageKey } from '../i18n/message-ref';

/** Where an e-mail is being entered: SPEC §5 words the invalid message differently per product. */
export type EmailContext = 'otp' | 'magicLink' | 'password';

// SPEC §5: local part, @, domain, top-level part of at least 2 letters.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/** True when the value looks like an e-mail address by SPEC §5's pattern. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The field message for an e-mail value, or `null` when it is acceptable. Empty is invalid (required). */
export function validateEmail(value: string, context: EmailContext): MessageKey | null {
  if (isValidEmail(value)) return null;
  return context === 'otp' ? 'validation.emailInvalidOtp' : 'validation.emailInvalid';
}
