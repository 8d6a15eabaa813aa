import { authError, fail, type AbortSignalLike, type AuthError, type CallOptions, type Result } from '@vestibule/core';

/** Releases a held call with the result it should resolve to. */
export type Release<T> = (result: Result<T>) => void;

/**
 * Scripted outcomes for one fake method, consumed in order: `failNext` answers the next call
 * with an error, `holdNext` keeps it in flight until released. Unscripted calls get the fake's
 * normal behaviour.
 */
export class CallScript<T> {
  private readonly queue: Array<(() => Promise<Result<T>>) | Result<T>> = [];

  /** The next call fails with `error`. */
  failNext(error: AuthError): void {
    this.queue.push(fail(error));
  }

  /** The next call resolves with `result`. */
  resolveNext(result: Result<T>): void {
    this.queue.push(result);
  }

  /**
   * The next call stays in flight until the returned function is called with its result (or
   * its caller aborts it).
   */
  holdNext(): Release<T> {
    let release: Release<T> = () => undefined;
    const held = new Promise<Result<T>>((resolve) => (release = resolve));
    this.queue.push(() => held);
    return (result) => release(result);
  }

  /** Runs the next call: the scripted outcome if any, else `normal()`; honours `options.signal`. */
  run(options: CallOptions | undefined, normal: () => Result<T>): Promise<Result<T>> {
    const signal = options?.signal;
    if (signal?.aborted === true) return Promise.resolve(aborted<T>());
    const scripted = this.queue.shift();
    // Resolve on a later microtask, as a network answer would.
    const outcome: Promise<Result<T>> =
      scripted === undefined ? Promise.resolve().then(normal) : typeof scripted === 'function' ? scripted() : Promise.resolve(scripted);
    return signal === undefined ? outcome : raceAbort(outcome, signal);
  }
}

/** What a fake answers to a call its caller aborted (the real adapters answer the same). */
const aborted = <T>(): Result<T> => fail(authError('timeout', { cause: 'aborted' }));

function raceAbort<T>(outcome: Promise<Result<T>>, signal: AbortSignalLike): Promise<Result<T>> {
  return new Promise((resolve) => {
    const onAbort = () => resolve(aborted<T>());
    signal.addEventListener('abort', onAbort, { once: true });
    void outcome.then((result) => {
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    });
  });
}
