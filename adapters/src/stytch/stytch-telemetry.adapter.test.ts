import type { ProviderLogRecord } from '@vestibule/core';
import { describe, expect, it, vi } from 'vitest';
import { createStytchTelemetryAdapter, type TelemetryPage } from './stytch-telemetry.adapter';

const runtime = { apiBaseUrl: 'http://localhost:5173/__sandbox/stytch', publicToken: 'public-token-test-t' };
const page: TelemetryPage = { hostname: 'shop.example', timezone: 'Europe/Paris', randomUUID: () => '0b7f4c1e-9a43-4a55-8d57-2b0f3e8c1a10' };
const RECORDS: ProviderLogRecord[] = [
  { id: '5c9f…-1', sentAt: Date.UTC(2026, 10, 26, 9, 30, 0, 125), name: 'render_login_screen', details: {} },
  { id: '5c9f…-2', sentAt: Date.UTC(2026, 10, 26, 9, 30, 4, 0), name: 'email_sent', details: { email: 'ada@example.com', type: 'login_or_create_eml' } },
];
type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;
const bodyOf = (post: FetchMock, call = 0) => JSON.parse(String((post.mock.calls[call]?.[1] as RequestInit).body)) as unknown;

describe('Stytch telemetry: sending what the core batched', () => {
  it("posts one batch as the SDK's wire format: {telemetry: {event_id, client_sent_at, …}, event: {…}}", () => {
    const post = vi.fn<typeof fetch>(async () => new Response('{"data":{}}'));
    createStytchTelemetryAdapter(runtime, { fetch: post }, page).send(RECORDS);
    expect(post).toHaveBeenCalledTimes(1);
    const [url, init] = post.mock.calls[0] ?? [];
    expect(url).toBe(`${runtime.apiBaseUrl}/sdk/v1/events`);
    expect(init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/json' }, keepalive: true });
    const telemetry = {
      app_session_id: 'app-session-id-0b7f4c1e-9a43-4a55-8d57-2b0f3e8c1a10',
      timezone: 'Europe/Paris',
      app: { identifier: 'shop.example' },
      sdk: { identifier: 'Vestibule', version: '0.1.0' },
    };
    expect(bodyOf(post)).toEqual([
      {
        telemetry: { ...telemetry, event_id: 'event-id-5c9f…-1', client_sent_at: '2026-11-26T09:30:00.125Z' },
        event: { public_token: runtime.publicToken, event_name: 'render_login_screen', details: {} },
      },
      {
        telemetry: { ...telemetry, event_id: 'event-id-5c9f…-2', client_sent_at: '2026-11-26T09:30:04.000Z' },
        event: { public_token: runtime.publicToken, event_name: 'email_sent', details: { email: 'ada@example.com', type: 'login_or_create_eml' } },
      },
    ]);
  });

  it('keeps one app session id per page and sends nothing for an empty batch', () => {
    const post = vi.fn<typeof fetch>(async () => new Response('{}'));
    const telemetry = createStytchTelemetryAdapter(runtime, { fetch: post }, page);
    telemetry.send([]);
    expect(post).not.toHaveBeenCalled();
    telemetry.send(RECORDS.slice(0, 1));
    telemetry.send(RECORDS.slice(1));
    const sessions = [0, 1].map((call) => (bodyOf(post, call) as Array<{ telemetry: { app_session_id: string } }>)[0]?.telemetry.app_session_id);
    expect(new Set(sessions).size).toBe(1);
  });

  it('reads the page from the browser by default', () => {
    const post = vi.fn<typeof fetch>(async () => new Response('{}'));
    createStytchTelemetryAdapter(runtime, { fetch: post }).send(RECORDS.slice(0, 1));
    const [entry] = bodyOf(post) as Array<{ telemetry: { app_session_id: string; timezone: string } }>;
    expect(entry?.telemetry.app_session_id).toMatch(/^app-session-id-[0-9a-f-]{36}$/);
    expect(entry?.telemetry.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('never lets a failing request reach the caller', async () => {
    const rejecting = createStytchTelemetryAdapter(runtime, { fetch: vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('fetch failed'))) }, page);
    expect(() => rejecting.send(RECORDS)).not.toThrow();
    const throwing = createStytchTelemetryAdapter(
      runtime,
      {
        fetch: () => {
          throw new TypeError('blocked');
        },
      },
      page,
    );
    expect(() => throwing.send(RECORDS)).not.toThrow();
    await Promise.resolve();
  });
});
