// Password rules of the emulated project, as pure functions: strength (zxcvbn or LUDS), breach
// detection, and the lock after repeated failures. The handlers in ./password-handlers apply them.
// Passwords are kept in plain text (state.ts UserRecord): this is an in-memory sandbox, never a
// credential store, and tests read them back.

import zxcvbn from 'zxcvbn';
import { isBreachedPassword } from './breached-passwords';
import type { ProjectSettings } from './project';
import type { PasswordLockRecord } from './state';
import { SandboxError } from './wire';

export type PasswordPolicy = ProjectSettings['password_policy'];

/** zxcvbn's score from which a password is strong enough (Stytch: 3 or more). */
const MIN_ZXCVBN_SCORE = 3;
/**
 * Only this many leading characters are scored: zxcvbn's matching grows quickly with length, and
 * anything this long scores 4 anyway.
 */
const MAX_SCORED_LENGTH = 100;

export interface LudsRequirements {
  has_lower_case: boolean;
  has_upper_case: boolean;
  has_digit: boolean;
  has_symbol: boolean;
  missing_characters: number;
  missing_complexity: number;
}

/** The `data` of POST /passwords/strength_check, without the envelope's request_id and status. */
export interface StrengthCheck {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  breach_detection_on_create: boolean;
  strength_policy: PasswordPolicy['strength_policy'];
  feedback: { warning: string; suggestions: string[]; luds_requirements: LudsRequirements };
}

/**
 * LUDS: which of lower-case, upper-case, digit and symbol (anything that is not a letter or a
 * digit, spaces included) the password has, and how far it is from `minLength` characters
 * (counted as code points) and `minComplexity` of those four classes.
 */
export function ludsRequirements(password: string, minLength: number, minComplexity: number): LudsRequirements {
  const characters = [...password];
  const has_lower_case = characters.some((c) => /\p{Ll}/u.test(c));
  const has_upper_case = characters.some((c) => /\p{Lu}/u.test(c));
  const has_digit = characters.some((c) => /\p{Nd}/u.test(c));
  const has_symbol = characters.some((c) => !/[\p{L}\p{N}]/u.test(c));
  const classes = [has_lower_case, has_upper_case, has_digit, has_symbol].filter(Boolean).length;
  return {
    has_lower_case,
    has_upper_case,
    has_digit,
    has_symbol,
    missing_characters: Math.max(0, minLength - characters.length),
    missing_complexity: Math.max(0, minComplexity - classes),
  };
}

/** zxcvbn's English feedback, ending in a full stop as Stytch's strings do ("This is a top-10 common password."). */
function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The words zxcvbn should treat as guessable for this user: the address and its parts, so a
 * password built from the user's own e-mail scores low (Stytch passes the e-mail as user input).
 */
function userInputs(email: string | undefined): string[] {
  if (email === undefined || email.trim() === '') return [];
  const address = email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  return [address, local, ...local.split(/[._+-]+/), ...domain.split('.')].filter((word) => word.length > 1);
}

/** Stytch's verdict on a password under the project's policy (POST /passwords/strength_check). */
export function checkPasswordStrength(password: string, email: string | undefined, policy: PasswordPolicy): StrengthCheck {
  const result = zxcvbn(password.slice(0, MAX_SCORED_LENGTH), userInputs(email));
  // With breach detection off, Stytch never reports a password as breached.
  const breached = policy.breach_detection_on_create && isBreachedPassword(password);
  if (policy.strength_policy === 'luds') {
    const luds = ludsRequirements(password, policy.luds_min_length, policy.luds_min_complexity);
    return {
      valid_password: luds.missing_characters === 0 && luds.missing_complexity === 0 && !breached,
      score: result.score,
      breached_password: breached,
      breach_detection_on_create: policy.breach_detection_on_create,
      strength_policy: 'luds',
      feedback: { warning: '', suggestions: [], luds_requirements: luds },
    };
  }
  return {
    valid_password: result.score >= MIN_ZXCVBN_SCORE && !breached,
    score: result.score,
    breached_password: breached,
    breach_detection_on_create: policy.breach_detection_on_create,
    strength_policy: 'zxcvbn',
    feedback: {
      warning: sentence(result.feedback.warning),
      suggestions: result.feedback.suggestions.map(sentence),
      // Under zxcvbn the LUDS counts do not apply: the classes are reported, nothing is missing.
      luds_requirements: ludsRequirements(password, 0, 0),
    },
  };
}

/**
 * Refuses a password a new account or a reset may not use: 400 `breached_password` when breach
 * detection found it, else 400 `weak_password` when the policy rejects it.
 */
export function assertAcceptablePassword(check: StrengthCheck): void {
  if (check.breached_password) {
    throw new SandboxError(
      400,
      'breached_password',
      'This password may have been used on a different site that experienced a security issue. Please choose another password.',
    );
  }
  if (!check.valid_password) {
    const why =
      check.strength_policy === 'luds'
        ? `It needs ${check.feedback.luds_requirements.missing_characters} more characters and ${check.feedback.luds_requirements.missing_complexity} more kinds of character.`
        : `Its strength score is ${check.score}; at least ${MIN_ZXCVBN_SCORE} is required.`;
    throw new SandboxError(400, 'weak_password', `Password does not meet the strength requirements. ${why}`);
  }
}

// ── locks after repeated failures ───────────────────────────────────────────────────────────

/** Whether the user is locked out of password sign-in now. An expired lock no longer counts. */
export function isLocked(lock: PasswordLockRecord | undefined, now: number): boolean {
  return lock !== undefined && lock.lockedUntil !== null && now < lock.lockedUntil;
}

/**
 * One more failed attempt. Reaching `threshold` consecutive failures locks the user for
 * `minutes`; the count starts again after an expired lock.
 */
export function recordFailure(lock: PasswordLockRecord | undefined, now: number, threshold: number, minutes: number): PasswordLockRecord {
  const expired = lock !== undefined && lock.lockedUntil !== null && now >= lock.lockedUntil;
  const failures = (lock === undefined || expired ? 0 : lock.failures) + 1;
  return { failures, lockedUntil: failures >= threshold ? now + minutes * 60_000 : null };
}
