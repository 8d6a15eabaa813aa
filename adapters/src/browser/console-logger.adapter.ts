import type { LoggerPort } from '@vestibule/core';

/** Logs to the browser console (SPEC §8: failing error callbacks are logged there). */
export function createConsoleLogger(sink: Pick<Console, 'error'> = console): LoggerPort {
  return {
    // Without a detail the message stands alone (never a trailing "undefined" in the console).
    error: (message, detail) => (detail === undefined ? sink.error(`[vestibule] ${message}`) : sink.error(`[vestibule] ${message}`, detail)),
  };
}
