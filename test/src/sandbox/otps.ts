// Passcode (OTP) rules of the emulated project, as pure functions and small state helpers: code
// generation, phone-number checks (E.164, assigned country calling codes, the unsubscribed
// fixture), the send expiry, and the lock after repeated wrong codes. ./otp-handlers applies them.

import type { OtpRecord } from './state';
import { SandboxError } from './wire';

export type OtpChannel = OtpRecord['channel'];

/** Digits of every passcode. */
const OTP_LENGTH = 6;
/** Accepted range of `expiration_minutes` on a send (Stytch's: 1 to 10 minutes). */
const MIN_OTP_EXPIRATION_MINUTES = 1;
const MAX_OTP_EXPIRATION_MINUTES = 10;
/**
 * Wrong codes for one method (`method_id`) after which it is locked: the attempts are counted per
 * method, not per code, so sending a new code does not clear them; a right code does.
 */
export const OTP_ATTEMPT_LIMIT = 5;
export const OTP_LOCK_MESSAGE = 'Too many failed authentication attempts. Please try again later.';

/**
 * A fixture number whose owner replied STOP: SMS sends to it fail with 400
 * `unsubscribed_phone_number` (WhatsApp has no STOP, so it still works there). The number is in
 * the range the US reserves for fiction and tests.
 */
export const UNSUBSCRIBED_PHONE_NUMBER = '+15005550006';

/** The sender the outbox shows for text and WhatsApp messages. */
export const SANDBOX_SMS_FROM = '+15005550000';

const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
const SIX_DIGITS = /^\d{6}$/;

/**
 * Country calling codes the ITU has assigned (a number's code is the first one to three digits).
 * Not exhaustive for shared and satellite ranges; enough to tell `+44…` from the unassigned `+28…`.
 */
const ASSIGNED_CALLING_CODES: ReadonlySet<string> = new Set([
  '1', '7',
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66',
  '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98',
  '211', '212', '213', '216', '218',
  ...range(220, 258), ...range(260, 269),
  '290', '291', '297', '298', '299',
  ...range(350, 359), ...range(370, 383), '385', '386', '387', '389',
  '420', '421', '423',
  ...range(500, 509), ...range(590, 599),
  '670', ...range(672, 692),
  '800', '808', '850', '852', '853', '855', '856', '870', '878', '880', '881', '882', '883', '886', '888',
  ...range(960, 968), ...range(970, 977), '979', ...range(992, 996), '998',
]);

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, index) => String(from + index));
}

/** The assigned calling code `phone` (E.164) starts with, or null. */
export function callingCodeOf(phone: string): string | null {
  const digits = phone.slice(1);
  for (const length of [1, 2, 3]) {
    const code = digits.slice(0, length);
    if (ASSIGNED_CALLING_CODES.has(code)) return code;
  }
  return null;
}

/**
 * Refuses a number the channel cannot reach: 400 `invalid_phone_number` when it is not E.164,
 * `invalid_phone_number_country_code` when its calling code is not assigned, and
 * `unsubscribed_phone_number` for SMS to {@link UNSUBSCRIBED_PHONE_NUMBER}.
 */
export function assertReachablePhone(phone: string, channel: Exclude<OtpChannel, 'email'>): void {
  if (!E164_PATTERN.test(phone)) {
    throw new SandboxError(400, 'invalid_phone_number', 'Phone number format is invalid. Ensure the phone number is in the E.164 format.');
  }
  if (callingCodeOf(phone) === null) {
    throw new SandboxError(400, 'invalid_phone_number_country_code', 'The country code of the phone number is invalid.');
  }
  if (channel === 'sms' && phone === UNSUBSCRIBED_PHONE_NUMBER) {
    throw new SandboxError(
      400,
      'unsubscribed_phone_number',
      'The phone number has opted out of SMS messages. Text START to resubscribe.',
    );
  }
}

/** The passcode lifetime in minutes: the request's, checked, or the project's. */
export function otpExpirationMinutes(requested: number | undefined, projectDefault: number): number {
  if (requested === undefined) return projectDefault;
  if (!Number.isInteger(requested) || requested < MIN_OTP_EXPIRATION_MINUTES || requested > MAX_OTP_EXPIRATION_MINUTES) {
    throw new SandboxError(
      400,
      'invalid_expiration',
      `expiration_minutes must be an integer between ${MIN_OTP_EXPIRATION_MINUTES} and ${MAX_OTP_EXPIRATION_MINUTES}.`,
    );
  }
  return requested;
}

/** Six uniformly random digits (crypto random, rejection-sampled so no digit string is likelier). */
export function generateOtpCode(): string {
  const limit = 4_294_000_000; // the largest multiple of 10^6 below 2^32
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? limit;
    if (value < limit) return String(value % 1_000_000).padStart(OTP_LENGTH, '0');
  }
}

export function isWellFormedCode(token: unknown): token is string {
  return typeof token === 'string' && SIX_DIGITS.test(token);
}

/** Whether the method is locked now. An expired lock no longer counts. */
export function isOtpLocked(record: OtpRecord, now: number): boolean {
  return record.lockedUntil !== null && now < record.lockedUntil;
}

/**
 * One more wrong code: the count starts again after an expired lock, and reaching
 * {@link OTP_ATTEMPT_LIMIT} locks the method for `lockMinutes`.
 */
export function recordOtpFailure(record: OtpRecord, now: number, lockMinutes: number): void {
  if (record.lockedUntil !== null && now >= record.lockedUntil) {
    record.failures = 0;
    record.lockedUntil = null;
  }
  record.failures += 1;
  if (record.failures >= OTP_ATTEMPT_LIMIT) record.lockedUntil = now + lockMinutes * 60_000;
}

/** What the outbox shows: one line with the code, its lifetime and where it was sent. */
export function passcodeText(code: string, minutes: number): string {
  return `${code} is your passcode. It expires in ${minutes} minute${minutes === 1 ? '' : 's'}. Do not share it with anyone.`;
}
