import { CLIENT_ERROR_CODES, authError, fail, ok, providerError, type AuthError, type ProjectSettings, type ProjectSettingsPort, type Result } from '@vestibule/core';
import { raceAbort, type StytchRuntime } from './stytch-client';
import { parseRetryAfter, type FetchHost } from './retry-after-observer';

interface BootstrapData {
  readonly email_domains?: readonly string[];
  readonly password_config?: { readonly luds_complexity: number; readonly luds_minimum_count: number } | null;
}

async function errorOf(response: Response): Promise<AuthError> {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
  const details = { status: response.status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  const body = (await response.json().catch(() => null)) as { error_type?: unknown; error_message?: unknown } | null;
  if (typeof body?.error_type === 'string') {
    return providerError(body.error_type, { ...details, ...(typeof body.error_message === 'string' ? { serverMessage: body.error_message } : {}) });
  }
  return providerError(response.status === 429 ? 'too_many_requests' : 'server_error', details);
}

/**
 * The project's public settings from the provider's bootstrap endpoint, fetched directly (the
 * SDK keeps its copy private) and without loading the SDK. A success is kept for the page's
 * life; a failure lets the next call try again.
 */
export function createStytchProjectSettingsAdapter(runtime: Pick<StytchRuntime, 'apiBaseUrl' | 'publicToken'>, host: FetchHost = globalThis): ProjectSettingsPort {
  let bootstrap: Promise<Result<BootstrapData>> | null = null;

  const load = async (): Promise<Result<BootstrapData>> => {
    try {
      const response = await host.fetch(`${runtime.apiBaseUrl}/sdk/v1/projects/bootstrap/${encodeURIComponent(runtime.publicToken)}`);
      if (!response.ok) return fail(await errorOf(response));
      const body = (await response.json().catch(() => null)) as { data?: BootstrapData } | null;
      const data = body?.data;
      if (data === undefined || data === null) return fail(authError(CLIENT_ERROR_CODES.invalidResponse));
      return ok(data);
    } catch (cause) {
      return fail(authError(CLIENT_ERROR_CODES.networkUnreachable, { cause }));
    }
  };

  // One request serves every caller; a caller that gives up does not cancel it for the others.
  const loaded = (signal: Parameters<typeof raceAbort>[1]): Promise<Result<BootstrapData>> => {
    bootstrap ??= load().then((result) => {
      if (!result.ok) bootstrap = null;
      return result;
    });
    return raceAbort(bootstrap, signal);
  };

  return {
    get: async (options) => {
      const result = await loaded(options?.signal);
      if (!result.ok) return result;
      const { email_domains: emailDomains = [], password_config: luds } = result.value;
      const settings: ProjectSettings = { emailDomains, passwordConfig: luds ? { ludsComplexity: luds.luds_complexity, ludsMinimumCount: luds.luds_minimum_count } : null };
      return ok(settings);
    },
    rbacPolicy: async (options) => {
      const result = await loaded(options?.signal);
      if (!result.ok) return result;
      // Its reading is a chunk of its own: only the pages that ask about roles or scopes load it.
      const { parseStytchRbacPolicy } = await import('./stytch-rbac-policy.schema');
      // A policy the provider did not send, or sent malformed, is `null`: no permissions.
      return ok(parseStytchRbacPolicy(result.value));
    },
  };
}
