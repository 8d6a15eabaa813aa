// Helpers for the sandbox's own tests: talk to it over HTTP exactly as the Stytch SDK does.

import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { SANDBOX_STYTCH_PATH, createSandbox, type Sandbox } from './index';

export const ORIGIN = 'http://localhost:5173';
/** When the sandbox's own tests start their clock. */
export const SANDBOX_TEST_START = Date.parse('2026-03-01T09:00:00.000Z');
export const PUBLIC_TOKEN = 'public-token-test-sandbox-spec';
export const CALLBACK_URL = `${ORIGIN}/login/callback?redirect=%2Faccount&source=web`;

export interface JsonReply {
  status: number;
  headers: Headers;
  json: unknown;
}

export function basicAuth(secret: string = PUBLIC_TOKEN, publicToken: string = PUBLIC_TOKEN): string {
  return `Basic ${btoa(`${publicToken}:${secret}`)}`;
}

async function reply(response: Response): Promise<JsonReply> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** A call to `${ORIGIN}/__sandbox/stytch/sdk/v1${path}` with the SDK's credentials. */
export async function sdkCall(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; sessionToken?: string; publicToken?: string; headers?: Record<string, string> } = {},
): Promise<JsonReply> {
  const init: RequestInit = {
    method,
    headers: {
      Authorization: basicAuth(options.sessionToken ?? options.publicToken ?? PUBLIC_TOKEN, options.publicToken),
      'Content-Type': 'application/json',
      ...options.headers,
    },
  };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  return reply(await fetch(`${ORIGIN}${SANDBOX_STYTCH_PATH}/sdk/v1${path}`, init));
}

/**
 * A call to the sandbox control API, `${origin}/__sandbox/api${path}`. Changes are sent as JSON,
 * as the node middleware requires.
 */
export async function controlCall(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  origin: string = ORIGIN,
): Promise<JsonReply> {
  const init: RequestInit = { method };
  if (method !== 'GET') init.headers = { 'Content-Type': 'application/json' };
  if (body !== undefined) init.body = JSON.stringify(body);
  return reply(await fetch(`${origin}/__sandbox/api${path}`, init));
}

/** Narrowing for assertions on untyped JSON. */
export function obj(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`expected a JSON object, got ${JSON.stringify(value)}`);
  }
  return value as Record<string, unknown>;
}

export function arr(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error(`expected a JSON array, got ${JSON.stringify(value)}`);
  return value;
}

/** The `data` of a Stytch success envelope. */
export function data(result: JsonReply): Record<string, unknown> {
  if (result.status !== 200) throw new Error(`expected 200, got ${result.status}: ${JSON.stringify(result.json)}`);
  return obj(obj(result.json)['data']);
}

export function str(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`expected a string, got ${JSON.stringify(value)}`);
  return value;
}

/**
 * The sandbox on msw/node for its own tests, on a clock the test moves (`clock.now += …`): the
 * server listens for the file, and every test starts from an empty sandbox at `start`.
 */
export function sandboxUnderTest(start: number = SANDBOX_TEST_START): { readonly sandbox: Sandbox; readonly clock: { now: number } } {
  const clock = { now: start };
  const sandbox = createSandbox({ now: () => clock.now });
  const server = setupServer(...sandbox.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    sandbox.reset();
    clock.now = start;
  });
  afterAll(() => server.close());
  return { sandbox, clock };
}

/** A Stytch-shaped error answer: status, type, the docs URL, a request id and a message. Returns the body. */
export function expectStytchError(result: JsonReply, status: number, errorType: string): Record<string, unknown> {
  expect(result.status, JSON.stringify(result.json)).toBe(status);
  const body = obj(result.json);
  expect(body).toMatchObject({ status_code: status, error_type: errorType, error_url: `https://stytch.com/docs/api/errors/${status}#${errorType}` });
  expect(typeof body['request_id']).toBe('string');
  expect(typeof body['error_message']).toBe('string');
  return body;
}
