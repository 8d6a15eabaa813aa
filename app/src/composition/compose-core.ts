import { createAuthCore, DEFAULT_CALL_TIMEOUT_MS, type AuthCore, type AuthCoreOptions, type AuthCorePorts } from '@vestibule/core';
import type { AppEnvironment } from './environment';

/** The locale `/login` is pre-rendered in; a browser whose text comes from another catalogue renders afresh. */
export const PRERENDER_LOCALE = 'en';

/** The app's core options beyond the environment; a caller may override any of them. */
export type ComposeCoreOptions = Partial<Omit<AuthCoreOptions, 'origin'>>;

/**
 * Builds the core the one way the app does (issue 6 §4): the browser entry, the build-time
 * renderer, the container's `AuthCore` binding and the tests all call this, so options cannot
 * drift between them.
 */
export function composeCore(ports: AuthCorePorts, environment: Pick<AppEnvironment, 'origin'>, options: ComposeCoreOptions = {}): AuthCore {
  return createAuthCore(ports, { origin: environment.origin, locale: PRERENDER_LOCALE, callTimeoutMs: DEFAULT_CALL_TIMEOUT_MS, ...options });
}
