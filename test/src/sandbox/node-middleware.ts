// Serves the sandbox's msw handlers from a real HTTP server (Vite dev and preview, via
// configureServer / configurePreviewServer), so state lives in the server process and survives
// page navigations, which an in-page service worker would not.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { getResponse } from 'msw';
import type { Sandbox } from './index';

const SANDBOX_PREFIX = '/__sandbox';

export type SandboxMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** connect/Vite-compatible: handles paths under /__sandbox, passes everything else to next(). */
export function createSandboxMiddleware(sandbox: Sandbox): SandboxMiddleware {
  return (req, res, next) => {
    const path = req.url ?? '/';
    if (!isSandboxPath(path)) {
      next();
      return;
    }
    serve(sandbox, req, res, next).catch(next);
  };
}

function isSandboxPath(url: string): boolean {
  if (!url.startsWith(SANDBOX_PREFIX)) return false;
  const rest = url.charAt(SANDBOX_PREFIX.length);
  return rest === '' || rest === '/' || rest === '?';
}

async function serve(
  sandbox: Sandbox,
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
): Promise<void> {
  const request = await toFetchRequest(req);
  const response = await getResponse(sandbox.handlers, request);
  if (!response) {
    next();
    return;
  }
  await writeResponse(response, req.method === 'HEAD', res);
}

async function toFetchRequest(req: IncomingMessage): Promise<Request> {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (":path", …) are not valid Fetch header names.
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const authority = req.headers.host ?? headerValue(req.headers[':authority']) ?? 'localhost';
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  const url = new URL(req.url ?? '/', `${encrypted ? 'https' : 'http'}://${authority}`);
  const init: RequestInit = { method, headers };
  if (method !== 'GET' && method !== 'HEAD') {
    const body = await readBody(req);
    if (body.byteLength > 0) init.body = body;
  }
  return new Request(url, init);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    chunks.push(bytes);
    length += bytes.byteLength;
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

async function writeResponse(response: Response, isHead: boolean, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  // Sandbox state changes with every request; never let a browser or proxy reuse an answer.
  if (!res.hasHeader('cache-control')) res.setHeader('cache-control', 'no-store');
  const body = isHead ? null : new Uint8Array(await response.arrayBuffer());
  res.end(body && body.byteLength > 0 ? body : undefined);
}
