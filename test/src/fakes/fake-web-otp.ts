import type { WebOtpPort } from '@vestibule/core';

/**
 * The WebOTP API without a phone: `listen` waits until the test calls `deliver(code)`, which
 * reaches every listener not yet stopped; each listener hears one code at most, as with the
 * browser's one-shot request. `listens` counts calls to `listen`, `stops` calls to a stop function.
 */
export class FakeWebOtp implements WebOtpPort {
  listens = 0;
  stops = 0;
  private readonly listeners = new Set<(code: string) => void>();

  listen(onCode: (code: string) => void): () => void {
    this.listens++;
    const listener = (code: string) => onCode(code);
    this.listeners.add(listener);
    return () => {
      this.stops++;
      this.listeners.delete(listener);
    };
  }

  /** How many listeners wait for a code now. */
  get listening(): number {
    return this.listeners.size;
  }

  /** An SMS arrives: every waiting listener gets `code` and stops waiting. */
  deliver(code: string): void {
    const waiting = [...this.listeners];
    this.listeners.clear();
    for (const listener of waiting) listener(code);
  }
}
