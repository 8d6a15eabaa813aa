import { scrubTokens, type AnalyticsPort } from '@vestibule/core';
import type { CaptureResult, PostHog, PostHogConfig } from 'posthog-js/dist/module.slim.no-external';

/** Where a page's analytics go: one entry of the app's table of known hosts (SPEC §1). */
export interface PosthogHostSettings {
  /** The PostHog project's public key. */
  readonly projectKey: string;
  /** The ingestion host (posthog-js's `api_host`); on a local host, the sandbox's sink. */
  readonly apiHost: string;
  /** A local host (development, tests): no session recording, no flags, nothing more after identify. */
  readonly local: boolean;
}

/** The part of posthog-js this adapter uses. */
export type PosthogClient = Pick<PostHog, 'init' | 'capture' | 'identify' | 'get_distinct_id' | 'set_config'>;

export interface PosthogAnalyticsOptions {
  /**
   * Loads posthog-js. By default its slim module without external scripts
   * (`posthog-js/dist/module.slim.no-external`): no extensions bundled, and nothing fetched from
   * PostHog's CDN at run time, so a strict CSP holds. A chunk of its own, loaded on first use.
   */
  readonly load?: () => Promise<PosthogClient>;
  /** Settings laid over {@link posthogConfig}'s (tests: `request_batching: false`). */
  readonly config?: Partial<PostHogConfig>;
}

/** What is switched on after identify, on hosts that are not local (SPEC §1). */
export const IDENTIFIED_CAPTURE: Partial<PostHogConfig> = { capture_dead_clicks: true, capture_performance: true, rageclick: true };

/**
 * posthog-js's configuration for a host (SPEC §1): autocapture, web experiments, dead clicks,
 * performance capture and rage clicks off; on a local host session recording and flag loading
 * off too (and its bot filter, so headless test browsers are counted). It never instruments `fetch` or `XMLHttpRequest`: the Stytch adapters' observer is the
 * one owner of network instrumentation (no tracing headers, no network recording, no external
 * extension that would bring either).
 */
export function posthogConfig(settings: PosthogHostSettings): Partial<PostHogConfig> {
  return {
    api_host: settings.apiHost,
    autocapture: false,
    disable_web_experiments: true,
    capture_dead_clicks: false,
    capture_performance: false,
    rageclick: false,
    // One owner of network instrumentation (docs/decisions.md): posthog-js wraps nothing.
    disable_external_dependency_loading: true,
    // What posthog-js adds itself ($current_url, $referrer, $pathname…) never passed the bus's
    // scrubbing: an address carrying a session token would leave with it. Scrubbed here too.
    before_send: scrubCapture,
    session_recording: { recordHeaders: false, recordBody: false },
    ...(settings.local
      ? {
          disable_session_recording: true,
          advanced_disable_feature_flags: true,
          advanced_disable_feature_flags_on_first_load: true,
          // Local hosts are development and the browser tests, whose headless browser posthog-js
          // would take for a bot and drop every event of.
          opt_out_useragent_filter: true,
        }
      : {}),
  };
}

/** A capture as posthog-js is about to send it, less any session token or JWT anywhere in it. */
export function scrubCapture(capture: CaptureResult | null): CaptureResult | null {
  if (capture === null) return null;
  // The time stays a Date, as posthog-js reads it after this hook (scrubbing turns values into JSON).
  const { timestamp, ...rest } = capture;
  return { ...(scrubTokens(rest) as CaptureResult), ...(timestamp === undefined ? {} : { timestamp }) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const loadSlimPosthog = (): Promise<PosthogClient> => import('posthog-js/dist/module.slim.no-external').then((module) => module.default);

/**
 * Product analytics with posthog-js behind the analytics port. posthog-js loads when the adapter
 * is made (the app makes it once the page is interactive) and is initialised for the host; what
 * arrives meanwhile waits, in order. Events are captured under the widget's event type, with the
 * bus's id (posthog's event uuid, so a resend is deduplicated) and time. Identify follows SPEC §1:
 * only when the id differs from posthog's current one; on a host that is not local, dead clicks,
 * performance capture and rage clicks are then switched on. If posthog-js cannot load, nothing is
 * captured and nothing throws.
 */
export function createPosthogAnalytics(settings: PosthogHostSettings, options: PosthogAnalyticsOptions = {}): AnalyticsPort {
  const client = (options.load ?? loadSlimPosthog)().then(
    (posthog) => {
      posthog.init(settings.projectKey, { ...posthogConfig(settings), ...options.config });
      return posthog;
    },
    () => null,
  );
  // Analytics never disturbs the page: a throwing call is dropped.
  const withClient = (work: (posthog: PosthogClient) => void) => void client.then((posthog) => posthog && work(posthog)).catch(() => undefined);

  return {
    capture: (event) =>
      withClient((posthog) =>
        posthog.capture(event.name, { ...event.properties, event_id: event.id }, { timestamp: new Date(event.sentAt), ...(UUID.test(event.id) ? { uuid: event.id } : {}) }),
      ),
    identify: (identity) =>
      withClient((posthog) => {
        if (posthog.get_distinct_id() !== identity.distinctId) posthog.identify(identity.distinctId, { ...identity.properties });
        if (!settings.local) posthog.set_config(IDENTIFIED_CAPTURE);
      }),
  };
}

/** An analytics port that captures nothing: hosts not in the table. */
export function createNoAnalytics(): AnalyticsPort {
  return { capture: () => undefined, identify: () => undefined };
}
