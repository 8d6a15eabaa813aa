import type { AuthCoreEvent } from '../domain/telemetry/auth-core-event';
import type { AnalyticsIdentity, AnalyticsPort } from '../ports/analytics.port';
import type { LoggerPort } from '../ports/logger.port';
import type { PageLifecyclePort } from '../ports/page-lifecycle.port';
import type { Scheduler, Unsubscribable } from '../ports/scheduler.port';
import type { ProviderLogRecord, TelemetryPort } from '../ports/telemetry.port';
import { runAfter } from './scheduling';

/** SPEC §9: the provider's event log sends a batch once 15 events are queued… */
export const PROVIDER_LOG_BATCH_SIZE = 15;
/** …or 800 ms after the first of them, whichever comes first (and at once when the page is hidden). */
export const PROVIDER_LOG_FLUSH_MS = 800;

/** The events the provider's log knows (SPEC §7); the others go to `onEvent` and analytics only. */
const PROVIDER_LOG_NAMES: ReadonlySet<string> = new Set<ProviderLogRecord['name']>(['render_login_screen', 'render_idp_screen', 'email_sent', 'email_try_again_clicked']);

/** What every event carries besides itself. */
export interface EventMeta {
  /** Unique per event: the same id reaches `onEvent`, analytics and the provider's log. */
  readonly id: string;
  /** When the event happened: epoch ms on the core's scheduler. */
  readonly sentAt: number;
}

/** Returns a copy of any value with session credentials taken out (`scrubTokens`). */
export type Scrubber = (value: unknown) => unknown;

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
   * Loads the scrubber. By default `scrubTokens`, fetched as a chunk of its own on the first
   * event, so a page's first load does not carry it; events wait for it, as none may leave unscrubbed.
   */
  readonly loadScrubber?: (() => Promise<Scrubber>) | undefined;
}

/**
 * The one path every widget event takes out of the core (issue 20). Each event gets an id and the
 * time it happened, is scrubbed of session tokens and JWTs (`scrubTokens`), and then goes, in
 * order, to the integrator's `onEvent`, to the analytics port (named after its type), and — the
 * provider's four log events — to the telemetry port, in batches.
 */
export interface EventBus {
  /** Sends `event` to every consumer. Never throws; a consumer that throws is logged. */
  emit(event: AuthCoreEvent): void;
  /** Names the visitor to analytics (scrubbed, in order with the events). */
  identify(identity: AnalyticsIdentity): void;
  /** Sends the provider log's queued batch now (the page is being hidden or left). */
  flush(): void;
  /** Settles once the scrubber is here and every event emitted so far has been delivered. */
  ready(): Promise<void>;
  /** Flushes, stops listening to the page and drops later events. */
  dispose(): void;
}

type Pending = { readonly kind: 'event'; readonly event: AuthCoreEvent; readonly meta: EventMeta } | { readonly kind: 'identify'; readonly identity: AnalyticsIdentity };

const loadScrubTokens = (): Promise<Scrubber> => import('../domain/telemetry/scrub-tokens').then((module) => module.scrubTokens);

/**
 * Builds the core's event bus. Batching runs on `scheduler`, so tests drive it on virtual time.
 *
 * @example
 * const bus = createEventBus({ scheduler, logger, telemetry, analytics, onEvent });
 * bus.emit({ type: 'email_sent', data: { email: 'ada@example.com', type: 'login_or_create_eml' } });
 */
export function createEventBus(options: EventBusOptions): EventBus {
  const { scheduler, logger, telemetry, analytics, onEvent } = options;
  let counter = 0;
  const fallbackId = () => `${scheduler.now().toString(36)}-${(counter++).toString(36)}`;
  let scrub: Scrubber | null = null;
  let loading: Promise<void> | null = null;
  let waiting: Pending[] = [];
  const batch: ProviderLogRecord[] = [];
  let flushTimer: Unsubscribable | null = null;
  let disposed = false;

  // A consumer never breaks the emitter, nor the consumers after it.
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

  const deliver = (pending: Pending, scrubber: Scrubber) => {
    if (pending.kind === 'identify') {
      const identity = scrubber(pending.identity) as AnalyticsIdentity;
      if (analytics) guarded('analytics port', () => analytics.identify(identity));
      return;
    }
    // The copy has the event's shape less any credential in it (which no variant declares).
    const event = scrubber(pending.event) as AuthCoreEvent;
    const { meta } = pending;
    if (onEvent) guarded('onEvent callback', () => onEvent(event, meta));
    if (analytics) guarded('analytics port', () => analytics.capture({ ...meta, name: event.type, properties: event.data }));
    if (!PROVIDER_LOG_NAMES.has(event.type)) return;
    batch.push({ ...meta, name: event.type as ProviderLogRecord['name'], details: event.data });
    if (batch.length >= PROVIDER_LOG_BATCH_SIZE) flush();
    else flushTimer ??= runAfter(scheduler, PROVIDER_LOG_FLUSH_MS, flush);
  };

  const load = (): Promise<void> =>
    (loading ??= (options.loadScrubber ?? loadScrubTokens)().then(
      (scrubber) => {
        scrub = scrubber;
        const queued = waiting;
        waiting = [];
        for (const pending of queued) deliver(pending, scrubber);
      },
      (error: unknown) => {
        // Events wait for the next attempt (a failed chunk download is not cached).
        loading = null;
        logger.error('The event scrubber did not load', error);
      },
    ));

  const enqueue = (pending: Pending) => {
    if (disposed) return;
    if (scrub) deliver(pending, scrub);
    else {
      waiting.push(pending);
      void load();
    }
  };

  const newId = () => {
    try {
      return options.createEventId?.() ?? fallbackId();
    } catch {
      return fallbackId();
    }
  };

  const stopWatching = options.pageLifecycle?.onHidden(flush);

  return {
    emit: (event) => enqueue({ kind: 'event', event, meta: { id: newId(), sentAt: scheduler.now() } }),
    identify: (identity) => enqueue({ kind: 'identify', identity }),
    flush,
    ready: () => (scrub ? Promise.resolve() : load()),
    dispose: () => {
      if (disposed) return;
      flush();
      disposed = true;
      stopWatching?.();
    },
  };
}
