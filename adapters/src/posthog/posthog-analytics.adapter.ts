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

/** How posthog-js and what an identified visitor gets on top of it are loaded: a pair, for one client type. */
export interface PosthogLoaders<Client extends PosthogClient> {
  /** Loads posthog-js, a chunk of its own, when the adapter is made. */
  readonly load: () => Promise<Client>;
  /**
   * Loads, after identify on a host that is not local, what {@link IDENTIFIED_CAPTURE} switches on,
   * and gives the function that adds it to the client (called once the switch is set).
   */
  readonly loadIdentifiedCapture: () => Promise<(posthog: Client) => void>;
}

export interface PosthogAnalyticsOptions<Client extends PosthogClient> {
  /**
   * By default posthog-js's slim module without external scripts
   * (`posthog-js/dist/module.slim.no-external`: no extensions bundled, nothing fetched from
   * PostHog's CDN at run time, so a strict CSP holds), and for identified visitors off local hosts
   * its dead-click, web-vitals and rage-click extensions from our own origin (./posthog-extensions.ts),
   * a chunk of their own.
   */
  readonly loaders?: PosthogLoaders<Client>;
  /** Settings laid over {@link posthogConfig}'s (tests: `request_batching: false`). */
  readonly config?: Partial<PostHogConfig>;
}

/**
 * What is switched on after identify, on hosts that are not local (SPEC §1). Web vitals without
 * attribution: the lighter of posthog-js's web-vitals bundles, the one ./posthog-extensions.ts
 * loads. Network timing is read only by session replay, which the slim module does not have; it
 * would use PerformanceObserver there, as headers and bodies are not recorded (no `fetch` wrapping).
 */
export const IDENTIFIED_CAPTURE = {
  capture_dead_clicks: true,
  capture_performance: { web_vitals: true, web_vitals_attribution: false, network_timing: true },
  rageclick: true,
} satisfies Partial<PostHogConfig>;

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

const SLIM_POSTHOG: PosthogLoaders<PostHog> = {
  load: () => import('posthog-js/dist/module.slim.no-external').then((module) => module.default),
  loadIdentifiedCapture: () => import('./posthog-extensions').then((module) => module.installIdentifiedCapture),
};

/**
 * Product analytics with posthog-js behind the analytics port. posthog-js loads when the adapter
 * is made (the app makes it once the page is interactive) and is initialised for the host; what
 * arrives meanwhile waits, in order. Events are captured under the widget's event type, with the
 * bus's id (posthog's event uuid, so a resend is deduplicated) and time. Identify follows SPEC §1:
 * only when the id differs from posthog's current one; on a host that is not local, dead clicks,
 * performance capture and rage clicks are then loaded and switched on. If posthog-js cannot load,
 * nothing is captured and nothing throws.
 */
export function createPosthogAnalytics<Client extends PosthogClient = PostHog>(settings: PosthogHostSettings, options: PosthogAnalyticsOptions<Client> = {}): AnalyticsPort {
  return options.loaders ? posthogAnalytics(settings, options.loaders, options.config) : posthogAnalytics(settings, SLIM_POSTHOG, options.config);
}

function posthogAnalytics<Client extends PosthogClient>(settings: PosthogHostSettings, loaders: PosthogLoaders<Client>, config: Partial<PostHogConfig> | undefined): AnalyticsPort {
  const client = loaders.load().then(
    (posthog) => {
      posthog.init(settings.projectKey, { ...posthogConfig(settings), ...config });
      return posthog;
    },
    () => null,
  );
  // Analytics never disturbs the page: a throwing call is dropped.
  const withClient = (work: (posthog: Client) => unknown) => void client.then((posthog) => posthog && work(posthog)).catch(() => undefined);

  return {
    capture: (event) =>
      withClient((posthog) =>
        posthog.capture(event.name, { ...event.properties, event_id: event.id }, { timestamp: new Date(event.sentAt), ...(UUID.test(event.id) ? { uuid: event.id } : {}) }),
      ),
    identify: (identity) =>
      withClient((posthog) => {
        if (posthog.get_distinct_id() !== identity.distinctId) posthog.identify(identity.distinctId, { ...identity.properties });
        if (settings.local) return;
        // The extensions arrive first; made after the switch is set, each starts as it is made.
        return loaders.loadIdentifiedCapture().then((install) => {
          posthog.set_config(IDENTIFIED_CAPTURE);
          install(posthog);
        });
      }),
  };
}

/** An analytics port that captures nothing: hosts not in the table. */
export function createNoAnalytics(): AnalyticsPort {
  return { capture: () => undefined, identify: () => undefined };
}
