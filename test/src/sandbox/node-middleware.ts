// Serves the sandbox's msw handlers from a real HTTP server (Vite dev and preview, via
// configureServer / configurePreviewServer), so state lives in the server process and survives
// page navigations, which an in-page service worker would not.
//
// The sandbox lists every user's live magic links, so this is also its security boundary:
// - only loopback clients, and only under a loopback host name (no LAN access, no DNS rebinding);
// - no request from another origin: browsers label cross-origin requests with Origin and
//   Sec-Fetch-Site, and no response ever grants CORS, so another page (even another localhost
//   port) can neither read nor drive it;
// - changes through the control API only as JSON (a cross-site form cannot send that);
// - bounded request bodies, and errors without stack traces or file paths.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { getResponse } from 'msw';
import { INBOX_RESET_PATH } from './control-handlers';
import type { Sandbox } from './index';
import { errorBody, internalErrorResponse, logSandboxError, logSandboxWarning } from './wire';

const SANDBOX_PREFIX = '/__sandbox';
const CONTROL_API_PREFIX = '/__sandbox/api/';
/** Generous for JSON (the SDK's largest bodies are WebAuthn attestations of a few kB). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type SandboxMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

export interface SandboxMiddlewareOptions {
  /** Larger request bodies get 413 and are not read. Default 1 MiB. */
  maxBodyBytes?: number;
}

/** connect/Vite-compatible: handles every path under /__sandbox, passes everything else to next(). */
export function createSandboxMiddleware(sandbox: Sandbox, options: SandboxMiddlewareOptions = {}): SandboxMiddleware {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return (req, res, next) => {
    if (!isSandboxPath(req.url ?? '/')) {
      next();
      return;
    }
    serve(sandbox, maxBodyBytes, req, res).catch((error: unknown) => {
      // Never next(err): the host server's error page could show the stack.
      logSandboxError(`${req.method ?? 'GET'} ${pathOf(req)} failed`, error);
      if (res.headersSent) res.destroy();
      else void writeResponse(internalErrorResponse(), req.method === 'HEAD', res);
    });
  };
}

function isSandboxPath(url: string): boolean {
  if (!url.startsWith(SANDBOX_PREFIX)) return false;
  const rest = url.charAt(SANDBOX_PREFIX.length);
  return rest === '' || rest === '/' || rest === '?';
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?')[0] ?? '/';
}

/** False for a path with a stray `%` or escapes that are not UTF-8 (`%ff`), which routing cannot decode. */
function isDecodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

// ── who may call ────────────────────────────────────────────────────────────────────────────

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x, as Node reports socket peers. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return true;
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/**
 * True for `localhost`, `*.localhost`, 127.x and [::1] (any port). A DNS-rebinding page reaches
 * us from 127.0.0.1 too, but under its own host name, which this refuses.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host || !URL.canParse(`http://${host}`)) return false;
  const { hostname } = new URL(`http://${host}`);
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) ||
    hostname === '[::1]'
  );
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function ownOrigin(req: IncomingMessage): string {
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  return `${encrypted ? 'https' : 'http'}://${(header(req, 'host') ?? '').toLowerCase()}`;
}

function hasBody(req: IncomingMessage): boolean {
  return header(req, 'transfer-encoding') !== undefined || Number(header(req, 'content-length') ?? '0') > 0;
}

function mediaType(req: IncomingMessage): string {
  return (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Why the request is refused, or null. Order: transport (peer, host), then origin, then format. */
