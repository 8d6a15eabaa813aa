import type {
  AuthCore,
  GoogleIdentityPort,
  LoggerPort,
  MagicLinksPort,
  NavigationPort,
  OAuthPort,
  PasscodesPort,
  PasswordsPort,
  PasswordStrengthEstimatorPort,
  PhoneNumbersPort,
  ProjectSettingsPort,
  SessionPort,
  StoragePort,
  TelemetryPort,
  WebOtpPort,
} from '@vestibule/core';
import type { SchedulerLike } from 'rxjs';
import { composeCore, type ComposeCoreOptions } from './compose-core';
import { type DeferPlan, deferPort, lazyModule, selectLazy, type LazyModule } from './defer-port';
import type { AppEnvironment } from './environment';

/** The adapters the browser resolves from the lazily loaded container (`resolveAdapters`). */
export interface BrowserAdapters extends DeferredAdapters {
  /** Not a provider call (its estimate is a plain promise): stood in for by {@link deferEstimator}. */
  readonly passwordStrength: PasswordStrengthEstimatorPort;
}

/** The adapters stood in for method by method, per {@link BROWSER_DEFER_PLANS}. */
export interface DeferredAdapters {
  readonly session: SessionPort;
  readonly magicLinks: MagicLinksPort;
  readonly passwords: PasswordsPort;
  readonly passcodes: PasscodesPort;
  /** libphonenumber-js loads later still, on the adapter's first call. */
  readonly phoneNumbers: PhoneNumbersPort;
  /** Feature-detected inside: listening does nothing where the browser lacks WebOTP. */
  readonly webOtp: WebOtpPort;
  readonly oauth: OAuthPort;
  readonly googleIdentity: GoogleIdentityPort;
  readonly projectSettings: ProjectSettingsPort;
  readonly telemetry: TelemetryPort;
  readonly navigation: NavigationPort;
  readonly logger: LoggerPort;
}

/**
 * When each deferred call loads the composition chunk (issue 3): what a visitor waits for
 * starts it; the start-up session check, settings and telemetry wait for idle or interaction.
 */
export const BROWSER_DEFER_PLANS: { readonly [K in keyof DeferredAdapters]: DeferPlan<DeferredAdapters[K]> } = {
  session: { check: 'background', adopt: 'urgent', subscribe: 'subscribe', revoke: 'urgent' },
  magicLinks: { send: 'urgent', authenticate: 'urgent' },
  passwords: { searchUser: 'urgent', strengthCheck: 'urgent', create: 'urgent', authenticate: 'urgent', resetByEmailStart: 'urgent', resetByEmail: 'urgent' },
  passcodes: { send: 'urgent', verify: 'urgent' },
  // Asked for when a phone field shows or is submitted: the visitor is waiting. Plain promises,
  // so a failed load rejects (`await`); the callers' own deadlines and fallbacks handle that.
  phoneNumbers: { countries: 'await', formatAsYouType: 'await', parse: 'await' },
  // Listened to on Passcode entry for SMS, after the send has brought the adapters.
  webOtp: { listen: 'subscribe' },
  oauth: { start: 'urgent', authenticate: 'urgent', abandon: 'urgent', oneTapSettings: 'urgent', oneTapSubmit: 'urgent' },
  // The prompt is asked for only after `load` (urgent) brought the chunk.
  googleIdentity: { load: 'urgent', prompt: 'subscribe' },
  projectSettings: { get: 'background' },
  telemetry: { log: 'fire' },
  navigation: { navigate: 'urgent', replace: 'urgent', stop: 'fire' },
  logger: { error: 'urgent' },
};

/**
 * The password estimator until the composition chunk is there: asking for an estimate (or
 * preloading on focus) starts that load; the zxcvbn worker itself loads only then.
 */
export function deferEstimator(module: LazyModule<BrowserAdapters>): PasswordStrengthEstimatorPort {
  return {
    preload: () => void module.load().then((adapters) => adapters.passwordStrength.preload(), () => undefined),
    estimate: (password, userInputs) => module.load().then((adapters) => adapters.passwordStrength.estimate(password, userInputs)),
  };
}

/** Stand-ins for every browser adapter, all loaded by one `module`. */
export function deferBrowserAdapters(module: LazyModule<BrowserAdapters>): BrowserAdapters {
  const defer = <K extends keyof DeferredAdapters>(key: K): DeferredAdapters[K] =>
    deferPort(selectLazy(module, (adapters) => adapters[key]), BROWSER_DEFER_PLANS[key]);
  return {
    session: defer('session'),
    magicLinks: defer('magicLinks'),
    passwords: defer('passwords'),
    passcodes: defer('passcodes'),
    phoneNumbers: defer('phoneNumbers'),
    webOtp: defer('webOtp'),
    oauth: defer('oauth'),
    googleIdentity: defer('googleIdentity'),
    passwordStrength: deferEstimator(module),
    projectSettings: defer('projectSettings'),
    telemetry: defer('telemetry'),
    navigation: defer('navigation'),
    logger: defer('logger'),
  };
}

export interface BrowserCoreOptions {
  /** Loads the composition chunk and resolves the adapters from its container. */
  readonly loadAdapters: () => Promise<BrowserAdapters>;
  /** Synchronous, so it cannot be deferred; tiny (`createSessionStorage`), so it need not be. */
  readonly storage: StoragePort;
  /** The same over `localStorage` (remembered choices: the last OAuth provider). */
  readonly durableStorage: StoragePort;
  readonly scheduler: SchedulerLike;
  readonly coreOptions?: ComposeCoreOptions;
}

/**
 * The core of a browser page (and of the build-time renderer, whose loader never resolves): every
 * adapter is a stand-in until the composition chunk loads. `load` starts that load.
 */
export function createBrowserCore(environment: Pick<AppEnvironment, 'origin'>, options: BrowserCoreOptions): { readonly core: AuthCore; load(): Promise<BrowserAdapters> } {
  const module = lazyModule(options.loadAdapters);
  const core = composeCore(
    {
      ...deferBrowserAdapters(module),
      storage: options.storage,
      durableStorage: options.durableStorage,
      scheduler: options.scheduler,
    },
    environment,
    options.coreOptions,
  );
  return { core, load: module.load };
}
