import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_BATCH_SIZE, EVENT_FLUSH_MS, createStytchTelemetryAdapter } from './stytch-telemetry.adapter';

const runtime = { apiBaseUrl: 'http://localhost:5173/__sandbox/stytch', publicToken: 'public-token-test-t' };
type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;
const sent = (post: FetchMock) =>
  post.mock.calls.map(([, init]) => (JSON.parse(String((init as RequestInit).body)) as Array<{ event: { event_name: string } }>).map((entry) => entry.event.event_name));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Stytch telemetry', () => {
  it(`sends events in one batch ${EVENT_FLUSH_MS} ms after the first`, () => {
    const post = vi.fn<typeof fetch>(async () => new Response('{}'));
    const telemetry = createStytchTelemetryAdapter(runtime, { fetch: post });
    telemetry.log({ name: 'render_login_screen', details: {} });
    vi.advanceTimersByTime(EVENT_FLUSH_MS - 1);
    telemetry.log({ name: 'email_sent', details: { email: 'ada@example.com', type: 'login_or_create_eml' } });
    expect(post).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sent(post)).toEqual([['render_login_screen', 'email_sent']]);
    expect(post.mock.calls[0]?.[0]).toBe(`${runtime.apiBaseUrl}/sdk/v1/events`);
  });

  it(`sends at once when ${EVENT_BATCH_SIZE} events are queued`, () => {
    const post = vi.fn<typeof fetch>(async () => new Response('{}'));
    const telemetry = createStytchTelemetryAdapter(runtime, { fetch: post });
    for (let i = 0; i < EVENT_BATCH_SIZE; i++) telemetry.log({ name: 'render_login_screen', details: { i } });
    expect(sent(post)).toHaveLength(1);
    expect(sent(post)[0]).toHaveLength(EVENT_BATCH_SIZE);
    vi.advanceTimersByTime(EVENT_FLUSH_MS);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('never lets a failing request reach the caller', async () => {
    const telemetry = createStytchTelemetryAdapter(runtime, { fetch: vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('fetch failed'))) });
    telemetry.log({ name: 'render_login_screen', details: {} });
    expect(() => vi.advanceTimersByTime(EVENT_FLUSH_MS)).not.toThrow();
    const throwing = createStytchTelemetryAdapter(runtime, {
      fetch: () => {
        throw new TypeError('blocked');
      },
    });
    throwing.log({ name: 'render_login_screen', details: {} });
    expect(() => vi.advanceTimersByTime(EVENT_FLUSH_MS)).not.toThrow();
  });
});
