import { describe, expect, it } from 'vitest';
import { isValidEmail, validateEmail } from './email';

// Boundaries in UTF-8 octets (RFC 5321 §4.5.3.1, RFC 6531 §3.3): '用' is 3 octets.
const LOCAL_64 = 'a'.repeat(64);
const LOCAL_64_CJK = `${'用'.repeat(21)}a`;
const LABEL_63 = 'a'.repeat(63);
/** 64 + 1 + 189 = 254 octets. */
const ADDRESS_254 = `${LOCAL_64}@${LABEL_63}.${'b'.repeat(63)}.${'c'.repeat(57)}.com`;

const accepted: readonly string[] = [
  'ada@example.com',
  'a.b+tag@mail.example.co.uk',
  "o'brien@example.com",
  "x!#$%&'*+-/=?^_`{|}~@example.com",
  'ada@ex-ample.com',
  'ada@123.example.com',
  // RFC 6531 / IDNA U-labels.
  '用户@例子.广告',
  'δοκιμή@παράδειγμα.δοκιμή',
  'अजय@डाटा.भारत',
  'квіточка@пошта.укр',
  'Dörte@Sörensen.example.com',
  'ada@mañana.com',
  `${LOCAL_64}@example.com`,
  `${LOCAL_64_CJK}@example.com`,
  `ada@${LABEL_63}.com`,
  ADDRESS_254,
];

const refused: readonly string[] = [
  '',
  'ada',
  'ada@',
  '@example.com',
  'ada@example',
  'ada@example.c',
  'ada@example.c0m',
  'ada@@example.com',
  'a@b@example.com',
  // Dots in the local part.
  'a..b@example.com',
  '.a@example.com',
  'a.@example.com',
  // Domain labels.
  'ada@-example.com',
  'ada@example-.com',
  'ada@example..com',
  'ada@.example.com',
  'ada@example.com.',
  'ada@exa_mple.com',
  `ada@${LABEL_63}a.com`,
  'ada@例子。广告',
  // Lengths in octets, not characters.
  `${'a'.repeat(4988)}@example.com`,
  `${LOCAL_64}a@example.com`,
  `${'用'.repeat(22)}@example.com`,
  `${ADDRESS_254}m`,
  // Whitespace, control and bidi control characters, anywhere.
  'a b@example.com',
  'ada@exa mple.com',
  ' ada@example.com',
  'ada@example.com\n',
  'a\tb@example.com',
  'a\u00a0b@example.com',
  'a\u3000b@example.com',
  'a\u0000b@example.com',
  'a\u007fb@example.com',
  'a\u0085b@example.com',
  ...['\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].flatMap((mark) => [
    `a${mark}b@example.com`,
    `ada@exa${mark}mple.com`,
    `ada@example.co${mark}m`,
  ]),
  // Not Unicode at all (a lone surrogate has no UTF-8 form).
  'a\ud800b@example.com',
];

describe('e-mail validation (SPEC §5, RFC 5321/6531)', () => {
  it.each(accepted)('accepts %j', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each(refused)('refuses %j', (value) => {
    expect(isValidEmail(value)).toBe(false);
  });

  it('checks the length before anything else, so huge or hostile input costs nothing', () => {
    const clock = (globalThis as unknown as { readonly performance: { now(): number } }).performance;
    const hostile = [
      `${'a'.repeat(99_988)}@example.com`,
      `ada@${'a.'.repeat(50_000)}com`,
      `${'a.'.repeat(50_000)}@example.com`,
      `ada@${'a-'.repeat(50_000)}.com`,
      '@'.repeat(100_000),
      `${'用'.repeat(50_000)}@例子.广告`,
    ];
    const started = clock.now();
    for (let round = 0; round < 200; round++) for (const value of hostile) expect(isValidEmail(value)).toBe(false);
    // 1,200 checks of 100,000 characters: a scan of each would take far longer than this.
    expect(clock.now() - started).toBeLessThan(1_000);
  });

  it('lets the field trim what was typed around the address', () => {
    expect(validateEmail(' ada@example.io ', 'magicLink')).toBeNull();
    expect(validateEmail(' 用户@例子.广告\t', 'otp')).toBeNull();
  });

  it('uses the magic-link and password wording', () => {
    expect(validateEmail('nope', 'magicLink')).toBe('validation.emailInvalid');
    expect(validateEmail('a..b@example.com', 'password')).toBe('validation.emailInvalid');
  });

  it('uses the passcode wording', () => {
    expect(validateEmail('nope', 'otp')).toBe('validation.emailInvalidOtp');
    expect(validateEmail('ada@-example.com', 'otp')).toBe('validation.emailInvalidOtp');
  });

  it('returns null for a valid address', () => {
    expect(validateEmail('ada@example.com', 'otp')).toBeNull();
  });
});
