/**
 * SPEC §4 background refresh: how often a live session is refreshed, and how long to wait after a
 * refresh that failed for a reason that may pass (offline, 5xx, 429, a timeout).
 */

/** A live session is refreshed this long after the provider last confirmed it. */
export const SESSION_REFRESH_INTERVAL_MS = 3 * 60_000;

/** The first retry after a failed refresh waits this long, doubling with each further failure. */
const REFRESH_BACKOFF_BASE_MS = 2000;

/** Each wait is moved by up to this much either way, so tabs and visitors do not retry in step. */
export const REFRESH_BACKOFF_JITTER_MS = 175;

/** The wait stops doubling after this many doublings (2 s × 2⁷ = 256 s). */
const REFRESH_BACKOFF_MAX_DOUBLINGS = 7;

/**
 * How long to wait before the next attempt after `failures` failed refreshes in a row (1 for the
 * first failure): 2 s, 4 s, 8 s … capped at 256 s, each moved by a whole number of milliseconds in
 * [-175, +175]. `random` returns a number in [0, 1) (`Math.random`, or a fixed source in tests).
 */
export function refreshBackoffMs(failures: number, random: () => number): number {
  const doublings = Math.min(Math.max(0, Math.floor(failures) - 1), REFRESH_BACKOFF_MAX_DOUBLINGS);
  // A broken source (NaN, outside [0, 1)) must not make the wait negative or endless.
  const drawn = random();
  const unit = Math.min(Math.max(Number.isFinite(drawn) ? drawn : 0.5, 0), 0.999_999);
  const jitter = Math.floor(unit * (2 * REFRESH_BACKOFF_JITTER_MS + 1)) - REFRESH_BACKOFF_JITTER_MS;
  return REFRESH_BACKOFF_BASE_MS * 2 ** doublings + jitter;
}
