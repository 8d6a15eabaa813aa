/** Where the core reports problems nobody else handles (SPEC §8: failing error callbacks). */
export interface LoggerPort {
  error(message: string, detail?: unknown): void;
}
