import { VirtualTimeScheduler } from 'rxjs';
import { createAuthCore, type AuthCore, type AuthCoreEvent, type AuthCoreHost } from '../create-auth-core';
import { ok, type AuthError } from '../domain/errors/auth-error';
import { ENGLISH_CATALOGUES } from '../domain/i18n/english';
import type { ProviderUrl } from '../domain/redirects/provider-url';
import type { SafePath } from '../domain/redirects/safe-redirect';

// For core's own tests (core may not import the test package's fakes): the core as
// `createAuthCore` builds it — the same session store, callbacks and call runtime a page gets —
// on hand-written ports and virtual time. Nothing outside tests imports this module.

export interface VirtualTimeHost {
  readonly host: AuthCoreHost;
  /** The whole facade, for what a page reads besides the host (its translator, to see the words shown). */
  readonly core: AuthCore;
  readonly scheduler: VirtualTimeScheduler;
  /** Every navigation within the site, in order. */
  readonly navigations: Array<{ readonly path: SafePath; readonly replace: boolean }>;
  /** Every provider URL the page left for (`leave`), in order. */
  readonly departures: ProviderUrl[];
  /** Every event handed to the integrator (`onEvent`), in order. */
  readonly events: AuthCoreEvent[];
  /** Every error handed to the integrator (`onError`), in order. */
  readonly reportedErrors: AuthError[];
  /** Lets `ms` of virtual time pass, settling the ports' promises along the way. */
  advance(ms: number): Promise<void>;
}

export interface VirtualTimeHostOptions {
  /**
   * Stands in for loading the error messages before a failure or a round trip is shown. By
   * default every English catalogue is in memory, so that wait is over at once; a test about what
   * waits for the messages passes its own (the core's session store keeps the default).
   */
  readonly prepareErrorDisplay?: () => Promise<void>;
}

/** Settles promise chains a port's answer sets off (the ports here answer with resolved promises). */
export async function flushMicrotasks(): Promise<void> {
  for (let round = 0; round < 50; round++) await Promise.resolve();
}

/** Lets `ms` of virtual time pass on `scheduler`, settling promise chains after each timer fires. */
export async function advanceVirtualTime(scheduler: VirtualTimeScheduler, ms: number): Promise<void> {
  const until = scheduler.now() + ms;
  await flushMicrotasks();
  while (scheduler.actions.length > 0 && (scheduler.actions[0]?.delay ?? Infinity) <= until) {
    scheduler.maxFrames = scheduler.actions[0]?.delay ?? until;
    scheduler.flush();
    await flushMicrotasks();
  }
  scheduler.maxFrames = until;
  scheduler.flush();
  scheduler.frame = until;
  await flushMicrotasks();
}

/**
 * A signed-out visitor on ports that answer at once; pass the ports a test is about. The page's
 * origin is `https://shop.example`, the call timeout the core's default (15 s).
 */
export function virtualTimeHost(ports: Partial<AuthCoreHost['ports']> = {}, options: VirtualTimeHostOptions = {}): VirtualTimeHost {
  const scheduler = new VirtualTimeScheduler();
  const navigations: Array<{ path: SafePath; replace: boolean }> = [];
  const departures: ProviderUrl[] = [];
  const events: AuthCoreEvent[] = [];
  const reportedErrors: AuthError[] = [];
  const core = createAuthCore(
    {
      session: { check: () => Promise.resolve(ok(null)), adopt: () => Promise.resolve(ok(null)), subscribe: () => () => undefined, revoke: () => Promise.resolve(ok(undefined)) },
      projectSettings: { get: () => Promise.resolve(ok({ emailDomains: [], passwordConfig: null })) },
      telemetry: { send: () => undefined },
      navigation: {
        navigate: (path) => void navigations.push({ path, replace: false }),
        replace: (path) => void navigations.push({ path, replace: true }),
        leave: (url) => void departures.push(url),
      },
      logger: { error: () => undefined },
      storage: { get: () => null, set: () => undefined, remove: () => undefined },
      ...ports,
      scheduler,
    },
    {
      origin: 'https://shop.example',
      locale: 'en',
      // In memory, as a server renderer has them: no catalogue chunk is fetched on real time.
      preloadedMessages: { en: ENGLISH_CATALOGUES },
      onError: (error) => void reportedErrors.push(error),
      onEvent: (event) => void events.push(event),
    },
  );
  const host: AuthCoreHost = options.prepareErrorDisplay ? { ...core.host, prepareErrorDisplay: options.prepareErrorDisplay } : core.host;
  // The event bus loads its delivery half as a chunk (real time): have it here before virtual time runs.
  const eventsReady = core.events.ready();
  const advance = async (ms: number) => {
    await eventsReady;
    await advanceVirtualTime(scheduler, ms);
  };
  return { host, core: { ...core, host }, scheduler, navigations, departures, events, reportedErrors, advance };
}
