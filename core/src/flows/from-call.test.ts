import { describe, expect, it } from 'vitest';
import { fromCall } from './from-call';

describe('fromCall', () => {
  it('calls only when subscribed and emits the mapped result', async () => {
    let calls = 0;
    const source = fromCall(async () => ++calls, (n) => `result ${n}`);
    expect(calls).toBe(0);
    const seen = await new Promise<string[]>((resolve) => {
      const values: string[] = [];
      source.subscribe({ next: (value) => values.push(value), complete: () => resolve(values) });
    });
    expect(seen).toEqual(['result 1']);
  });

  it('drops a result that arrives after unsubscribe', async () => {
    let release: (value: number) => void = () => undefined;
    const values: number[] = [];
    const subscription = fromCall(() => new Promise<number>((resolve) => (release = resolve)), (n) => n).subscribe((n) => values.push(n));
    subscription.unsubscribe();
    release(7);
    await Promise.resolve();
    expect(values).toEqual([]);
  });
});
