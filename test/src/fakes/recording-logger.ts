import type { LoggerPort } from '@vestibule/core';

/** Records logged errors instead of printing them. */
export class RecordingLogger implements LoggerPort {
  readonly errors: Array<{ readonly message: string; readonly detail: unknown }> = [];

  error(message: string, detail?: unknown): void {
    this.errors.push({ message, detail });
  }
}
