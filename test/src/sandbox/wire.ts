// HTTP plumbing shared by every sandbox handler: ids, tokens, response helpers, body parsing.
// Only web-platform globals (fetch types, crypto, btoa) so the handlers also run in a browser worker.

import type { JsonObject } from './model';

/** Every /__sandbox response is live state; a cached copy would make tests and the inbox lie. */
const NO_STORE = 'no-store';

/** A provider error as Stytch reports it; thrown by handlers and turned into the wire format once. */
export class SandboxError extends Error {
  readonly status: number;
  readonly errorType: string;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;

  constructor(status: number, errorType: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'SandboxError';
    this.status = status;
    this.errorType = errorType;
    this.headers = headers;
  }
}

export type IdKind = 'user' | 'session' | 'email' | 'phone-number' | 'password' | 'message' | 'request-id' | 'fault' | 'webauthn-registration' | 'crypto-wallet';

/** Stytch-style test ids, e.g. `user-test-<uuid>`. */
export function newId(kind: IdKind): string {
  return `${kind}-test-${crypto.randomUUID()}`;
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlEncodeText(text: string): string {
  return base64UrlEncode(new TextEncoder().encode(text));
}

/** Unguessable URL-safe token without padding (session tokens, JWT signatures). */
export function randomToken(byteLength = 32): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/**
 * A token shaped like Stytch's magic-link tokens, e.g. `DOYoip3rvIMMW5lgItikFK-Ak1CfMsgjuiCyI7uuU94=`:
 * 32 random bytes in base64url *with* its `=` padding (44 characters), so links must URL-encode it.
 */
export function paddedToken(): string {
  const unpadded = randomToken(32);
  return unpadded.padEnd(Math.ceil(unpadded.length / 4) * 4, '=');
}

export function jsonResponse(body: unknown, status = 200, extraHeaders?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': NO_STORE, ...extraHeaders },
  });
}

/** Stytch success envelope: the SDK returns `data` and ignores everything else. */
export function dataResponse(data: JsonObject): Response {
  return jsonResponse({ data: { request_id: newId('request-id'), status_code: 200, ...data } });
}

/** All five fields always present: StytchAPIError.from drops errors missing any of them. */
export function errorBody(status: number, errorType: string, message: string): JsonObject {
  return {
    status_code: status,
    request_id: newId('request-id'),
    error_type: errorType,
    error_message: message,
    error_url: `https://stytch.com/docs/api/errors/${status}#${errorType}`,
  };
}

export function errorResponse(error: SandboxError): Response {
  return jsonResponse(errorBody(error.status, error.errorType, error.message), error.status, error.headers);
}

/** A bug in a handler: the details go to the server log, never into the response. */
export function internalErrorResponse(): Response {
  return jsonResponse(
    errorBody(500, 'internal_server_error', 'The sandbox failed to handle this request; the server log has the details.'),
    500,
  );
}

/**
 * Server-side log for handler bugs (the terminal running vite, or the test output). The context
 * holds the request path, so it is an argument, never the format string: `%f` in `/api/%ff`
 * would otherwise print `NaNf` and swallow the error after it.
 */
export function logSandboxError(context: string, error: unknown): void {
  console.error('[sandbox] %s:', context, error);
}

/** Server-side log for a request the sandbox refused as malformed; the context is literal, as above. */
export function logSandboxWarning(context: string): void {
  console.warn('[sandbox] %s', context);
}

export function emptyResponse(status = 204): Response {
  return new Response(null, { status, headers: { 'Cache-Control': NO_STORE } });
}

export function htmlResponse(html: string): Response {
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': NO_STORE,
      // The page shows hostile text and token-bearing links: no script, no inline style, no referrer.
      'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses a JSON body; an empty body counts as `{}` because the SDK sometimes sends none. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SandboxError(400, 'bad_request', 'The request body is not valid JSON.');
  }
}

export async function readJsonObject(request: Request): Promise<JsonObject> {
  const body = await readJson(request);
  if (!isJsonObject(body)) throw new SandboxError(400, 'bad_request', 'The request body must be a JSON object.');
  return body;
}

export function optionalString(body: JsonObject, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new SandboxError(400, 'bad_request', `${key} must be a string.`);
  return value;
}

export function optionalNumber(body: JsonObject, key: string): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new SandboxError(400, 'bad_request', `${key} must be a number.`);
  }
  return value;
}

/** Credentials from `Authorization: Basic base64(public_token:secret)`, or null when absent/garbled. */
export function readBasicAuth(request: Request): { publicToken: string; secret: string } | null {
  const header = request.headers.get('Authorization');
  const match = header?.match(/^Basic\s+(\S+)$/i);
  if (!match?.[1]) return null;
  let decoded: string;
  try {
    decoded = atob(match[1]);
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { publicToken: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function toIso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
