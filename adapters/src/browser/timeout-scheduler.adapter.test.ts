import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timeoutScheduler } from './timeout-scheduler.adapter';

describe('timeoutScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs work after its delay, once, and not after it was cancelled', () => {
    const ran: string[] = [];
    timeoutScheduler.schedule(() => ran.push('first'), 100);
    const cancelled = timeoutScheduler.schedule(() => ran.push('cancelled'), 100);
    cancelled.unsubscribe();
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['first']);
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(['first']);
  });

  it("drives the core's periodic timers (each tick scheduling the next) until they stop", () => {
    let ticks = 0;
    let next = timeoutScheduler.schedule(function tick() {
      ticks += 1;
      next = timeoutScheduler.schedule(tick, 10);
    }, 10);
    vi.advanceTimersByTime(35);
    expect(ticks).toBe(3);
    next.unsubscribe();
    vi.advanceTimersByTime(100);
    expect(ticks).toBe(3);
  });

  it('tells the time', () => {
    vi.setSystemTime(1_000_000);
    expect(timeoutScheduler.now()).toBe(1_000_000);
  });
});
