import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it, vi } from 'vitest';
import { authError, fail, ok, type Result } from '../domain/errors/auth-error';
import type { CallOptions } from '../ports/call-options';
import { providerCall, type CallRuntime } from './provider-call';

const flushMicrotasks = async () => {
  for (let round = 0; round < 10; round++) await Promise.resolve();
};

function runtimeOn(scheduler: TestScheduler, timeoutMs = 1000) {
  const logged: unknown[] = [];
  const runtime: CallRuntime = {
    scheduler,
    logger: { error: (message, detail) => logged.push([message, detail]) },
    callTimeoutMs: timeoutMs,
    prepareErrorDisplay: () => Promise.resolve(),
  };
  return { runtime, logged };
}

describe('provider calls as effects', () => {
  it('emits the result of a resolved call', async () => {
    const scheduler = new TestScheduler(() => undefined);
    const { runtime } = runtimeOn(scheduler);
    const events: Array<Result<number>> = [];
    providerCall(runtime, () => Promise.resolve(ok(7)), (result) => result).subscribe((event) => events.push(event));
    await flushMicrotasks();
    expect(events).toEqual([ok(7)]);
  });

  it('fails with timeout after the deadline on virtual time, and aborts the call', () => {
    const scheduler = new TestScheduler(() => undefined);
    const { runtime } = runtimeOn(scheduler, 5000);
    let signal: CallOptions['signal'];
    const events: Array<Result<void>> = [];
    scheduler.run(({ flush }) => {
      providerCall(runtime, (options) => {
        signal = options.signal;
        return new Promise<Result<void>>(() => undefined); // hangs
      }, (result) => result).subscribe((event) => events.push(event));
      scheduler.schedule(() => expect(events).toEqual([]), 4999);
      flush();
    });
    return flushMicrotasks().then(() => {
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ ok: false, error: { code: 'timeout', retryable: true } });
      expect(signal?.aborted).toBe(true);
    });
  });

  it('turns a rejected promise into an unexpected failure and a log line', async () => {
    const scheduler = new TestScheduler(() => undefined);
    const { runtime, logged } = runtimeOn(scheduler);
    const events: Array<Result<void>> = [];
    providerCall(runtime, (): Promise<Result<void>> => Promise.reject(new Error('boom')), (result) => result).subscribe((event) => events.push(event));
    await flushMicrotasks();
    expect(events[0]).toMatchObject({ ok: false, error: { code: 'unexpected' } });
    expect(logged).toHaveLength(1);
  });

  it('turns a call that throws synchronously into a failure too', async () => {
    const scheduler = new TestScheduler(() => undefined);
    const { runtime } = runtimeOn(scheduler);
    const events: Array<Result<void>> = [];
    providerCall(runtime, (): Promise<Result<void>> => {
      throw new Error('sync');
    }, (result) => result).subscribe((event) => events.push(event));
    await flushMicrotasks();
    expect(events[0]).toMatchObject({ ok: false, error: { code: 'unexpected' } });
  });

  it('aborts the call and drops its result when unsubscribed', async () => {
    const scheduler = new TestScheduler(() => undefined);
    const { runtime } = runtimeOn(scheduler);
    let signal: CallOptions['signal'];
    let resolve: (result: Result<void>) => void = () => undefined;
    const events: unknown[] = [];
    const subscription = providerCall(runtime, (options) => {
      signal = options.signal;
      return new Promise<Result<void>>((done) => (resolve = done));
    }, (result) => result).subscribe((event) => events.push(event));
    subscription.unsubscribe();
    resolve(ok(undefined));
    await flushMicrotasks();
    expect(signal?.aborted).toBe(true);
    expect(events).toEqual([]);
  });

  it('waits for the error messages before reporting a failure', async () => {
    const scheduler = new TestScheduler(() => undefined);
    const { runtime } = runtimeOn(scheduler);
    let loaded: () => void = () => undefined;
    const prepareErrorDisplay = vi.fn(() => new Promise<void>((resolve) => (loaded = resolve)));
    const events: unknown[] = [];
    providerCall({ ...runtime, prepareErrorDisplay }, () => Promise.resolve(fail(authError('server_error'))), (result) => result).subscribe(
      (event) => events.push(event),
    );
    await flushMicrotasks();
    expect(events).toEqual([]);
    loaded();
    await flushMicrotasks();
    expect(events).toHaveLength(1);
  });
});
