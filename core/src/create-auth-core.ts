import { EMPTY, type SchedulerLike, asyncScheduler } from 'rxjs';
import { DEFAULT_SESSION_DURATION_MINUTES, type WidgetConfig } from './domain/config/widget-config';
import type { AuthError } from './domain/errors/auth-error';
import type { Catalogue, Translator } from './domain/i18n/translator';
import { createTranslator } from './domain/i18n/translator';
import { readReturnContext, type ReturnContext } from './domain/redirects/safe-redirect';
import { runFlow, type Flow } from './flows/flow-runner';
import { fromCall } from './flows/from-call';
import { loginEffects } from './flows/login/login.effects';
import { initialLoginState, loginTransition } from './flows/login/login.machine';
import type { LoginEvent, LoginState } from './flows/login/login.types';
import {
  type CallbackEvent,
  type CallbackInput,
  type CallbackState,
  callbackTransition,
  initialCallbackState,
} from './flows/magic-link-callback/magic-link-callback.machine';
import type { AuthProviderPort } from './ports/auth-provider.port';
import type { LoggerPort } from './ports/logger.port';
import type { NavigationPort } from './ports/navigation.port';
import { createFlowRegistry, type FlowRegistry } from './state/flow-registry';
import { createSessionStore, type SessionState } from './state/session.store';
import type { ReadableStore } from './state/store';
import { createToastCenter, type Toast } from './state/toast.store';
import { authenticateMagicLink } from './use-cases/authenticate-magic-link.use-case';
import { sendMagicLink } from './use-cases/send-magic-link.use-case';
import { signOut } from './use-cases/sign-out.use-case';

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

/** The facade every front end uses: stores to read, flows to drive, single commands. */
export interface AuthCore {
  readonly i18n: Translator;
  readonly session: ReadableStore<SessionState>;
  readonly toasts: { readonly store: ReadableStore<readonly Toast[]>; dismiss(id: number): void };
  readonly flows: FlowRegistry;
  /** `redirect` and `source` from a query string, validated. */
  readReturnContext(search: string): ReturnContext;
  /**
   * The login widget flow for `key` (created on first use, shared afterwards). `prefilledEmail`
   * seeds the e-mail field, e.g. with what the visitor typed before the page hydrated.
   */
  loginFlow(key: string, config: WidgetConfig, returnContext: ReturnContext, prefilledEmail?: string): Flow<LoginState, LoginEvent>;
  /** The magic-link return page flow for `key`. */
  magicLinkCallbackFlow(key: string, input: Omit<CallbackInput, 'sessionDurationMinutes'> & { sessionDurationMinutes?: number }): Flow<CallbackState, CallbackEvent>;
  readonly useCases: {
    readonly sendMagicLink: ReturnType<typeof sendMagicLink>;
    readonly authenticateMagicLink: ReturnType<typeof authenticateMagicLink>;
    readonly signOut: ReturnType<typeof signOut>;
  };
  dispose(): void;
}

/** Builds the core from its ports. No container, no globals. */
export function createAuthCore(ports: AuthCorePorts, options: AuthCoreOptions): AuthCore {
  const scheduler = ports.scheduler ?? asyncScheduler;
  const i18n = createTranslator(options.locale, options.messages);
  const toasts = createToastCenter(scheduler);
  const session = createSessionStore(ports.auth);
  const flows = createFlowRegistry(scheduler);
  const useCases = {
    sendMagicLink: sendMagicLink(ports.auth),
    authenticateMagicLink: authenticateMagicLink(ports.auth),
    signOut: signOut(ports.auth, ports.navigation),
  };

  const reportError = (error: AuthError) => {
    if (!options.onError) return;
    try {
      options.onError(error);
    } catch (callbackError) {
      ports.logger.error('The onError callback threw', callbackError);
    }
  };

  return {
    i18n,
    session: session.store,
    toasts,
    flows,
    readReturnContext: (search) => readReturnContext(search, options.origin),
    loginFlow: (key, config, returnContext, prefilledEmail) =>
      flows.get(key, () => {
        const flow = runFlow(
          loginTransition,
          initialLoginState({ config, returnContext, origin: options.origin, ...(prefilledEmail ? { prefilledEmail } : {}) }),
          loginEffects({ auth: ports.auth, sendMagicLink: useCases.sendMagicLink, toasts, reportError }),
        );
        flow.send({ type: 'started' });
        return flow;
      }),
    magicLinkCallbackFlow: (key, input) =>
      flows.get(key, () => {
        const flow = runFlow(
          callbackTransition,
          initialCallbackState({ ...input, sessionDurationMinutes: input.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES }),
          (effect) => {
            switch (effect.type) {
              case 'authenticateMagicLink':
                return fromCall(
                  () => useCases.authenticateMagicLink(effect.token, effect.sessionDurationMinutes),
                  (result): CallbackEvent => (result.ok ? { type: 'authenticated' } : { type: 'authenticationFailed', error: result.error }),
                );
              case 'navigate':
                ports.navigation.navigate(effect.path);
                return EMPTY;
              case 'reportError':
                reportError(effect.error);
                return EMPTY;
            }
          },
        );
        flow.send({ type: 'started' });
        return flow;
      }),
    useCases,
    dispose: () => {
      flows.disposeAll();
      session.dispose();
    },
  };
}
