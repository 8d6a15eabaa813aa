import { from } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { NO_EVENTS, mapStream, stream } from './stream';

describe('the core stream (rxjs-shaped, without rxjs in the first load)', () => {
  it('delivers values, then one end; nothing after it; its teardown once', () => {
    const seen: unknown[] = [];
    let teardowns = 0;
    const values = stream<number>((subscriber) => {
      subscriber.next(1);
      subscriber.next(2);
      subscriber.complete();
      subscriber.next(3);
      subscriber.error(new Error('late'));
      return () => void (teardowns += 1);
    });
    const handle = values.subscribe({ next: (value) => seen.push(value), error: (error) => seen.push(error), complete: () => seen.push('done') });
    handle.unsubscribe();
    expect(seen).toEqual([1, 2, 'done']);
    expect(teardowns).toBe(1);
  });

  it('stops at unsubscribe: the producer sees it closed, and is torn down once', () => {
    let teardowns = 0;
    let emit: (value: number) => void = () => undefined;
    let closed = () => false;
    const seen: number[] = [];
    const handle = stream<number>((subscriber) => {
      emit = (value) => subscriber.next(value);
      closed = () => subscriber.closed;
      return { unsubscribe: () => void (teardowns += 1) };
    }).subscribe({ next: (value) => seen.push(value) });
    emit(1);
    handle.unsubscribe();
    handle.unsubscribe();
    emit(2);
    expect(seen).toEqual([1]);
    expect(closed()).toBe(true);
    expect(teardowns).toBe(1);
  });

  it('errors when the producer throws', () => {
    const errors: unknown[] = [];
    stream(() => {
      throw new Error('boom');
    }).subscribe({ error: (error) => errors.push(error) });
    expect(errors).toEqual([new Error('boom')]);
  });

  it('takes rxjs observables as sources (lazily loaded code may use rxjs), and completes at once with no events', () => {
    const collected: number[] = [];
    mapStream(from([1, 2, 3]), (value) => value * 10).subscribe({ next: (value) => collected.push(value) });
    expect(collected).toEqual([10, 20, 30]);
    let completed = false;
    NO_EVENTS.subscribe({ complete: () => (completed = true) });
    expect(completed).toBe(true);
  });
});
