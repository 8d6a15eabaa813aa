import type { PosthogHostSettings } from '@vestibule/adapters/posthog';

// SPEC §1: product analytics are initialised per host name, from a table of the known production,
// staging and local hosts, each with its PostHog project key and ingestion host. The production
// and staging values are configuration, set at build time; the local hosts send to the sandbox's
// sink on their own origin. A host not in the table sends no analytics.

/** The build-time variables the table reads (app/src/vite-env.d.ts). */
export interface AnalyticsBuildVariables {
  readonly VITE_PRODUCTION_HOST?: string | undefined;
  readonly VITE_POSTHOG_PRODUCTION_KEY?: string | undefined;
  readonly VITE_POSTHOG_PRODUCTION_API_HOST?: string | undefined;
  readonly VITE_STAGING_HOST?: string | undefined;
  readonly VITE_POSTHOG_STAGING_KEY?: string | undefined;
  readonly VITE_POSTHOG_STAGING_API_HOST?: string | undefined;
}

/** Host names that are this machine: development, the preview server, the browser tests. */
const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];
/** The sandbox's analytics sink, on the page's own origin (test/src/sandbox/posthog-handlers.ts). */
const SANDBOX_POSTHOG_PATH = '/__sandbox/posthog';
/** The project key the sandbox's sink is sent (any key works there). */
export const SANDBOX_POSTHOG_KEY = 'phc_vestibule_sandbox';
/** PostHog's US ingestion host, when a deployment names none. */
const DEFAULT_POSTHOG_API_HOST = 'https://us.i.posthog.com';

/** The table of known hosts, by host name (lower case). */
export function analyticsHosts(env: AnalyticsBuildVariables, origin: string): ReadonlyMap<string, PosthogHostSettings> {
  const table = new Map<string, PosthogHostSettings>();
  for (const [host, key, apiHost] of [
    [env.VITE_PRODUCTION_HOST, env.VITE_POSTHOG_PRODUCTION_KEY, env.VITE_POSTHOG_PRODUCTION_API_HOST],
    [env.VITE_STAGING_HOST, env.VITE_POSTHOG_STAGING_KEY, env.VITE_POSTHOG_STAGING_API_HOST],
  ] as const) {
    const name = host?.trim().toLowerCase();
    const projectKey = key?.trim();
    if (name && projectKey) table.set(name, { projectKey, apiHost: apiHost?.trim() || DEFAULT_POSTHOG_API_HOST, local: false });
  }
  for (const name of LOCAL_HOSTS) table.set(name, { projectKey: SANDBOX_POSTHOG_KEY, apiHost: `${origin}${SANDBOX_POSTHOG_PATH}`, local: true });
  return table;
}

/** The analytics settings for the page at `origin`, or `null` for a host not in the table. */
export function analyticsHostFor(env: AnalyticsBuildVariables, origin: string): PosthogHostSettings | null {
  return analyticsHosts(env, origin).get(new URL(origin).hostname.toLowerCase()) ?? null;
}
