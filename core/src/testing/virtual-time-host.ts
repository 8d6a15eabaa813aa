import { VirtualTimeScheduler } from 'rxjs';
import type { AuthCoreEvent, AuthCoreHost } from '../create-auth-core';
import { ok } from '../domain/errors/auth-error';
import type { SafePath } from '../domain/redirects/safe-redirect';
import { createFlowRegistry } from '../state/flow-registry';
import { createSessionStore } from '../state/session.store';
import { createToastCenter } from '../state/toast.store';

// For core's own tests (core may not import the test package's fakes): a host on hand-written
// ports and virtual time. Nothing outside tests imports this module.

export interface VirtualTimeHost {
  readonly host: AuthCoreHost;
  readonly scheduler: VirtualTimeScheduler;
  /** Every navigation, in order. */
  readonly navigations: Array<{ readonly path: SafePath; readonly replace: boolean }>;
  /** Every event handed to the integrator (`onEvent`), in order. */
  readonly events: AuthCoreEvent[];
  /** Lets `ms` of virtual time pass, settling the ports' promises along the way. */
  advance(ms: number): Promise<void>;
}

/** Settles promise chains a port's answer sets off (the ports here answer with resolved promises). */
export async function flushMicrotasks(): Promise<void> {
  for (let round = 0; round < 50; round++) await Promise.resolve();
}

/**
 * A signed-out visitor on ports that answer at once; pass the ports a test is about. The session
 * store is built on the given session port, as the core builds it.
 */
export function virtualTimeHost(
  ports: Partial<AuthCoreHost['ports']> = {},
  { prepareErrorDisplay = () => Promise.resolve() }: { readonly prepareErrorDisplay?: () => Promise<void> } = {},
): VirtualTimeHost {
  const scheduler = new VirtualTimeScheduler();
  const navigations: Array<{ path: SafePath; replace: boolean }> = [];
  const events: AuthCoreEvent[] = [];
  const logger = { error: () => undefined };
  const runtime = { scheduler, logger, callTimeoutMs: 15_000, prepareErrorDisplay };
  const allPorts: AuthCoreHost['ports'] = {
    session: { check: () => Promise.resolve(ok(null)), adopt: () => Promise.resolve(ok(null)), subscribe: () => () => undefined, revoke: () => Promise.resolve(ok(undefined)) },
    projectSettings: { get: () => Promise.resolve(ok({ emailDomains: [], passwordConfig: null })) },
    telemetry: { log: () => undefined },
    navigation: { navigate: (path) => void navigations.push({ path, replace: false }), replace: (path) => void navigations.push({ path, replace: true }) },
    logger,
    storage: { get: () => null, set: () => undefined, remove: () => undefined },
    ...ports,
  };
  const host: AuthCoreHost = {
    ...runtime,
    ports: allPorts,
    origin: 'https://shop.example',
    toasts: createToastCenter(scheduler),
    flows: createFlowRegistry({ scheduler, logger }),
    session: createSessionStore(allPorts.session, runtime),
    reportError: () => undefined,
    emitEvent: (event) => void events.push(event),
  };
  const advance = async (ms: number) => {
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
  };
  return { host, scheduler, navigations, events, advance };
}
