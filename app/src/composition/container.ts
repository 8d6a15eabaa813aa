// inversify needs reflect-metadata even without decorators. This module is the entry of the
// lazily loaded composition chunk, so the polyfill is imported here, once, and stays out of the
// first load.
import 'reflect-metadata';
import { createBrowserNavigation, createConsoleLogger, createLocalStorage, createSessionStorage, createWebOtp, timeoutScheduler } from '@vestibule/adapters/browser';
import { createGoogleIdentity } from '@vestibule/adapters/google-identity';
import { createZxcvbnEstimator } from '@vestibule/adapters/password-strength';
import { createLibphonenumberPhoneNumbers } from '@vestibule/adapters/phone';
import { createStytchAdapters, type StytchAdapters } from '@vestibule/adapters/stytch';
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
import { Container } from 'inversify';
import type { BrowserAdapters } from './browser-core';
import { composeCore } from './compose-core';
import type { AppEnvironment } from './environment';

export { readEnvironment } from './environment';
import { TOKENS } from './tokens';

/**
 * The composition root: binds every port to its adapter and builds the core from them.
 * No decorators; `jitless` keeps resolution free of `new Function`, so a strict CSP holds.
 * Tests swap a port with `rebind` on a fresh container before the first `get`.
 */
export function createContainer(environment: AppEnvironment): Container {
  const container = new Container({ defaultScope: 'Singleton', jitless: true });
  container.bind(TOKENS.Environment).toConstantValue(environment);
  container.bind<StytchAdapters>(TOKENS.Stytch).toResolvedValue(
    (env: AppEnvironment) =>
      createStytchAdapters({
        publicToken: env.stytchPublicToken,
        ...(env.stytchApiBaseUrl === undefined ? {} : { apiBaseUrl: env.stytchApiBaseUrl }),
      }),
    [TOKENS.Environment],
  );
  container.bind<SessionPort>(TOKENS.Session).toResolvedValue((stytch: StytchAdapters) => stytch.session, [TOKENS.Stytch]);
  container.bind<MagicLinksPort>(TOKENS.MagicLinks).toResolvedValue((stytch: StytchAdapters) => stytch.magicLinks, [TOKENS.Stytch]);
  container.bind<PasswordsPort>(TOKENS.Passwords).toResolvedValue((stytch: StytchAdapters) => stytch.passwords, [TOKENS.Stytch]);
  container.bind<PasscodesPort>(TOKENS.Passcodes).toResolvedValue((stytch: StytchAdapters) => stytch.passcodes, [TOKENS.Stytch]);
  // libphonenumber-js and its metadata load on the adapter's first call, a chunk of their own.
  container.bind<PhoneNumbersPort>(TOKENS.PhoneNumbers).toDynamicValue(() => createLibphonenumberPhoneNumbers());
  // Feature-detected: where the browser lacks WebOTP, listening does nothing (the visitor types the code).
  container.bind<WebOtpPort>(TOKENS.WebOtp).toDynamicValue(() => createWebOtp() ?? NO_WEB_OTP);
  container.bind<OAuthPort>(TOKENS.OAuth).toResolvedValue((stytch: StytchAdapters) => stytch.oauth, [TOKENS.Stytch]);
  // Google's script loads only when a page shows One Tap (the production host), never before.
  container
    .bind<GoogleIdentityPort>(TOKENS.GoogleIdentity)
    .toResolvedValue((env: AppEnvironment) => createGoogleIdentity({ scriptUrl: env.googleIdentityScriptUrl }), [TOKENS.Environment]);
  container.bind<PasswordStrengthEstimatorPort>(TOKENS.PasswordStrength).toDynamicValue(() => createZxcvbnEstimator());
  container.bind<ProjectSettingsPort>(TOKENS.ProjectSettings).toResolvedValue((stytch: StytchAdapters) => stytch.projectSettings, [TOKENS.Stytch]);
  container.bind<TelemetryPort>(TOKENS.Telemetry).toResolvedValue((stytch: StytchAdapters) => stytch.telemetry, [TOKENS.Stytch]);
  container.bind<NavigationPort>(TOKENS.Navigation).toDynamicValue(() => createBrowserNavigation());
  container.bind<LoggerPort>(TOKENS.Logger).toDynamicValue(() => createConsoleLogger());
  container.bind<StoragePort>(TOKENS.Storage).toDynamicValue(() => createSessionStorage());
  container.bind<StoragePort>(TOKENS.DurableStorage).toDynamicValue(() => createLocalStorage());
  container.bind<Scheduler>(TOKENS.Scheduler).toConstantValue(timeoutScheduler);
  container.bind<AuthCore>(TOKENS.AuthCore).toResolvedValue(
    (
      env: AppEnvironment,
      session: SessionPort,
      magicLinks: MagicLinksPort,
      passwords: PasswordsPort,
      passcodes: PasscodesPort,
      phoneNumbers: PhoneNumbersPort,
      webOtp: WebOtpPort,
      oauth: OAuthPort,
      googleIdentity: GoogleIdentityPort,
      passwordStrength: PasswordStrengthEstimatorPort,
      projectSettings: ProjectSettingsPort,
      telemetry: TelemetryPort,
      navigation: NavigationPort,
      logger: LoggerPort,
      storage: StoragePort,
      durableStorage: StoragePort,
      scheduler: Scheduler,
    ) =>
      composeCore(
        {
          session,
          magicLinks,
          passwords,
          passcodes,
          phoneNumbers,
          webOtp,
          oauth,
          googleIdentity,
          passwordStrength,
          projectSettings,
          telemetry,
          navigation,
          logger,
          storage,
          durableStorage,
          scheduler,
        },
        env,
      ),
    [
      TOKENS.Environment,
      TOKENS.Session,
      TOKENS.MagicLinks,
      TOKENS.Passwords,
      TOKENS.Passcodes,
      TOKENS.PhoneNumbers,
      TOKENS.WebOtp,
      TOKENS.OAuth,
      TOKENS.GoogleIdentity,
      TOKENS.PasswordStrength,
      TOKENS.ProjectSettings,
      TOKENS.Telemetry,
      TOKENS.Navigation,
      TOKENS.Logger,
      TOKENS.Storage,
      TOKENS.DurableStorage,
      TOKENS.Scheduler,
    ],
  );
  return container;
}

/** WebOTP where the browser has none: nothing ever arrives. */
const NO_WEB_OTP: WebOtpPort = { listen: () => () => undefined };

/**
 * The adapters the browser page hands to its core's stand-ins (`createBrowserCore`). Storage and
 * the scheduler are not here: they are needed synchronously, before this chunk loads.
 */
export function resolveAdapters(container: Container): BrowserAdapters {
  return {
    session: container.get(TOKENS.Session),
    magicLinks: container.get(TOKENS.MagicLinks),
    passwords: container.get(TOKENS.Passwords),
    passcodes: container.get(TOKENS.Passcodes),
    phoneNumbers: container.get(TOKENS.PhoneNumbers),
    webOtp: container.get(TOKENS.WebOtp),
    oauth: container.get(TOKENS.OAuth),
    googleIdentity: container.get(TOKENS.GoogleIdentity),
    passwordStrength: container.get(TOKENS.PasswordStrength),
    projectSettings: container.get(TOKENS.ProjectSettings),
    telemetry: container.get(TOKENS.Telemetry),
    navigation: container.get(TOKENS.Navigation),
    logger: container.get(TOKENS.Logger),
  };
}
