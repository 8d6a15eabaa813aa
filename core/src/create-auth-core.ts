import type { Scheduler } from './ports/scheduler.port';
import type { AuthError } from './domain/errors/auth-error';
import { createTranslations, type Translations, type TranslationsOptions, type Translator } from './domain/i18n/translator';
import { readReturnContext, type ReturnContext } from './domain/redirects/safe-redirect';
import { DEFAULT_CALL_TIMEOUT_MS, type CallRuntime } from './flows/provider-call';
import type { CryptoWalletsPort } from './ports/crypto-wallets.port';
import type { InjectedWalletsPort } from './ports/injected-wallets.port';
import type { IdentityProviderPort } from './ports/identity-provider.port';
import type { LoggerPort } from './ports/logger.port';
import type { MagicLinksPort } from './ports/magic-links.port';
import type { NavigationPort } from './ports/navigation.port';
import type { GoogleIdentityPort } from './ports/google-identity.port';
import type { OAuthPort } from './ports/oauth.port';
import type { PasscodesPort } from './ports/passcodes.port';
import type { PhoneNumbersPort } from './ports/phone-numbers.port';
import type { WebOtpPort } from './ports/web-otp.port';
import type { PasskeySupportPort, PasskeysPort } from './ports/passkeys.port';
import type { PasswordStrengthEstimatorPort } from './ports/password-strength.port';
import type { PasswordsPort } from './ports/passwords.port';
import type { ProjectSettingsPort } from './ports/project-settings.port';
import type { SessionPort } from './ports/session.port';
import type { StoragePort } from './ports/storage.port';
import type { HistoryPort } from './ports/history.port';
import type { TabLeadershipPort } from './ports/tab-leadership.port';
import type { TelemetryPort } from './ports/telemetry.port';
import type { AnalyticsPort } from './ports/analytics.port';
import type { PageLifecyclePort } from './ports/page-lifecycle.port';
import type { AuthCoreEvent } from './domain/telemetry/auth-core-event';
import { createEventBus, type EventBus, type EventMeta } from './state/event-bus';
import { createFlowRegistry, type FlowRegistry } from './state/flow-registry';
import { createSessionStore, type SessionStore } from './state/session.store';
import { createToastCenter, type ToastCenter } from './state/toast.store';

/**
 * The outside world the core talks to, one port per concern. Product ports are optional: a
 * front end passes the ones for the products it offers, and each flow sees only those it uses.
 */
export interface AuthCorePorts {
  readonly session: SessionPort;
  readonly projectSettings: ProjectSettingsPort;
  readonly telemetry: TelemetryPort;
  readonly navigation: NavigationPort;
  readonly logger: LoggerPort;
  readonly storage: StoragePort;
  /**
   * The browser's history, so each widget screen is an entry Back returns from and a reload
   * brings back. Without it the widget's screens are not history entries.
   */
  readonly sessionHistory?: HistoryPort;
  readonly magicLinks?: MagicLinksPort;
  readonly passcodes?: PasscodesPort;
  /** Phone number formatting and parsing (its metadata loads when a phone field is first shown). */
  readonly phoneNumbers?: PhoneNumbersPort;
  /** Reads an SMS code as it arrives (the WebOTP API), where the browser offers it. */
  readonly webOtp?: WebOtpPort;
  readonly passwords?: PasswordsPort;
  /** Local password scoring for an instant strength meter (the provider's check still decides). */
  readonly passwordStrength?: PasswordStrengthEstimatorPort;
  readonly oauth?: OAuthPort;
  /** Google's One Tap prompt (loaded only where One Tap applies). */
  readonly googleIdentity?: GoogleIdentityPort;
  /**
   * Storage that outlives the tab (the browser's local storage), for remembered choices such as
   * the last OAuth provider used. Without it those choices last as long as `storage`.
   */
  readonly durableStorage?: StoragePort;
  readonly passkeys?: PasskeysPort;
  /** What the browser offers for passkeys (autofill, a platform authenticator). */
  readonly passkeySupport?: PasskeySupportPort;
  readonly cryptoWallets?: CryptoWalletsPort;
  /** The visitor's crypto wallets, as the browser extensions injected into the page offer them. */
  readonly injectedWallets?: InjectedWalletsPort;
  readonly identityProvider?: IdentityProviderPort;
  /**
   * Who among the visitor's tabs refreshes the session (one refresher for N tabs). Without it,
   * every tab refreshes on its own.
   */
  readonly tabLeadership?: TabLeadershipPort;
  /** Product analytics (SPEC §1), fed by the event bus after token scrubbing; without it nothing is captured. */
  readonly analytics?: AnalyticsPort;
  /** When the page is hidden or left, so queued provider telemetry is sent then, not lost. */
  readonly pageLifecycle?: PageLifecyclePort;
  // new:flow: product ports
  /** Every timer runs on this scheduler: `timeoutScheduler` in a browser, a virtual-time one in tests. */
  readonly scheduler: Scheduler;
}

/** A port by its name in {@link AuthCorePorts} (the scheduler is not one a product calls). */
export type PortName = Exclude<keyof AuthCorePorts, 'scheduler'>;

/**
 * How the core is set up. The language options are the translator's (`locale`, `messages`,
 * `messagesByLocale`, `messageLoader`, `availableLocales`, `preloadedMessages`,
 * `messageLoadTimeoutMs`); their load deadline runs on the ports' scheduler.
 */
