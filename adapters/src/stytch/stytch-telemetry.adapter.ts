import type { ProviderLogEvent, TelemetryPort } from '@vestibule/core';
import type { StytchRuntime } from './stytch-client';
import type { FetchHost } from './retry-after-observer';

/** SPEC §9: the provider's event log sends batches of 15, or every 800 ms. */
export const EVENT_BATCH_SIZE = 15;
export const EVENT_FLUSH_MS = 800;

/**
 * Provider telemetry (`POST /sdk/v1/events`) in the SDK's wire format, batched like the SDK
 * does, without loading the SDK. Failures are dropped: telemetry never disturbs sign-in.
 */
export function createStytchTelemetryAdapter(runtime: Pick<StytchRuntime, 'apiBaseUrl' | 'publicToken'>, host: FetchHost = globalThis): TelemetryPort {
  const pending: ProviderLogEvent[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    const batch = pending.splice(0);
    if (batch.length === 0) return;
    const body = batch.map((event) => ({
      telemetry: { app: { identifier: globalThis.location?.hostname ?? '' }, sdk: { identifier: 'Vestibule', version: '0.1.0' } },
      event: { public_token: runtime.publicToken, event_name: event.name, details: event.details },
    }));
    try {
      void host
        .fetch(`${runtime.apiBaseUrl}/sdk/v1/events`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          keepalive: true,
        })
        .catch(() => undefined);
    } catch {
      // a synchronously throwing fetch is dropped too
    }
  };

  return {
    log: (event) => {
      pending.push(event);
      if (pending.length >= EVENT_BATCH_SIZE) flush();
      else flushTimer ??= setTimeout(flush, EVENT_FLUSH_MS);
    },
  };
}
