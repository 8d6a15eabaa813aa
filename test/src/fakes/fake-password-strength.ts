import type { LocalStrengthEstimate, PasswordStrengthEstimatorPort } from '@vestibule/core';

/**
 * A device estimator with zxcvbn's scale and none of its cost: the score grows with length
 * (0 below 6 characters, 4 from 16). `estimates` records every password asked about;
 * `failing` makes every estimate reject (an estimator that cannot load).
 */
export class FakePasswordStrength implements PasswordStrengthEstimatorPort {
  readonly estimates: string[] = [];
  preloads = 0;
  failing = false;

  preload(): void {
    this.preloads++;
  }

  estimate(password: string): Promise<LocalStrengthEstimate> {
    this.estimates.push(password);
    if (this.failing) return Promise.reject(new Error('The estimator could not load.'));
    const score = password.length >= 16 ? 4 : password.length >= 12 ? 3 : password.length >= 9 ? 2 : password.length >= 6 ? 1 : 0;
    return Promise.resolve({ score, warning: score < 3 ? 'Add another word or two.' : '', suggestions: [] });
  }
}
