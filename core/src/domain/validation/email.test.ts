import { describe, expect, it } from 'vitest';
import { isValidEmail, validateEmail } from './email';

describe('e-mail validation (SPEC §5)', () => {
  it.each(['ada@example.com', 'a.b+tag@mail.example.co.uk', ' ada@example.io '])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@example.c', 'ada@example.c0m', 'a da@example.com', 'ada@@example.com'])(
    'rejects %j',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
    },
  );

  it('uses the magic-link and password wording', () => {
    expect(validateEmail('nope', 'magicLink')).toBe('validation.emailInvalid');
    expect(validateEmail('nope', 'password')).toBe('validation.emailInvalid');
  });

  it('uses the passcode wording', () => {
    expect(validateEmail('nope', 'otp')).toBe('validation.emailInvalidOtp');
  });

  it('returns null for a valid address', () => {
    expect(validateEmail('ada@example.com', 'otp')).toBeNull();
  });
});
