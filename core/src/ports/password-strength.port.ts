/** A quick local estimate of a password's strength (zxcvbn's scale), shown while the provider's check is pending. */
export interface LocalStrengthEstimate {
  /** 0 (guessable) to 4 (very unguessable). */
  readonly score: 0 | 1 | 2 | 3 | 4;
  readonly warning: string;
  readonly suggestions: readonly string[];
}

/**
 * Scores passwords on the device, so the strength meter follows every keystroke without a
 * round trip. The estimator is heavy (dictionaries): it loads on first use, off the first load.
 */
export interface PasswordStrengthEstimatorPort {
  /** Starts loading the estimator (e.g. when a password field is focused). Idempotent; never throws. */
  preload(): void;
  /**
   * Estimates `password`; `userInputs` (the e-mail address) count as guessable. Rejects when the
   * estimator cannot load: the provider's check still decides.
   */
  estimate(password: string, userInputs: readonly string[]): Promise<LocalStrengthEstimate>;
}
