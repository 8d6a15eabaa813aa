import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFRESH_BACKOFF_JITTER_MS, refreshBackoffMs } from './refresh-schedule';

const fixed = (value: number) => () => value;

describe('refresh backoff (SPEC §4: from 2 s, doubling, ±175 ms jitter, capped at the 7th doubling)', () => {
  it('waits 2 s, 4 s, 8 s … 256 s without jitter, then stays at 256 s', () => {
    // 0.5 of 351 steps is step 175: no jitter.
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((failures) => refreshBackoffMs(failures, fixed(0.5)));
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 256_000, 256_000]);
  });

  it('moves each wait by at most 175 ms either way, reaching both ends', () => {
    expect(refreshBackoffMs(1, fixed(0))).toBe(2000 - 175);
    expect(refreshBackoffMs(1, fixed(0.999_999_9))).toBe(2000 + 175);
  });

  it('keeps any failure count and any random draw within the doubling and its jitter (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (failures, draw) => {
        const wait = refreshBackoffMs(failures, fixed(draw));
        const base = 2000 * 2 ** Math.min(failures - 1, 7);
        expect(Number.isInteger(wait)).toBe(true);
        expect(Math.abs(wait - base)).toBeLessThanOrEqual(REFRESH_BACKOFF_JITTER_MS);
      }),
    );
  });

  it('never shortens the wait from one failure to the next by more than the jitter (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (failures, first, second) => {
        const now = refreshBackoffMs(failures, fixed(first));
        const next = refreshBackoffMs(failures + 1, fixed(second));
        expect(next).toBeGreaterThanOrEqual(now - 2 * REFRESH_BACKOFF_JITTER_MS);
        expect(next).toBeLessThanOrEqual(256_000 + REFRESH_BACKOFF_JITTER_MS);
      }),
    );
  });

  it('stays positive and finite with a broken random source', () => {
    for (const broken of [Number.NaN, -1, 2, Number.POSITIVE_INFINITY]) {
      const wait = refreshBackoffMs(3, fixed(broken));
      expect(wait).toBeGreaterThan(0);
      expect(Number.isFinite(wait)).toBe(true);
    }
  });
});
