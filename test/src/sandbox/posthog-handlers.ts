// The analytics sink: a stand-in for PostHog's ingestion host at /__sandbox/posthog, so posthog-js
// (api_host set to `<origin>/__sandbox/posthog`) runs offline and tests can read what it sent.
// Captures are decoded (./posthog-wire) and kept, newest 1,000; GET /__sandbox/api/analytics lists
// them and the inbox shows them. Flags and remote config answer "nothing configured".

import type { RequestHandler } from 'msw';
import { type DecodedEvent, POSTHOG_MAX_BODY_BYTES, decodePosthogBody, parsePosthogEvents } from './posthog-wire';
import { type SandboxContext, route } from './routing';
import { SandboxError, emptyResponse, jsonResponse, newId, toIso } from './wire';

/** posthog-js's `api_host` in the sandbox. */
export const SANDBOX_POSTHOG_PATH = '/__sandbox/posthog';
/** Events kept; older ones are dropped first. */
export const MAX_ANALYTICS_EVENTS = 1000;

/**
 * Capture paths (without their trailing slash) and the name given to an event that has none:
 * `/e` (posthog-js's default), `/i/v0/e` (the newer ingestion path), `/batch` and `/capture` (the
 * server-side and lite clients), `/s` (session recordings), `/engage` (legacy people updates).
 */
const CAPTURE_PATHS: ReadonlyMap<string, string | null> = new Map([
  ['/e', null],
  ['/i/v0/e', null],
  ['/batch', null],
  ['/capture', null],
  ['/track', null],
  ['/s', null],
  ['/engage', '$engage'],
]);

/** The flags answer with no flags and every remote feature off; both the v2 (`flags`) and v1/decide keys. */
function noFlags(): Record<string, unknown> {
  return {
    flags: {},
    featureFlags: {},
    featureFlagPayloads: {},
    errorsWhileComputingFlags: false,
    requestId: newId('request-id'),
    quotaLimited: [],
    ...remoteConfig(),
  };
}

/**
 * Remote config with everything off. `supportedCompression` lists gzip as PostHog's does, so
 * posthog-js compresses here as it does in production and the sink's decoding is exercised.
 */
function remoteConfig(): Record<string, unknown> {
  return {
    supportedCompression: ['gzip', 'gzip-js'],
    hasFeatureFlags: false,
    sessionRecording: false,
    autocapture_opt_out: true,
    capturePerformance: false,
    heatmaps: false,
    surveys: false,
    siteApps: [],
    toolbarParams: {},
    isAuthenticated: false,
    defaultIdentifiedOnly: true,
  };
}

/** The path under the sink without its trailing slash, e.g. `/i/v0/e`. */
function sinkPath(request: Request): string {
  const path = new URL(request.url).pathname;
  const rest = path.slice(path.indexOf(SANDBOX_POSTHOG_PATH) + SANDBOX_POSTHOG_PATH.length);
  return rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest;
}

async function readBoundedBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = (): SandboxError => new SandboxError(413, 'request_too_large', `Request bodies are limited to ${POSTHOG_MAX_BODY_BYTES} bytes.`);
  if (Number(request.headers.get('content-length') ?? '0') > POSTHOG_MAX_BODY_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > POSTHOG_MAX_BODY_BYTES) throw tooLarge();
  return bytes;
}

const notHere = (request: Request): SandboxError =>
  new SandboxError(404, 'sandbox_path_not_found', `The sandbox's PostHog sink has no ${request.method} ${new URL(request.url).pathname}.`);

export function createPosthogHandlers(ctx: SandboxContext): RequestHandler[] {
  const { state, now } = ctx;

  const keep = (path: string, events: readonly DecodedEvent[]): void => {
    const received_at = toIso(now());
    for (const event of events) state.analyticsEvents.push({ received_at, path, ...event });
    const excess = state.analyticsEvents.length - MAX_ANALYTICS_EVENTS;
    if (excess > 0) state.analyticsEvents.splice(0, excess);
  };

  return [
    route('post', `*${SANDBOX_POSTHOG_PATH}/*`, async (request) => {
      const path = sinkPath(request);
      if (path === '/flags' || path === '/decide') {
        // The request names the person and groups; with no flags, nothing in it matters.
        await readBoundedBody(request);
        return jsonResponse(noFlags());
      }
      const defaultName = CAPTURE_PATHS.get(path);
      if (defaultName === undefined) throw notHere(request);
      const url = new URL(request.url);
      const text = await decodePosthogBody(await readBoundedBody(request), url.searchParams.get('compression'), request.headers.get('content-type') ?? '');
      keep(`${path}/`, parsePosthogEvents(text, defaultName));
      return jsonResponse({ status: 1 });
    }),
    route('get', `*${SANDBOX_POSTHOG_PATH}/*`, (request) => {
      const path = sinkPath(request);
      if (path === '/flags' || path === '/decide') return jsonResponse(noFlags());
      // Remote config (posthog-js fetches `/array/<project key>/config`); config.js is a script the sandbox never serves.
      if (/^\/array\/[^/]+\/config$/.test(path)) return jsonResponse(remoteConfig());
      throw notHere(request);
    }),
  ];
}

/** GET lists the sink's events decoded, oldest first; DELETE empties it. */
export function createAnalyticsControlHandlers(ctx: SandboxContext, api: string): RequestHandler[] {
  const { state } = ctx;
  return [
    route('get', `${api}/analytics`, () => jsonResponse({ events: state.analyticsEvents })),
    route('delete', `${api}/analytics`, () => {
      state.analyticsEvents.length = 0;
      return emptyResponse();
    }),
  ];
}
