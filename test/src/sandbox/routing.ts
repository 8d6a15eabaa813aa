import { http, type DefaultBodyType, type PathParams, type RequestHandler } from 'msw';
import { SandboxError, errorBody, errorResponse, jsonResponse } from './wire';
import type { SandboxState } from './state';

export type SandboxResolver = (request: Request, params: PathParams) => Response | Promise<Response>;

type Method = 'get' | 'post' | 'put' | 'delete' | 'all';

/**
 * An msw handler whose resolver may throw SandboxError. Errors become Stytch-shaped JSON here, in
 * one place, and a bug in a handler becomes a loud 500 with the same shape instead of whatever
 * msw would improvise (the SDK would then misreport it as "unreachable").
 */
export function route(method: Method, path: string, resolver: SandboxResolver): RequestHandler {
  return http[method]<PathParams, DefaultBodyType, undefined>(path, async ({ request, params }) => {
    try {
      return await resolver(request, params);
    } catch (error) {
      if (error instanceof SandboxError) return errorResponse(error);
      const detail = error instanceof Error ? error.message : String(error);
      return jsonResponse(errorBody(500, 'internal_server_error', `Sandbox handler failed: ${detail}`), 500);
    }
  });
}

/** What every handler factory needs: the stores, the (test-controllable) clock, the token rule. */
export interface SandboxContext {
  state: SandboxState;
  now: () => number;
  /** Public tokens must start with this; '' accepts any token. */
  publicTokenPrefix: string;
}
