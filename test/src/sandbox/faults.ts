// Scripted faults (ARCHITECTURE.md §6): POST /__sandbox/api/faults makes chosen Stytch paths fail
// the ways a real network and provider fail — an error status, Retry-After, a delay, a hang,
// malformed JSON, a dropped connection — for N requests or until cleared.

import { HttpResponse } from 'msw';
import type { JsonObject } from './model';
import type { SandboxState } from './state';
import { SandboxError, errorBody, isJsonObject, jsonResponse, newId } from './wire';

/** Where the Stytch API is mounted; fault paths are relative to it. */
const STYTCH_MOUNT = '/__sandbox/stytch';
/** A hang ends on its own after this long, so a forgotten fault never holds a socket forever. */
const HANG_LIMIT_MS = 5 * 60_000;
const MAX_DELAY_MS = 10 * 60_000;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface Fault {
  id: string;
  /** Path after /__sandbox/stytch, e.g. `/sdk/v1/magic_links/email/login_or_create`; a trailing `*` matches any rest. */
  path: string;
  /** Upper-case; null matches every method. */
  method: string | null;
  status: number | null;
  error_type: string | null;
  error_message: string | null;
  retry_after_seconds: number | null;
  delay_ms: number | null;
  hang: boolean;
  malformed_json: boolean;
  network_drop: boolean;
  /** Requests still to fail; null = until cleared. */
  times: number | null;
  /** Requests this fault has hit so far. */
  hits: number;
}

function invalid(message: string): SandboxError {
  return new SandboxError(400, 'invalid_fault', message);
}

function optionalInteger(body: JsonObject, key: string, min: number, max: number): number | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${key} must be an integer between ${min} and ${max}.`);
  }
  return value;
}

function optionalText(body: JsonObject, key: string): string | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value === '') throw invalid(`${key} must be a non-empty string.`);
  return value;
}

function flag(body: JsonObject, key: string): boolean {
  const value = body[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid(`${key} must be true or false.`);
  return value;
}

const KNOWN_KEYS = ['path', 'method', 'status', 'error_type', 'error_message', 'retry_after_seconds', 'delay_ms', 'hang', 'malformed_json', 'network_drop', 'times'];

/** Validates a fault as POSTed; anything ambiguous is refused rather than guessed. */
export function parseFault(body: unknown): Fault {
  if (!isJsonObject(body)) throw invalid('A fault is a JSON object.');
  const unknown = Object.keys(body).filter((key) => !KNOWN_KEYS.includes(key));
  if (unknown.length > 0) throw invalid(`Unknown fault keys: ${unknown.join(', ')}.`);
  const rawPath = body['path'];
  if (typeof rawPath !== 'string' || !rawPath.startsWith('/')) {
    throw invalid('path must be the request path after /__sandbox/stytch, e.g. "/sdk/v1/magic_links/email/login_or_create".');
  }
  const path = rawPath.startsWith(`${STYTCH_MOUNT}/`) ? rawPath.slice(STYTCH_MOUNT.length) : rawPath;
  if (path.slice(0, -1).includes('*')) throw invalid('path may contain `*` only at its end.');
  const rawMethod = optionalText(body, 'method');
  const method = rawMethod === null ? null : rawMethod.toUpperCase();
  if (method !== null && !METHODS.includes(method)) throw invalid(`method must be one of ${METHODS.join(', ')}.`);

  const fault: Fault = {
    id: newId('fault'),
    path,
    method,
    status: optionalInteger(body, 'status', 200, 599),
    error_type: optionalText(body, 'error_type'),
    error_message: optionalText(body, 'error_message'),
    retry_after_seconds: optionalInteger(body, 'retry_after_seconds', 0, 86_400),
    delay_ms: optionalInteger(body, 'delay_ms', 0, MAX_DELAY_MS),
    hang: flag(body, 'hang'),
    malformed_json: flag(body, 'malformed_json'),
    network_drop: flag(body, 'network_drop'),
    times: optionalInteger(body, 'times', 1, 1_000_000),
    hits: 0,
  };

  const outcomes = [fault.hang, fault.network_drop, fault.malformed_json, fault.status !== null && !fault.malformed_json].filter(Boolean);
  if (outcomes.length > 1) throw invalid('Choose one of status, malformed_json, hang and network_drop (delay_ms combines with any).');
  if (outcomes.length === 0 && fault.delay_ms === null) {
    throw invalid('A fault needs status, malformed_json, hang, network_drop or delay_ms.');
  }
  if (fault.status !== null && fault.status < 400 && !fault.malformed_json) {
    throw invalid('status must be 400–599 (or combine a 2xx status with malformed_json).');
  }
  const needsStatus = fault.error_type !== null || fault.error_message !== null || fault.retry_after_seconds !== null;
  if (needsStatus && (fault.status === null || fault.malformed_json)) {
    throw invalid('error_type, error_message and retry_after_seconds go with an error status.');
  }
  return fault;
}

function pathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** The first active fault for this request, counted as hit (and removed when its `times` run out). */
function takeFault(state: SandboxState, request: Request): Fault | null {
  const pathname = new URL(request.url).pathname;
  const mount = pathname.indexOf(STYTCH_MOUNT);
  if (mount < 0) return null;
  const path = pathname.slice(mount + STYTCH_MOUNT.length);
  const index = state.faults.findIndex(
    (fault) => (fault.method === null || fault.method === request.method.toUpperCase()) && pathMatches(fault.path, path),
  );
  const fault = state.faults[index];
  if (!fault) return null;
  fault.hits += 1;
  if (fault.times !== null) {
    fault.times -= 1;
    if (fault.times === 0) state.faults.splice(index, 1);
  }
  return fault;
}

/** Resolves after `ms`, when the client goes away, or when the sandbox releases every hang. */
function wait(state: SandboxState, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const release = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', release);
      state.hangs.delete(release);
      resolve();
    };
    // Referenced on purpose: an unreferenced timer lets Node exit mid-test (research/reliability.md §4.1).
    const timer = setTimeout(release, ms);
    state.hangs.add(release);
    if (signal.aborted) release();
    else signal.addEventListener('abort', release);
  });
}

const DEFAULT_ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized_credentials',
  403: 'forbidden',
  404: 'not_found',
  429: 'too_many_requests',
  500: 'internal_server_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/**
 * Applies the first matching fault. Returns the faulty response, or undefined when there is no
 * fault (or only a delay), so the real handler answers.
 */
export async function applyFault(state: SandboxState, request: Request): Promise<Response | undefined> {
  const fault = takeFault(state, request);
  if (!fault) return undefined;
  if (fault.delay_ms !== null) await wait(state, fault.delay_ms, request.signal);
  if (fault.hang) {
    await wait(state, HANG_LIMIT_MS, request.signal);
    return HttpResponse.error();
  }
  if (fault.network_drop) return HttpResponse.error();
  if (fault.malformed_json) {
    // Cut off mid-object, as a connection closed half-way through would leave it.
    return new Response('{"data": {"request_id": "request-id-test-', {
      status: fault.status ?? 200,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });
  }
  if (fault.status !== null) {
    const type = fault.error_type ?? DEFAULT_ERROR_TYPES[fault.status] ?? 'sandbox_fault';
    const message = fault.error_message ?? `Fault injected by the sandbox (${fault.status} ${type}).`;
    const headers: Record<string, string> = {};
    if (fault.retry_after_seconds !== null) headers['Retry-After'] = String(fault.retry_after_seconds);
    return jsonResponse(errorBody(fault.status, type, message), fault.status, headers);
  }
  return undefined;
}