function refusal(req: IncomingMessage): string | null {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return 'The sandbox answers loopback clients only.';
  if (!isLoopbackHost(header(req, 'host'))) {
    return 'The sandbox answers only under a loopback host name (localhost, 127.0.0.1, [::1]).';
  }
  // Browsers send these on cross-origin requests; tools (curl, Node fetch, Playwright's request) send neither.
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return `The sandbox refuses requests from other sites and origins (Sec-Fetch-Site: ${site}).`;
  }
  const origin = header(req, 'origin');
  if (origin !== undefined) {
    // "null" comes from same-origin form posts of no-referrer pages, and from sandboxed frames;
    // only the first also says same-origin.
    const sameOrigin = origin === 'null' ? site === 'same-origin' : origin.toLowerCase() === ownOrigin(req);
    if (!sameOrigin) return `The sandbox refuses requests from another origin (${origin}).`;
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const path = pathOf(req);
  if (path === INBOX_RESET_PATH && method === 'POST' && site !== 'same-origin') {
    return 'The inbox reset button works from the inbox page only; scripts use POST /__sandbox/api/reset with JSON.';
  }
  // A bodiless DELETE is allowed: no form can send one, and a cross-origin DELETE needs a CORS
  // preflight this server never grants.
  const bodiless = method === 'DELETE' && header(req, 'content-type') === undefined && !hasBody(req);
  if (path.startsWith(CONTROL_API_PREFIX) && MUTATING_METHODS.has(method) && !bodiless && mediaType(req) !== 'application/json') {
    return 'Changes through the sandbox control API must be sent as Content-Type: application/json.';
  }
  return null;
}

// ── serving ─────────────────────────────────────────────────────────────────────────────────

function errorJson(status: number, type: string, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(errorBody(status, type, message)), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

async function serve(sandbox: Sandbox, maxBodyBytes: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const isHead = req.method === 'HEAD';
  const refused = refusal(req);
  if (refused) {
    await writeResponse(errorJson(403, 'sandbox_forbidden', refused), isHead, res);
    return;
  }

  // msw decodes route parameters with decodeURIComponent and throws on such a path: it is the
  // client's mistake, so 400 in Stytch's shape, not a handler crash's 500.
  const path = pathOf(req);
  if (!isDecodablePath(path)) {
    logSandboxWarning(`${req.method ?? 'GET'} ${path}: 400, the path is not valid percent-encoded UTF-8`);
    await writeResponse(errorJson(400, 'bad_request', `The path ${path} is not valid percent-encoded UTF-8.`), isHead, res);
    return;
  }

  const declared = Number(header(req, 'content-length') ?? '0');
  const body = declared > maxBodyBytes ? null : await readBody(req, maxBodyBytes);
  if (body === null) {
    // Answer without reading the rest, and close the connection so it is never read either.
    res.setHeader('Connection', 'close');
    const socket = req.socket;
    res.once('finish', () => socket?.destroy());
    await writeResponse(errorJson(413, 'request_too_large', `Request bodies are limited to ${maxBodyBytes} bytes.`), isHead, res);
    return;
  }

  // Aborted when the client goes away first, which releases a `hang` fault holding this request.
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const response = (await getResponse(sandbox.handlers, toFetchRequest(req, body, abort.signal))) ?? errorJson(404, 'sandbox_path_not_found', `The sandbox has nothing at ${pathOf(req)}.`);
  if (response.type === 'error') {
    // A scripted network drop (or a hang that ended): the client sees the connection reset.
    req.socket.destroy();
    return;
  }
  await writeResponse(response, isHead, res);
}

function toFetchRequest(req: IncomingMessage, body: Uint8Array<ArrayBuffer>, signal: AbortSignal): Request {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (":path", …) are not valid Fetch header names.
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const url = new URL(req.url ?? '/', ownOrigin(req));
  const init: RequestInit = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD' && body.byteLength > 0) init.body = body;
  return new Request(url, init);
}

/**
 * The body, or null as soon as it exceeds the limit. The rest is left unread (paused, not
 * destroyed: the socket must still carry the 413).
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer): void => {
      length += chunk.byteLength;
      if (length > maxBytes) {
        finish();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      finish();
      const body = new Uint8Array(length);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(body);
    };
    const onError = (error: Error): void => {
      finish();
      reject(error);
    };
    function finish(): void {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

async function writeResponse(response: Response, isHead: boolean, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    // Never grant another origin anything, whatever a handler set.
    if (name !== 'set-cookie' && !name.startsWith('access-control-')) res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  // Sandbox state changes with every request; never let a browser or proxy reuse an answer.
  if (!res.hasHeader('cache-control')) res.setHeader('cache-control', 'no-store');
  // Other origins may not even embed these answers (<script src>, <img>): they hold live tokens.
  res.setHeader('cross-origin-resource-policy', 'same-origin');
  res.setHeader('x-content-type-options', 'nosniff');
  const body = isHead ? null : new Uint8Array(await response.arrayBuffer());
  res.end(body && body.byteLength > 0 ? body : undefined);
}
