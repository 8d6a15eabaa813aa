import { type SchedulerLike, asyncScheduler } from 'rxjs';
import type { AuthError } from './domain/errors/auth-error';
import type { Catalogue, Translator } from './domain/i18n/translator';
import { createTranslator } from './domain/i18n/translator';
import { readReturnContext, type ReturnContext } from './domain/redirects/safe-redirect';
import type { AuthProviderPort } from './ports/auth-provider.port';
import type { LoggerPort } from './ports/logger.port';
import type { NavigationPort } from './ports/navigation.port';
import { createFlowRegistry, type FlowRegistry } from './state/flow-registry';
import { createSessionStore, type SessionState } from './state/session.store';
import type { ReadableStore } from './state/store';
import { createToastCenter, type Toast, type ToastCenter } from './state/toast.store';

/** The outside world the core talks to, each behind a port. */
export interface AuthCorePorts {
  readonly auth: AuthProviderPort;
  readonly navigation: NavigationPort;
  readonly logger: LoggerPort;
  /** Every timer runs on this scheduler; tests pass a virtual-time one. */
  readonly scheduler?: SchedulerLike;
}

export interface AuthCoreOptions {
  /** The page origin; redirects and provider return URLs are checked against it. */
  readonly origin: string;
  readonly locale?: string;
  /** Integrator wording that replaces catalogue strings. */
  readonly messages?: Partial<Catalogue>;
  /** SPEC §8: errors are reported to this callback; if it throws, the error is logged. */
  readonly onError?: (error: AuthError) => void;
}

/**
 * What flows and use cases run against. Flow factories (`openLoginFlow`, …) and use cases take
 * it from `core.host`, so a front end bundles only the flows it opens.
 */
export interface AuthCoreHost {
  readonly auth: AuthProviderPort;
  readonly navigation: NavigationPort;
  readonly logger: LoggerPort;
  readonly scheduler: SchedulerLike;
  readonly origin: string;
  readonly toasts: ToastCenter;
  readonly flows: FlowRegistry;
  /** Hands an error to the integrator's `onError` (SPEC §8). */
  reportError(error: AuthError): void;
}

/** The facade every front end uses: stores to read and the host flows are opened on. */
export interface AuthCore {
  readonly i18n: Translator;
  readonly session: ReadableStore<SessionState>;
  readonly toasts: { readonly store: ReadableStore<readonly Toast[]>; dismiss(id: number): void };
  readonly host: AuthCoreHost;
  /** `redirect` and `source` from a query string, validated. */
  readReturnContext(search: string): ReturnContext;
  dispose(): void;
}

/** Builds the core from its ports. No container, no globals. */
export function createAuthCore(ports: AuthCorePorts, options: AuthCoreOptions): AuthCore {
  const scheduler = ports.scheduler ?? asyncScheduler;
  const toasts = createToastCenter(scheduler);
  const session = createSessionStore(ports.auth);
  const flows = createFlowRegistry(scheduler);

  const host: AuthCoreHost = {
    auth: ports.auth,
    navigation: ports.navigation,
    logger: ports.logger,
    scheduler,
    origin: options.origin,
    toasts,
    flows,
    reportError: (error) => {
      if (!options.onError) return;
      try {
        options.onError(error);
      } catch (callbackError) {
        ports.logger.error('The onError callback threw', callbackError);
      }
    },
  };

  return {
    i18n: createTranslator(options.locale, options.messages),
    session: session.store,
    toasts,
    host,
    readReturnContext: (search) => readReturnContext(search, options.origin),
    dispose: () => {
      flows.disposeAll();
      session.dispose();
    },
  };
}
