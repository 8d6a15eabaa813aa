import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timer } from 'rxjs';
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

  it('lets work reschedule itself (what periodic timers do) until unsubscribed', () => {
    const ticks: number[] = [];
    const subscription = timer(10, 10, timeoutScheduler).subscribe((tick) => ticks.push(tick));
    vi.advanceTimersByTime(35);
    expect(ticks).toEqual([0, 1, 2]);
    subscription.unsubscribe();
    vi.advanceTimersByTime(100);
    expect(ticks).toEqual([0, 1, 2]);
  });

  it('tells the time', () => {
    vi.setSystemTime(1_000_000);
    expect(timeoutScheduler.now()).toBe(1_000_000);
  });
});
