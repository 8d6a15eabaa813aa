import type { AuthCoreEvent } from '../domain/telemetry/auth-core-event';
import { scrubTokens } from '../domain/telemetry/scrub-tokens';
import type { AnalyticsIdentity } from '../ports/analytics.port';
import type { Unsubscribable } from '../ports/scheduler.port';
import type { ProviderLogRecord } from '../ports/telemetry.port';
import { PROVIDER_LOG_BATCH_SIZE, PROVIDER_LOG_FLUSH_MS, type EventBusOptions, type EventMeta } from './event-bus';
import { runAfter } from './scheduling';

// The event bus's delivery half (./event-bus.ts holds the first-load half): a chunk of its own,
// with the scrubber, fetched on the first event.

/** An event or an identify call on its way out, as the bus stamped it. */
export type PendingEvent = { readonly event: AuthCoreEvent; readonly meta: EventMeta } | { readonly identity: AnalyticsIdentity };

export interface EventDelivery {
  /** Scrubs `pending` and hands it to every consumer (the provider's log through its batch). */
  deliver(pending: PendingEvent): void;
  /** Sends the provider log's queued batch now. */
  flush(): void;
}

/** The events the provider's log knows (SPEC §7); the others go to `onEvent` and analytics only. */
const PROVIDER_LOG_NAMES: ReadonlySet<string> = new Set<ProviderLogRecord['name']>(['render_login_screen', 'render_idp_screen', 'email_sent', 'email_try_again_clicked']);

/**
 * Delivers the bus's events: every one through `scrub` (`scrubTokens`) first, then to `onEvent`,
 * analytics, and — the provider's log events — a batch for the telemetry port (15 events, or
 * 800 ms after the first, on the scheduler). A consumer that throws is logged; the others still
 * get the event.
 */
export function createEventDelivery(options: EventBusOptions, scrub: (value: unknown) => unknown = scrubTokens): EventDelivery {
  const { scheduler, logger, telemetry, analytics, onEvent } = options;
  const batch: ProviderLogRecord[] = [];
  let flushTimer: Unsubscribable | null = null;

  const guarded = (what: string, work: () => void) => {
    try {
      work();
    } catch (error) {
      logger.error(`The ${what} threw`, error);
    }
  };

  const flush = () => {
    flushTimer?.unsubscribe();
    flushTimer = null;
    if (batch.length === 0) return;
    const records = batch.splice(0);
    guarded('telemetry port', () => telemetry.send(records));
  };

  const deliver = (pending: PendingEvent) => {
    if ('identity' in pending) {
      const identity = scrub(pending.identity) as AnalyticsIdentity;
      if (analytics) guarded('analytics port', () => analytics.identify(identity));
      return;
    }
    // The copy has the event's shape less any credential in it (which no variant declares).
    const event = scrub(pending.event) as AuthCoreEvent;
    const { meta } = pending;
    if (onEvent) guarded('onEvent callback', () => onEvent(event, meta));
    if (analytics) guarded('analytics port', () => analytics.capture({ ...meta, name: event.type, properties: event.data }));
    if (!PROVIDER_LOG_NAMES.has(event.type)) return;
    batch.push({ ...meta, name: event.type as ProviderLogRecord['name'], details: event.data });
    if (batch.length >= PROVIDER_LOG_BATCH_SIZE) flush();
    else flushTimer ??= runAfter(scheduler, PROVIDER_LOG_FLUSH_MS, flush);
  };

  return { deliver, flush };
}
