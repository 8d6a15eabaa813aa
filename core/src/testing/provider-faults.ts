import { authError, fail, ok, type AuthError, type Result } from '../domain/errors/auth-error';
import { providerError } from '../domain/errors/provider-error';
import type { MessageKey } from '../domain/i18n/message-ref';

// For core's own tests: the faults a network and the provider can produce, as a port hands them
// to the core (the adapters' mapping of the wire is tested at their level), and port methods whose
// next answer a test can script. The same six faults as the browser's fault matrix
// (test/e2e/fault-matrix.e2e.ts), so its rows can be checked here on virtual time.

/** How long a provider call may go unanswered before the visitor is told (the core's default). */
export const CALL_TIMEOUT_MS = 15_000;

/** One fault, as a port answers it, and what the visitor is then shown. */
export interface ProviderFault {
  /** As the browser's fault matrix names it. */
  readonly name: string;
  /** The port's answer, or `null` for a call that never answers (the call timeout ends it). */
  readonly error: AuthError | null;
  /** The message shown: its catalogue key… */
  readonly message: MessageKey;
  /** …and its English words. */
  readonly words: string;
  /** The provider's `Retry-After`, in seconds (a 429 that says how long to wait). */
  readonly waitSeconds?: number;
}

export const PROVIDER_FAULTS: readonly ProviderFault[] = [
  {
    name: 'network error',
    error: authError('network_unreachable'),
    message: 'error.network_unreachable',
    words: 'We could not reach the server. Check your connection and try again.',
  },
  {
    name: '429 + Retry-After',
    error: providerError('too_many_requests', { status: 429, serverMessage: 'Too many requests.', retryAfterMs: 3_000 }),
    message: 'error.too_many_requests',
    words: 'Too many attempts. Please wait a moment and try again.',
    waitSeconds: 3,
  },
  {
    name: '500',
    error: providerError('internal_server_error', { status: 500, serverMessage: 'Oops.' }),
    message: 'error.server_error',
    words: 'Something went wrong on our side. Please try again in a moment.',
  },
  {
    name: '503',
    error: providerError('service_unavailable', { status: 503, serverMessage: 'Down.' }),
    message: 'error.server_error',
    words: 'Something went wrong on our side. Please try again in a moment.',
  },
  {
    name: 'malformed JSON',
    error: authError('invalid_response'),
    message: 'error.invalid_response',
    words: 'The server sent an answer we could not read. Please try again.',
  },
  {
    name: 'hang past the timeout',
    error: null,
    message: 'error.timeout',
    words: 'The server is taking too long to answer. Please try again.',
  },
];

/** A port method that answers normally unless the test scripted its next answer; it records every call. */
export interface ScriptedCall<A extends readonly unknown[], T> {
  (...args: A): Promise<Result<T>>;
  /** The arguments of every call so far, oldest first. */
  readonly calls: A[];
  /** The next call answers with `fault` (a hang never answers). */
  failNext(fault: ProviderFault): void;
}

/** A scripted port method whose normal answer is `answer(...args)`. */
export function scriptedCall<A extends readonly unknown[], T>(answer: (...args: A) => T): ScriptedCall<A, T> {
  const calls: A[] = [];
  const scripted: ProviderFault[] = [];
  const call = (...args: A): Promise<Result<T>> => {
    calls.push(args);
    const fault = scripted.shift();
    if (fault === undefined) return Promise.resolve(ok(answer(...args)));
    // A hung call: nothing ever comes back; only the core's own deadline ends the wait.
    if (fault.error === null) return new Promise<Result<T>>(() => undefined);
    return Promise.resolve(fail(fault.error));
  };
  return Object.assign(call, { calls, failNext: (fault: ProviderFault) => void scripted.push(fault) });
}
