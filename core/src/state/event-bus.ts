import type { AuthCoreEvent } from '../domain/telemetry/auth-core-event';
import type { AnalyticsIdentity, AnalyticsPort } from '../ports/analytics.port';
import type { LoggerPort } from '../ports/logger.port';
import type { PageLifecyclePort } from '../ports/page-lifecycle.port';
import type { Scheduler } from '../ports/scheduler.port';
import type { TelemetryPort } from '../ports/telemetry.port';
import type { EventDelivery, PendingEvent } from './event-delivery';

// The bus's half in every page's first load: stamping and queueing. Scrubbing and delivery (with
// `scrubTokens`, about 1.2 kB) are a chunk of their own (./event-delivery), fetched on the first event.

/** SPEC §9: the provider's event log sends a batch once 15 events are queued… */
export const PROVIDER_LOG_BATCH_SIZE = 15;
/** …or 800 ms after the first of them, whichever comes first (and at once when the page is hidden). */
export const PROVIDER_LOG_FLUSH_MS = 800;

/** What every event carries besides itself. */
export interface EventMeta {
  /** Unique per event: the same id reaches `onEvent`, analytics and the provider's log. */
  readonly id: string;
  /** When the event happened: epoch ms on the core's scheduler. */
  readonly sentAt: number;
}

export interface EventBusOptions {
  readonly scheduler: Scheduler;
  /** Where a consumer that throws is reported. */
  readonly logger: LoggerPort;
  readonly telemetry: TelemetryPort;
  readonly analytics?: AnalyticsPort | undefined;
  /** Without it nothing is flushed when the page is hidden (only by size and time). */
  readonly pageLifecycle?: PageLifecyclePort | undefined;
  /** The integrator's callback; one that throws is logged and never breaks a flow. */
  readonly onEvent?: ((event: AuthCoreEvent, meta: EventMeta) => void) | undefined;
  /** A new unique id per event; by default the scheduler's time and a counter (unique in this page only). */
  readonly createEventId?: (() => string) | undefined;
  /**
   * Loads the delivery half (scrubbing, batching, the consumers): by default a chunk of its own,
   * fetched on the first event. Events wait for it, as none may leave unscrubbed.
   */
  readonly loadDelivery?: (() => Promise<(options: EventBusOptions) => EventDelivery>) | undefined;
}

/**
 * The one path every widget event takes out of the core (issue 20). Each event gets an id and the
 * time it happened, is scrubbed of session tokens and JWTs (`scrubTokens`), and then goes, in
 * order, to the integrator's `onEvent`, to the analytics port (named after its type), and — the
 * provider's four log events — to the telemetry port, in batches of 15 or every 800 ms, and at
 * once when the page is hidden or left.
 */
export interface EventBus {
  /** Sends `event` to every consumer. Never throws; a consumer that throws is logged. */
  emit(event: AuthCoreEvent): void;
  /** Names the visitor to analytics (scrubbed, in order with the events). */
  identify(identity: AnalyticsIdentity): void;
  /** Sends the provider log's queued batch now (the page is being hidden or left). */
  flush(): void;
  /** Settles once delivery is here and every event emitted so far has been delivered. */
  ready(): Promise<void>;
  /** Flushes, stops listening to the page and drops later events. */
  dispose(): void;
}

const loadEventDelivery = () => import('./event-delivery').then((module) => module.createEventDelivery);

/**
 * Builds the core's event bus. Batching runs on `scheduler`, so tests drive it on virtual time.
 *
 * @example
 * const bus = createEventBus({ scheduler, logger, telemetry, analytics, onEvent });
 * bus.emit({ type: 'email_sent', data: { email: 'ada@example.com', type: 'login_or_create_eml' } });
 */
export function createEventBus(options: EventBusOptions): EventBus {
  let delivery: EventDelivery | null = null;
  let loading: Promise<void> | null = null;
  const waiting: PendingEvent[] = [];
  let disposed = false;
  let counter = 0;

  const load = (): Promise<void> =>
    (loading ??= (options.loadDelivery ?? loadEventDelivery)().then(
      (create) => {
        const loaded = (delivery = create(options));
        for (const pending of waiting.splice(0)) loaded.deliver(pending);
        if (disposed) loaded.flush();
      },
      (error: unknown) => {
        // Events wait for the next attempt (a failed chunk download is not cached).
        loading = null;
        options.logger.error('The event bus did not load', error);
      },
    ));

  const enqueue = (pending: PendingEvent) => {
    if (disposed) return;
    if (delivery) delivery.deliver(pending);
    else {
      waiting.push(pending);
      void load();
    }
  };

  const newId = () => {
    try {
      const id = options.createEventId?.();
      if (id) return id;
    } catch {
      // the fallback below
    }
    return `${options.scheduler.now()}-${counter++}`;
  };

  const flush = () => delivery?.flush();
  const stopWatching = options.pageLifecycle?.onHidden(flush);

  return {
    emit: (event) => enqueue({ event, meta: { id: newId(), sentAt: options.scheduler.now() } }),
    identify: (identity) => enqueue({ identity }),
    flush,
    ready: () => (delivery ? Promise.resolve() : load()),
    dispose: () => {
      flush();
      disposed = true;
      stopWatching?.();
    },
  };
}
