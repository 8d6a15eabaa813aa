import { describe, expect, it } from 'vitest';
import { observeRetryAfter, parseRetryAfter } from './retry-after-observer';

const BASE = 'http://localhost:5173/__sandbox/stytch';
const NOW = Date.parse('2026-11-21T12:00:00Z');

function hostAnswering(status: number, headers: Record<string, string> = {}) {
  const host = { fetch: (async () => new Response('{}', { status, headers })) as typeof fetch };
  const original = host.fetch;
  return { host, original };
}

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', NOW)).toBe(0);
  });

  it('ignores a missing or malformed value', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
  });
});

describe('observeRetryAfter', () => {
  it('remembers a 429 under the base URL by path, for a call that started before it', async () => {
    const { host } = hostAnswering(429, { 'Retry-After': '7' });
    const observer = observeRetryAfter(BASE, host, () => NOW);
    const since = observer.mark();
    await host.fetch(`${BASE}/sdk/v1/magic_links/email/login_or_create`, { method: 'POST' });
    expect(observer.take('/sdk/v1/magic_links/email/login_or_create', since)).toEqual({ status: 429, retryAfterMs: 7000 });
    // consumed: a later failure of the same call does not inherit it
    expect(observer.take('/sdk/v1/magic_links/email/login_or_create', since)).toBeUndefined();
  });

  it('does not hand an earlier answer to a call that started after it', async () => {
    const { host } = hostAnswering(503, { 'Retry-After': '3' });
    const observer = observeRetryAfter(BASE, host, () => NOW);
    await host.fetch(`${BASE}/sdk/v1/sessions/authenticate`);
    expect(observer.take('/sdk/v1/sessions/authenticate', observer.mark())).toBeUndefined();
  });

  it('matches by path, ignoring the query, and keeps the most recent answer', async () => {
    const host = { fetch: (async (input: RequestInfo | URL) => new Response('', { status: 503, headers: { 'Retry-After': String(input).endsWith('2') ? '2' : '1' } })) as typeof fetch };
    const observer = observeRetryAfter(BASE, host, () => NOW);
    const since = observer.mark();
    await host.fetch(`${BASE}/sdk/v1/x?try=1`);
    await host.fetch(new URL(`${BASE}/sdk/v1/x?try=2`));
    expect(observer.take('/sdk/v1/y', since)).toBeUndefined();
    expect(observer.take('/sdk/v1/x', since)).toEqual({ status: 503, retryAfterMs: 2000 });
  });

  it('ignores successes, other client errors and other hosts', async () => {
    for (const [status, url] of [
      [200, `${BASE}/sdk/v1/a`],
      [400, `${BASE}/sdk/v1/a`],
      [429, 'https://elsewhere.example/sdk/v1/a'],
      [429, `${BASE}-evil/sdk/v1/a`],
    ] as const) {
      const { host } = hostAnswering(status, { 'Retry-After': '9' });
      const observer = observeRetryAfter(BASE, host, () => NOW);
      await host.fetch(url);
      expect(observer.take('/sdk/v1/a', 0)).toBeUndefined();
    }
  });

  it('records the status of a 5xx without Retry-After', async () => {
    const { host } = hostAnswering(500);
    const observer = observeRetryAfter(BASE, host, () => NOW);
    await host.fetch(`${BASE}/sdk/v1/a`);
    expect(observer.take('/sdk/v1/a', 0)).toEqual({ status: 500 });
  });

  it('passes the response through untouched and restores fetch on dispose', async () => {
    const { host, original } = hostAnswering(429, { 'Retry-After': '1' });
    const observer = observeRetryAfter(BASE, host, () => NOW);
    expect(host.fetch).not.toBe(original);
    const response = await host.fetch(`${BASE}/sdk/v1/a`);
    expect(response.status).toBe(429);
    expect(await response.text()).toBe('{}');
    observer.dispose();
    expect(host.fetch).toBe(original);
  });
});

describe('sharing identical requests in flight', () => {
  const REFRESH = `${BASE}/sdk/v1/sessions/authenticate`;
  /** A provider whose answers wait until released, counting what reaches it. */
  function slowHost() {
    const received: string[] = [];
    const releases: Array<() => void> = [];
    const host = {
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        received.push(`${String(input)} ${String(init?.body ?? '')}`);
        return new Promise<Response>((resolve) => releases.push(() => resolve(new Response(JSON.stringify({ n: received.length }), { status: 200 }))));
      }) as typeof fetch,
    };
    return { host, received, release: () => releases.splice(0).forEach((release) => release()) };
  }
  const post = (body: string, authorization = 'Basic a') => ({ method: 'POST', body, headers: { Authorization: authorization } });

  it('sends an identical request once while the first is in flight, and each caller reads the answer', async () => {
    const { host, received, release } = slowHost();
    observeRetryAfter(BASE, host, () => NOW, { shareIdenticalRequestsTo: ['/sdk/v1/sessions/authenticate'] });
    const first = host.fetch(REFRESH, post('{}'));
    const second = host.fetch(REFRESH, post('{}'));
    release();
    expect(await (await first).json()).toEqual({ n: 1 });
    expect(await (await second).json()).toEqual({ n: 1 });
    expect(received).toHaveLength(1);
    // Once answered, the next identical request goes out.
    const third = host.fetch(REFRESH, post('{}'));
    release();
    expect(await (await third).json()).toEqual({ n: 2 });
  });

  it('sends requests that differ in body or credentials, or go to other paths, each on its own', async () => {
    const { host, received, release } = slowHost();
    observeRetryAfter(BASE, host, () => NOW, { shareIdenticalRequestsTo: ['/sdk/v1/sessions/authenticate'] });
    const pending = [
      host.fetch(REFRESH, post('{}')),
      host.fetch(REFRESH, post('{"session_duration_minutes":60}')),
      host.fetch(REFRESH, post('{}', 'Basic b')),
      host.fetch(`${BASE}/sdk/v1/sessions/revoke`, post('{}')),
      host.fetch(`${BASE}/sdk/v1/sessions/revoke`, post('{}')),
    ];
    release();
    await Promise.all(pending);
    expect(received).toHaveLength(5);
  });
});