export interface AuthCoreOptions extends Omit<TranslationsOptions, 'scheduler' | 'onMissing' | 'onLoadError'> {
  /** The page origin; redirects and provider return URLs are checked against it. */
  readonly origin: string;
  /** SPEC §8: errors are reported to this callback; if it throws, the error is logged. */
  readonly onError?: (error: AuthError) => void;
  /**
   * SPEC §2: what the widget tells its integrator (a sign-in finished, …), scrubbed of session
   * tokens, with the event's id and time; if it throws, the error is logged.
   */
  readonly onEvent?: (event: AuthCoreEvent, meta: EventMeta) => void;
  /**
   * A new unique id for each widget event (`crypto.randomUUID` in a browser); the core has no
   * random source of its own, and its fallback is unique within one page only.
   */
  readonly createEventId?: () => string;
  /** How long a provider call may take before it fails with `timeout`. */
  readonly callTimeoutMs?: number;
  /**
   * Starts fetching the code behind these ports before their first call, for a front end whose
   * adapters load on demand (the core asks for what a likely first action calls; issue 16 §14).
   * Must not throw or call anything; without it nothing is fetched ahead.
   */
  readonly prefetchPorts?: (ports: readonly PortName[]) => void;
}

/**
 * What flows and use cases run against. Flow factories (`openLoginFlow`, …) and use cases take
 * it from `core.host`, so a front end bundles only the flows it opens.
 */
export interface AuthCoreHost extends CallRuntime {
  readonly ports: Omit<AuthCorePorts, 'scheduler'>;
  readonly origin: string;
  readonly toasts: ToastCenter;
  readonly flows: FlowRegistry;
  readonly session: SessionStore;
  /** Hands an error to the integrator's `onError` (SPEC §8). */
  reportError(error: AuthError): void;
  /** Puts an event on the event bus: the integrator's `onEvent`, analytics and the provider's log. */
  emitEvent(event: AuthCoreEvent): void;
  /** The event bus itself (identify, flush). */
  readonly events: EventBus;
  /** Fetches the code behind these ports ahead of their first call, where the front end can ({@link AuthCoreOptions.prefetchPorts}). */
  readonly prefetchPorts?: ((ports: readonly PortName[]) => void) | undefined;
}

export type { AuthCoreEvent } from './domain/telemetry/auth-core-event';

/** The facade every front end uses: stores to read and the host flows are opened on. */
export interface AuthCore {
  /** The translator of the page's locale. */
  readonly i18n: Translator;
  /** Translators for other locales (a widget configured with its own), sharing loaded catalogues. */
  readonly translations: Translations;
  readonly session: SessionStore;
  /** The toasts to show; a front end dismisses them, and pauses one while it is hovered or focused. */
  readonly toasts: Omit<ToastCenter, 'show'>;
  readonly host: AuthCoreHost;
  /** Where the widget's events leave the core; a page names its visitor to analytics here (`identify`). */
  readonly events: EventBus;
  /** `redirect` and `source` from a query string, validated. */
  readReturnContext(search: string): ReturnContext;
  dispose(): void;
}

/** Builds the core from its ports. No container, no globals. */
export function createAuthCore(ports: AuthCorePorts, options: AuthCoreOptions): AuthCore {
  const { scheduler, ...portsWithoutScheduler } = ports;
  const toasts = createToastCenter(scheduler);
  const translations = createTranslations({
    ...options,
    scheduler,
    onMissing: (key, locale) => ports.logger.error(`No catalogue has "${key}" for ${locale}`),
    onLoadError: (locale, namespace, cause) => ports.logger.error(`The ${locale} "${namespace}" messages did not load`, cause),
  });
  const callRuntime: CallRuntime = {
    scheduler,
    logger: ports.logger,
    callTimeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    // A failure's message is in the `errors` namespace: load it before the failure is shown.
    prepareErrorDisplay: () => translations.loadEverywhere(['errors']),
  };
  const session = createSessionStore(ports.session, callRuntime, { leadership: ports.tabLeadership });
  const flows = createFlowRegistry({ scheduler, logger: ports.logger });

  // The integrator's callbacks never break a flow: one that throws is logged.
  const callBack =
    <T>(callback: ((value: T) => void) | undefined, name: string) =>
    (value: T) => {
      try {
        callback?.(value);
      } catch (callbackError) {
        ports.logger.error(`The ${name} callback threw`, callbackError);
      }
    };
  // The bus takes the ports and options it needs by their names (scheduler, logger, telemetry,
  // analytics, pageLifecycle, onEvent, createEventId): one spread is the smallest call in the first load.
  const events = createEventBus({ ...ports, ...options });
  const host: AuthCoreHost = {
    ...callRuntime,
    ports: portsWithoutScheduler,
    origin: options.origin,
    toasts,
    flows,
    session,
    reportError: callBack(options.onError, 'onError'),
    emitEvent: events.emit,
    events,
    prefetchPorts: options.prefetchPorts,
  };

  return {
    i18n: translations.default,
    translations,
    session,
    toasts,
    host,
    events,
    readReturnContext: (search) => readReturnContext(search, options.origin),
    dispose: () => {
      flows.disposeAll();
      session.dispose();
      events.dispose();
    },
  };
}
