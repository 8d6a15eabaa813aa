import type { ProviderLogRecord, TelemetryPort } from '@vestibule/core';
import type { StytchRuntime } from './stytch-client';
import type { FetchHost } from './retry-after-observer';

/** What the telemetry blob says about the page, read once when the adapter is made. */
export interface TelemetryPage {
  /** `location.hostname`: the SDK's `app.identifier`. */
  readonly hostname: string;
  /** The visitor's IANA time zone (the SDK's `timezone`). */
  readonly timezone: string;
  /** A new random UUID (the SDK's ids are `event-id-<uuid>`, `app-session-id-<uuid>`). */
  randomUUID(): string;
}

const browserPage = (): TelemetryPage => ({
  hostname: globalThis.location?.hostname ?? '',
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  randomUUID: () => globalThis.crypto.randomUUID(),
});

/**
 * Provider telemetry (`POST /sdk/v1/events`) in the SDK's wire format, without loading the SDK:
 * a JSON array of `{ telemetry, event }`, where `telemetry` is the blob the SDK's NetworkClient
 * makes (`event_id: "event-id-<id>"`, `app_session_id`, `client_sent_at` as an ISO string,
 * `timezone`, `app`, `sdk`). The core batches (15 / 800 ms / when the page is hidden); this sends
 * each batch with `keepalive`, so a batch sent as the page is left still arrives. Failures are
 * dropped: telemetry never disturbs sign-in.
 */
export function createStytchTelemetryAdapter(
  runtime: Pick<StytchRuntime, 'apiBaseUrl' | 'publicToken'>,
  host: FetchHost = globalThis,
  page: TelemetryPage = browserPage(),
): TelemetryPort {
  // One per page load; the SDK makes a new one per event (a TODO of theirs), which says nothing.
  const appSessionId = `app-session-id-${page.randomUUID()}`;
  const entry = (record: ProviderLogRecord) => ({
    telemetry: {
      event_id: `event-id-${record.id}`,
      app_session_id: appSessionId,
      client_sent_at: new Date(record.sentAt).toISOString(),
      timezone: page.timezone,
      app: { identifier: page.hostname },
      sdk: { identifier: 'Vestibule', version: '0.1.0' },
    },
    event: { public_token: runtime.publicToken, event_name: record.name, details: record.details },
  });

  return {
    send: (batch) => {
      if (batch.length === 0) return;
      try {
        void host
          .fetch(`${runtime.apiBaseUrl}/sdk/v1/events`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(batch.map(entry)),
            // Outlives the page: a batch flushed on `pagehide` is still delivered.
            keepalive: true,
          })
          .catch(() => undefined);
      } catch {
        // a synchronously throwing fetch is dropped too
      }
    },
  };
}
