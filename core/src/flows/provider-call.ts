import type { Scheduler } from '../ports/scheduler.port';
import { stream, type Stream } from './stream';
import { authError, fail, type Result } from '../domain/errors/auth-error';
import type { CallOptions } from '../ports/call-options';
import type { LoggerPort } from '../ports/logger.port';
import { runAfter } from '../state/scheduling';

/** How long a provider call may take before the user is told and may retry. */
export const DEFAULT_CALL_TIMEOUT_MS = 15_000;

/** What {@link providerCall} needs from the core. */
export interface CallRuntime {
  readonly scheduler: Scheduler;
  readonly logger: LoggerPort;
  readonly callTimeoutMs: number;
  /**
   * Awaited before a failure is handed to the machine, so its message can be shown at once
   * (the error catalogue loads while the request is in flight).
   */
  readonly prepareErrorDisplay: () => Promise<void>;
}

/**
 * Runs a provider call as an effect: it starts on subscribe, is aborted on unsubscribe (a
 * cancelled or superseded effect), fails with `timeout` after {@link CallRuntime.callTimeoutMs}
 * on the injected scheduler, and turns a rejected promise into an `unexpected` failure plus a log
 * line. Whatever happens, exactly one event comes out — no spinner waits forever.
 */
export function providerCall<T, E>(
  runtime: CallRuntime,
  call: (options: CallOptions) => Promise<Result<T>>,
  toEvent: (result: Result<T>) => E,
  timeoutMs: number = runtime.callTimeoutMs,
): Stream<E> {
  return stream<E>((subscriber) => {
    const controller = new AbortController();
    let settled = false;
    const settle = (result: Result<T>) => {
      if (settled) return;
      settled = true;
      deadline.unsubscribe();
      const emit = () => {
        if (subscriber.closed) return;
        subscriber.next(toEvent(result));
        subscriber.complete();
      };
      if (result.ok) emit();
      else runtime.prepareErrorDisplay().then(emit, emit);
    };
    const deadline = runAfter(runtime.scheduler, timeoutMs, () => {
      controller.abort();
      settle(fail(authError('timeout')));
    });
    let pending: Promise<Result<T>>;
    try {
      pending = call({ signal: controller.signal });
    } catch (cause) {
      pending = Promise.reject(cause);
    }
    pending.then(settle, (cause: unknown) => {
      runtime.logger.error('A provider call rejected instead of resolving to a Result', cause);
      settle(fail(authError('unexpected', { cause })));
    });
    return () => {
      deadline.unsubscribe();
      if (!settled) {
        settled = true;
        controller.abort();
      }
    };
  });
}
