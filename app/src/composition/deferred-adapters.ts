import {
  type AuthProviderPort,
  type LoggerPort,
  type NavigationPort,
  type ProviderSession,
  type Result,
  authError,
  CLIENT_ERROR_CODES,
  fail,
} from '@vestibule/core';

/** The adapters the core needs, as the composition root resolves them. */
export interface Adapters {
  readonly auth: AuthProviderPort;
  readonly navigation: NavigationPort;
  readonly logger: LoggerPort;
}

/** Stand-ins for the adapters that load the real ones (and the SDKs behind them) on demand. */
export interface DeferredAdapters extends Adapters {
  /** Starts loading now (idempotent); resolves once the real adapters are ready. */
  load(): Promise<Adapters>;
}

/**
 * Keeps provider code out of the first load (issue 3: the first screen needs none of it).
 *
 * Calls a user is waiting for (send a link, authenticate, sign out, navigate) start the load
 * themselves. Background calls (session subscription, project settings, telemetry) wait until
 * something else started it — the browser going idle, the first interaction, or such a call —
 * so they never compete with the first render.
 */
export function createDeferredAdapters(loadAdapters: () => Promise<Adapters>): DeferredAdapters {
  let loading: Promise<Adapters> | null = null;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));

  const load = (): Promise<Adapters> => {
    loading ??= loadAdapters().catch((error: unknown) => {
      loading = null; // a failed chunk download may succeed on the next attempt
      throw error;
    });
    markStarted();
    return loading;
  };
  const whenStarted = () => started.then(load);

  const urgent = <T>(call: (adapters: Adapters) => Promise<Result<T>>): Promise<Result<T>> =>
    load().then(call, () => fail<T>(authError(CLIENT_ERROR_CODES.networkUnreachable)));

  const auth: AuthProviderPort = {
    sendMagicLink: (request) => urgent((adapters) => adapters.auth.sendMagicLink(request)),
    authenticateMagicLink: (token, minutes) => urgent((adapters) => adapters.auth.authenticateMagicLink(token, minutes)),
    revokeSession: () => urgent((adapters) => adapters.auth.revokeSession()),
    getProjectSettings: () =>
      whenStarted().then(
        (adapters) => adapters.auth.getProjectSettings(),
        () => fail(authError(CLIENT_ERROR_CODES.networkUnreachable)),
      ),
    subscribeSession: (listener: (session: ProviderSession) => void) => {
      let unsubscribe: (() => void) | null = null;
      let active = true;
      whenStarted().then(
        (adapters) => {
          if (active) unsubscribe = adapters.auth.subscribeSession(listener);
        },
        () => undefined, // without provider code the session stays unknown; urgent calls report the failure
      );
      return () => {
        active = false;
        unsubscribe?.();
      };
    },
    logEvent: (event) => {
      whenStarted().then(
        (adapters) => adapters.auth.logEvent(event),
        () => undefined,
      );
    },
  };

  return {
    auth,
    navigation: { navigate: (path) => void load().then((adapters) => adapters.navigation.navigate(path)) },
    logger: { error: (message, detail) => void load().then((adapters) => adapters.logger.error(message, detail)) },
    load,
  };
}
