import { http, type DefaultBodyType, type PathParams, type RequestHandler } from 'msw';
import { SandboxError, errorResponse, internalErrorResponse, logSandboxError } from './wire';
import type { SandboxState } from './state';

export type SandboxResolver = (request: Request, params: PathParams) => Response | Promise<Response>;

type Method = 'get' | 'post' | 'put' | 'delete' | 'all';

/** Like SandboxResolver, but may return undefined to let the next handler answer. */
export type PassthroughResolver = (request: Request, params: PathParams) => Response | undefined | Promise<Response | undefined>;

/**
 * An msw handler whose resolver may throw SandboxError. Errors become Stytch-shaped JSON here, in
 * one place, and a bug in a handler becomes a generic 500 with the same shape (details only in
 * the server log: a response must never carry stack traces or file paths).
 */
export function route(method: Method, path: string, resolver: SandboxResolver): RequestHandler {
  return guard(method, path, resolver);
}

/** A handler that may answer or fall through (faults, project-wide checks). */
export function guard(method: Method, path: string, resolver: PassthroughResolver): RequestHandler {
  return http[method]<PathParams, DefaultBodyType, undefined>(path, async ({ request, params }) => {
    try {
      return await resolver(request, params);
    } catch (error) {
      if (error instanceof SandboxError) return errorResponse(error);
      logSandboxError(`${request.method} ${new URL(request.url).pathname} failed`, error);
      return internalErrorResponse();
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
