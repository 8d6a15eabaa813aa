import type { ProviderSession } from '@vestibule/core';
import { createSandbox, type SandboxOptions } from '@vestibule/test/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createStytchAdapters } from './create-stytch-adapters';
import type { StytchAdaptersOptions } from './stytch-client';

// For the Stytch adapters' tests (jsdom at http://localhost:5173/): the real SDK against the
// sandbox through msw. Nothing outside tests imports this module.

export const SANDBOX_ORIGIN = 'http://localhost:5173';
/** The sandbox's Stytch API base (the SDK's `testAPIURL`). */
export const SANDBOX_STYTCH = `${SANDBOX_ORIGIN}/__sandbox/stytch`;

/**
 * One sandbox, its msw server and one Stytch client for a test file, with every session the
 * client reports; `adapterOptions` (a logger to assert on) go to the adapters. Registers the
 * file's hooks: listen (unknown requests fail) and subscribe before all, reset msw's handlers
 * before each, dispose after all.
 */
export function sandboxedStytch(publicToken: string, options: SandboxOptions = {}, adapterOptions: Pick<StytchAdaptersOptions, 'logger'> = {}) {
  const sandbox = createSandbox(options);
  const server = setupServer(...sandbox.handlers);
  const stytch = createStytchAdapters({ publicToken, apiBaseUrl: SANDBOX_STYTCH, ...adapterOptions });
  const reported: ProviderSession[] = [];
  let unsubscribe = () => {};
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    // The consumer SDK has no intermediate sessions: every report is a session or none.
    unsubscribe = stytch.session.subscribe((session) => reported.push(session as ProviderSession));
  });
  afterAll(() => {
    unsubscribe();
    stytch.dispose();
    server.close();
  });
  beforeEach(() => server.resetHandlers());
  return { sandbox, server, stytch, reported };
}

/** A call to the sandbox's control API (`/__sandbox/api…`) that must succeed. */
export async function sandboxControl(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${SANDBOX_ORIGIN}/__sandbox/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}
