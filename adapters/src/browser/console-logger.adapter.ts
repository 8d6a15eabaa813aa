import type { LoggerPort } from '@vestibule/core';

/** Logs to the browser console (SPEC §8: failing error callbacks are logged there). */
export function createConsoleLogger(sink: Pick<Console, 'error'> = console): LoggerPort {
  return { error: (message, detail) => sink.error(`[vestibule] ${message}`, detail) };
}
