/**
 * What one observed provider answer said about backing off: its HTTP status and, when it sent a
 * `Retry-After` header, how long to wait.
 */
export interface ObservedFailure {
  readonly status: number;
  readonly retryAfterMs?: number;
}

/**
 * Sees the HTTP status and `Retry-After` of provider answers the SDK does not hand to callers.
 * Calls take a {@link RetryAfterObserver.mark} before they start and ask {@link RetryAfterObserver.take}
 * after a failure, so an answer is only ever attached to a call that was running when it came.
 */
export interface RetryAfterObserver {
  /** A position in the stream of observed answers; pass it to `take`. */
  mark(): number;
  /**
   * The most recent 429/5xx answer to `path` (relative to the base URL, e.g.
   * `/sdk/v1/magic_links/email/login_or_create`) observed after `since`; consumed once.
   */
  take(path: string, since: number): ObservedFailure | undefined;
  /** Removes the observing wrapper when nothing wrapped `fetch` after it. */
  dispose(): void;
}

/** Where `fetch` lives (`globalThis` in production; a stand-in object in tests). */
export interface FetchHost {
  fetch: typeof fetch;
}

export interface ObserverOptions {
  /**
   * Paths (e.g. `/sdk/v1/sessions/authenticate`) where a request identical to one still in flight
   * (method, URL, credentials, body) waits for that one's answer instead of going out again: the
   * SDK's own start-up refresh and the product's check on load are one request.
   */
  readonly shareIdenticalRequestsTo?: readonly string[];
}

/**
 * Parses a `Retry-After` value: delay-seconds or an HTTP date (RFC 9110 §10.2.3). Returns
 * milliseconds, or `undefined` for anything else.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // HTTP dates name the weekday and month; this keeps `Date.parse` from reading e.g. "-5" as a year.
  const date = /[A-Za-z]/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * What makes two requests the same request: method, URL, credentials header and body. Only plain
 * string bodies (the SDK's JSON) are compared; anything else is never shared.
 */
function sameRequestKey(url: string, input: RequestInfo | URL, init: RequestInit | undefined): string | null {
  if (typeof input !== 'string' && !(input instanceof URL)) return null;
  const body = init?.body ?? '';
  if (typeof body !== 'string') return null;
  const authorization = new Headers(init?.headers).get('authorization') ?? '';
  return JSON.stringify([(init?.method ?? 'GET').toUpperCase(), url, authorization, body]);
}

/**
 * Wraps `host.fetch` so that 429 and 5xx answers from URLs under `baseUrl` are remembered by
 * path. The SDK calls the global `fetch` at request time and never exposes response headers,
 * so this is the one place `Retry-After` can be read (docs/decisions.md, "Retry-After").
 * Other URLs and every response pass through untouched.
 */
export function observeRetryAfter(
  baseUrl: string,
  host: FetchHost = globalThis,
  now: () => number = () => Date.now(),
  options: ObserverOptions = {},
): RetryAfterObserver {
  const prefix = baseUrl.replace(/\/+$/, '');
  const observed = new Map<string, ObservedFailure & { readonly seq: number }>();
  const inFlight = new Map<string, Promise<Response>>();
  const shared = new Set(options.shareIdenticalRequestsTo ?? []);
  let seq = 0;
  const original = host.fetch;

  const wrapper: typeof fetch = async (input, init) => {
    const url = urlOf(input);
    const key = shared.has(url.slice(prefix.length)) && url.startsWith(`${prefix}/`) ? sameRequestKey(url, input, init) : null;
    if (key === null) return observe(input, original.call(host, input, init));
    const running = inFlight.get(key);
    // Each caller reads its own copy; the shared answer itself is never read.
    if (running !== undefined) return running.then((response) => response.clone());
    const request = observe(input, original.call(host, input, init));
    inFlight.set(key, request);
    const forget = () => void inFlight.delete(key);
    request.then(forget, forget);
    return request.then((response) => response.clone());
  };

  const observe = async (input: RequestInfo | URL, pending: Promise<Response>): Promise<Response> => {
    const response = await pending;
    if (response.status === 429 || response.status >= 500) {
      const url = urlOf(input);
      if (url.startsWith(`${prefix}/`)) {
        const path = url.slice(prefix.length).split(/[?#]/)[0] ?? '';
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
        observed.set(path, { seq: ++seq, status: response.status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
      }
    }
    return response;
  };
  host.fetch = wrapper;

  return {
    mark: () => seq,
    take: (path, since) => {
      const entry = observed.get(path);
      if (entry === undefined || entry.seq <= since) return undefined;
      observed.delete(path);
      return entry.retryAfterMs === undefined ? { status: entry.status } : { status: entry.status, retryAfterMs: entry.retryAfterMs };
    },
    dispose: () => {
      if (host.fetch === wrapper) host.fetch = original;
      observed.clear();
    },
  };
}
