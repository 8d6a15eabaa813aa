import type { LocalStrengthEstimate } from '@vestibule/core';

/** zxcvbn's call signature, so this file runs with whichever copy the caller loaded (worker or calling thread). */
export type ZxcvbnFunction = (password: string, userInputs?: string[]) => ZxcvbnResultLike;

/** The part of zxcvbn's result the meter uses. */
export interface ZxcvbnResultLike {
  readonly score: number;
  readonly feedback: { readonly warning: string; readonly suggestions: readonly string[] };
}

/**
 * zxcvbn scores only the first MAX_SCORED_LENGTH characters (UTF-16 code units, never half a
 * surrogate pair), because its time grows steeply with length on symbol-heavy strings.
 *
 * Measured in Node 20 on this repo's 2-vCPU VM (zxcvbn 4.4.2, median of 3 processes × 15 calls,
 * after warm-up; the 20 passwords of shared/research/strength-bench-passwords.json scored on
 * each prefix length, userInputs = one e-mail address):
 *
 *   prefix length          ≤8    12    16    20    24    28    32    36    40    48     56     64
 *   worst of the 20, ms   0.34  0.57  1.35  2.10  3.31  8.20  29.3  70.4  86.6  245    682    848
 *   (always #20, the 62-character random string with 24 symbols; the other 19 stay under
 *    4 ms up to 40 characters, then #18 takes 9.4 ms at 49 characters, #19 15.6 ms at 64)
 *
 *   300 random strings of letters, digits and symbols per length, p50 / p95 ms:
 *     16: 1.1 / 2.1   20: 1.7 / 4.0   24: 2.4 / 5.8   28: 3.6 / 10.9   32: 5.3 / 15.0
 *
 * 24 keeps the worst bench password at ~3 ms on this machine (~13 ms on a phone 4× slower,
 * within a frame) while 28 already costs 8 ms and 32 costs 29 ms.
 *
 * Why a prefix's score stays a sensible answer: zxcvbn's guesses for a string are (about) a
 * product over the matches that cover it, so appending characters multiplies in factors ≥ 1: a longer
 * password is at least as strong as its prefix (the one exception is a cut repetition, e.g.
 * "cowboycowboy…", weak either way), so a prefix that already scores 4 makes the answer 4, and
 * a lower prefix score can only under-state the whole. In practice it rarely does: capped at
 * 24, all 20 bench passwords score as they do uncapped; 258 random phrases of 4–8 common
 * English words longer than 24 score identically; 8 of 214 concatenations of 3–6 common
 * passwords read 3 instead of 4. The provider's own check still decides on submit.
 */
export const MAX_SCORED_LENGTH = 24;

/** The part of `password` zxcvbn scores: its first MAX_SCORED_LENGTH code units, not ending in half a surrogate pair. */
export function capPassword(password: string, maxLength: number = MAX_SCORED_LENGTH): string {
  if (password.length <= maxLength) return password;
  const last = password.charCodeAt(maxLength - 1);
  const endsInHighSurrogate = last >= 0xd800 && last <= 0xdbff;
  return password.slice(0, endsInHighSurrogate ? maxLength - 1 : maxLength);
}

/** zxcvbn's result as the core's estimate: an integer score clamped to 0–4, and copies of its feedback. */
export function toLocalEstimate(result: ZxcvbnResultLike): LocalStrengthEstimate {
  const rounded = Number.isFinite(result.score) ? Math.round(result.score) : 0;
  const score = Math.min(4, Math.max(0, rounded)) as LocalStrengthEstimate['score'];
  const warning = typeof result.feedback?.warning === 'string' ? result.feedback.warning : '';
  const suggestions = Array.isArray(result.feedback?.suggestions) ? result.feedback.suggestions.filter((text) => typeof text === 'string') : [];
  return { score, warning, suggestions };
}

/** Caps `password`, scores it with `zxcvbn` and maps the result. Pure apart from zxcvbn itself. */
export function scorePassword(zxcvbn: ZxcvbnFunction, password: string, userInputs: readonly string[]): LocalStrengthEstimate {
  return toLocalEstimate(zxcvbn(capPassword(password), [...userInputs]));
}
