import { describe, expect, it } from 'vitest';
import { retryTick, retryWindowAfter, tickRetryWindow } from './retry-countdown';
import { isWaiting, retrySecondsLeft } from './retry-window';

describe('a Retry-After wait', () => {
  it('is opened only when the provider named a wait', () => {
    expect(retryWindowAfter({}, 1_000)).toBeNull();
    expect(retryWindowAfter({ retryAfterMs: 2_500 }, 1_000)).toEqual({ until: 3_500, now: 1_000 });
  });

  it('counts down in whole seconds, rounded up, and closes at its deadline', () => {
    let wait = retryWindowAfter({ retryAfterMs: 2_500 }, 0);
    expect(retrySecondsLeft(wait)).toBe(3);
    expect(isWaiting(wait, 0)).toBe(true);
    wait = tickRetryWindow(wait, 1_000);
    expect(retrySecondsLeft(wait)).toBe(2);
    wait = tickRetryWindow(wait, 2_000);
    expect(retrySecondsLeft(wait)).toBe(1);
    expect(isWaiting(wait, 2_499)).toBe(true);
    expect(isWaiting(wait, 2_500)).toBe(false);
    expect(tickRetryWindow(wait, 2_500)).toBeNull();
    expect(retrySecondsLeft(null)).toBeNull();
  });

  it('ticks every second under one key per scope', () => {
    expect(retryTick('magicLink', { type: 'tick' })).toEqual({ type: 'timer', key: 'magicLink:retry-tick', delayMs: 1_000, event: { type: 'tick' } });
  });
});
