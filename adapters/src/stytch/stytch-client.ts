import { authError, fail, ok, type AbortSignalLike, type CallOptions, type LoggerPort, type Result } from '@vestibule/core';
import type * as StytchHeadless from '@stytch/vanilla-js/headless';
import type { StytchClient } from '@stytch/vanilla-js/headless';
import { mapStytchError } from './map-stytch-error';
import { observeRetryAfter, type FetchHost, type RetryAfterObserver } from './retry-after-observer';
import { readCookieOptions, type StytchCookieOptions } from './stytch-cookie-options';
import { sessionCookies, type SessionCookies } from './stytch-session-cookies';
import { createSessionReader, type SessionReader } from './stytch-session.reader';
import { silenceSdkRefresher } from './stytch-sdk-refresher';
import { guardStytchStateStorage } from './stytch-state-storage.guard';

/** How every Stytch adapter is configured; one set of options gives one shared SDK client. */
export interface StytchAdaptersOptions {
  /** The project's public token (`public-token-test-…` or `public-token-live-…`). */
  readonly publicToken: string;
  /**
   * Absolute base URL of the Stytch API, e.g. `http://localhost:5173/__sandbox/stytch` for the
   * sandbox. Omit to use Stytch's own test or live API, chosen by the token.
   */
  readonly apiBaseUrl?: string;
  /** How the SDK module is loaded; lazy by default so it stays out of the first load. */
  readonly loadSdk?: () => Promise<typeof StytchHeadless>;
  /** Where the SDK's `fetch` is observed for `Retry-After` (default `globalThis`). */
  readonly fetchHost?: FetchHost;
  /** Where malformed provider data is reported (default: the browser console). */
  readonly logger?: LoggerPort;
  /**
   * The SDK's `cookieOptions`: the session cookies' names, path and domain. Checked when the
   * runtime is created (a bad value throws a `StytchConfigurationError` naming the option), then
   * given to the SDK and used by the adapters' own clearing of those cookies. Omit for the SDK's
   * defaults (`stytch_session`, `stytch_session_jwt`, path `/`, this host only).
   */
  readonly cookieOptions?: StytchCookieOptions;
}

/** The SDK client shared by the Stytch adapters, created on first use. */
export interface StytchRuntime {
  readonly apiBaseUrl: string;
  readonly publicToken: string;
  /** Loads the SDK and creates the client (once). */
  client(): Promise<StytchClient>;
  /** The client if something already created it. */
  readonly current: StytchClient | null;
  /** Turns the SDK's user and session into the product's; the one way the adapters read them. */
  readonly sessionReader: SessionReader;
  /** The cookies the SDK keeps the session in, under the configured `cookieOptions`. */
  readonly cookies: SessionCookies;
  /**
   * Runs one SDK call as a port call: resolves to a `Result`, never throws, maps errors with what
   * was seen on the wire for `path` (e.g. `/sdk/v1/sessions/revoke`), and resolves at once with a
   * failure when `options.signal` aborts (the SDK itself cannot be aborted).
   */
  call<T>(path: string, options: CallOptions | undefined, run: (client: StytchClient) => Promise<T>): Promise<Result<T>>;
  /** Restores `fetch` and stops screening the SDK's storage (tests). */
  dispose(): void;
}

function defaultApiBaseUrl(publicToken: string): string {
  return publicToken.includes('public-token-test') ? 'https://test.stytch.com' : 'https://api.stytch.com';
}

/** The failure of a call its caller gave up on (cancelled or timed out). */
export const abortedCall = () => authError('timeout', { cause: 'aborted' });

/**
 * Resolves with `promise`'s result, or with a failure as soon as `signal` aborts. The work behind
 * `promise` goes on; its late result is dropped.
 */
export function raceAbort<T>(promise: Promise<Result<T>>, signal: AbortSignalLike | undefined): Promise<Result<T>> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.resolve(fail(abortedCall()));
  return new Promise((resolve) => {
    const onAbort = () => resolve(fail(abortedCall()));
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then((result) => {
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    });
  });
}

/** Like the browser's console logger (adapters/browser), which this folder may not import. */
const consoleLogger: LoggerPort = {
  error: (message, detail) => (detail === undefined ? console.error(`[vestibule] ${message}`) : console.error(`[vestibule] ${message}`, detail)),
};

/** Where the session is refreshed: the SDK's start-up refresh and the product's check on load share this request. */
const SESSION_REFRESH_PATH = '/sdk/v1/sessions/authenticate';

/**
 * The shared SDK client for `options`, created on first use. Throws a `StytchConfigurationError`
 * at once when `options.cookieOptions` is unusable (they may come untyped, from JSON).
 */
export function createStytchRuntime(options: StytchAdaptersOptions): StytchRuntime {
  const cookieOptions = readCookieOptions(options.cookieOptions);
  const cookies = sessionCookies(cookieOptions);
  const logger = options.logger ?? consoleLogger;
  const sessionReader = createSessionReader(logger);
  let unguard: (() => void) | null = null;
  const apiBaseUrl = (options.apiBaseUrl ?? defaultApiBaseUrl(options.publicToken)).replace(/\/+$/, '');
  const loadSdk = options.loadSdk ?? (() => import('@stytch/vanilla-js/headless'));
  let clientPromise: Promise<StytchClient> | null = null;
  let current: StytchClient | null = null;
  let observer: RetryAfterObserver | null = null;

  const client = (): Promise<StytchClient> => {
    clientPromise ??= loadSdk().then(
      ({ StytchClient }) => {
        // Installed with the client, so it wraps whatever `fetch` is current then (e.g. msw's).
        observer ??= observeRetryAfter(apiBaseUrl, options.fetchHost, undefined, { shareIdenticalRequestsTo: [SESSION_REFRESH_PATH] });
        // Before the client, so the screen sees another tab's write before the SDK's listener.
        unguard ??= guardStytchStateStorage(options.publicToken, sessionReader, cookies);
        const clientOptions: ConstructorParameters<typeof StytchClient>[1] = {
          ...(cookieOptions === undefined ? {} : { cookieOptions }),
          // `endpoints` is undocumented and untyped, but it is the one option that accepts an
          // http localhost URL verbatim (research/stytch-sdk.md §2).
          ...(options.apiBaseUrl ? ({ endpoints: { testAPIURL: apiBaseUrl, liveAPIURL: apiBaseUrl } } as object) : {}),
        };
        current = new StytchClient(options.publicToken, clientOptions);
        silenceSdkRefresher(current, logger);
        return current;
      },
      (error: unknown) => {
        clientPromise = null; // a failed chunk download may succeed on the next attempt
        throw error;
      },
    );
    return clientPromise;
  };

  const call = <T>(path: string, callOptions: CallOptions | undefined, run: (client: StytchClient) => Promise<T>): Promise<Result<T>> => {
    const signal = callOptions?.signal;
    if (signal?.aborted === true) return Promise.resolve(fail(abortedCall()));
    const since = observer?.mark() ?? 0;
    const attempt = client()
      .then(run)
      .then(
        (value) => ok(value),
        (error: unknown) => fail<T>(mapStytchError(error, observer?.take(path, since))),
      );
    return raceAbort(attempt, signal);
  };

  return {
    apiBaseUrl,
    publicToken: options.publicToken,
    client,
    get current() {
      return current;
    },
    sessionReader,
    cookies,
    call,
    dispose: () => {
      observer?.dispose();
      unguard?.();
      unguard = null;
    },
  };
}
