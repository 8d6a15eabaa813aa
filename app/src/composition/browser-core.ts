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
  Scheduler,
  SessionPort,
  StoragePort,
  TelemetryPort,
  WebOtpPort,
} from '@vestibule/core';
import { composeCore, type ComposeCoreOptions } from './compose-core';
import { type DeferPlan, deferPort, lazyModule, selectLazy, type LazyModule } from './defer-port';
import type { AppEnvironment } from './environment';

/** The adapters the browser resolves from the lazily loaded container (`resolveAdapters`), each stood in for method by method, per {@link BROWSER_DEFER_PLANS}. */
export interface BrowserAdapters {
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
  readonly passwordStrength: PasswordStrengthEstimatorPort;
  readonly projectSettings: ProjectSettingsPort;
  readonly telemetry: TelemetryPort;
  readonly navigation: NavigationPort;
  readonly logger: LoggerPort;
}

/**
 * When each deferred call loads the composition chunk (issue 3): what a visitor waits for
 * starts it; the start-up session check, settings and telemetry wait for idle or interaction.
 */
export const BROWSER_DEFER_PLANS: { readonly [K in keyof BrowserAdapters]: DeferPlan<BrowserAdapters[K]> } = {
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
  // Asking for an estimate (or preloading on focus) starts the load; the zxcvbn worker itself
  // loads only then. An estimate rejects when the code cannot load (the provider's check decides).
  passwordStrength: { preload: 'urgent', estimate: 'await' },
  projectSettings: { get: 'background' },
  telemetry: { log: 'fire' },
  navigation: { navigate: 'urgent', replace: 'urgent', leave: 'urgent', stop: 'fire' },
  logger: { error: 'urgent' },
};

/** Stand-ins for every browser adapter, all loaded by one `module`. */
export function deferBrowserAdapters(module: LazyModule<BrowserAdapters>): BrowserAdapters {
  // A loop over the plans, not a line per adapter: this is in the first load.
  const adapters: Record<string, unknown> = {};
  for (const key of Object.keys(BROWSER_DEFER_PLANS) as Array<keyof BrowserAdapters>) {
    adapters[key] = deferPort<object>(selectLazy(module, (loaded) => loaded[key]), BROWSER_DEFER_PLANS[key]);
  }
  return adapters as unknown as BrowserAdapters;
}

export interface BrowserCoreOptions {
  /** Loads the composition chunk and resolves the adapters from its container. */
  readonly loadAdapters: () => Promise<BrowserAdapters>;
  /** Synchronous, so it cannot be deferred; tiny (`createSessionStorage`), so it need not be. */
  readonly storage: StoragePort;
  /** The same over `localStorage` (remembered choices: the last OAuth provider). */
  readonly durableStorage: StoragePort;
  readonly scheduler: Scheduler;
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
