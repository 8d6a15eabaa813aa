// inversify needs reflect-metadata even without decorators. This module is the entry of the
// lazily loaded composition chunk, so the polyfill is imported here, once, and stays out of the
// first load.
import 'reflect-metadata';
import { createBrowserNavigation, createConsoleLogger, createSessionStorage, timeoutScheduler } from '@vestibule/adapters/browser';
import { createZxcvbnEstimator } from '@vestibule/adapters/password-strength';
import { createStytchAdapters, type StytchAdapters } from '@vestibule/adapters/stytch';
import type { AuthCore, LoggerPort, MagicLinksPort, NavigationPort, PasswordsPort, PasswordStrengthEstimatorPort, ProjectSettingsPort, SessionPort, StoragePort, TelemetryPort } from '@vestibule/core';
import { Container } from 'inversify';
import type { SchedulerLike } from 'rxjs';
import type { BrowserAdapters } from './browser-core';
import { composeCore } from './compose-core';
import type { AppEnvironment } from './environment';
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
  container.bind<PasswordStrengthEstimatorPort>(TOKENS.PasswordStrength).toDynamicValue(() => createZxcvbnEstimator());
  container.bind<ProjectSettingsPort>(TOKENS.ProjectSettings).toResolvedValue((stytch: StytchAdapters) => stytch.projectSettings, [TOKENS.Stytch]);
  container.bind<TelemetryPort>(TOKENS.Telemetry).toResolvedValue((stytch: StytchAdapters) => stytch.telemetry, [TOKENS.Stytch]);
  container.bind<NavigationPort>(TOKENS.Navigation).toDynamicValue(() => createBrowserNavigation());
  container.bind<LoggerPort>(TOKENS.Logger).toDynamicValue(() => createConsoleLogger());
  container.bind<StoragePort>(TOKENS.Storage).toDynamicValue(() => createSessionStorage());
  container.bind<SchedulerLike>(TOKENS.Scheduler).toConstantValue(timeoutScheduler);
  container.bind<AuthCore>(TOKENS.AuthCore).toResolvedValue(
    (
      env: AppEnvironment,
      session: SessionPort,
      magicLinks: MagicLinksPort,
      passwords: PasswordsPort,
      passwordStrength: PasswordStrengthEstimatorPort,
      projectSettings: ProjectSettingsPort,
      telemetry: TelemetryPort,
      navigation: NavigationPort,
      logger: LoggerPort,
      storage: StoragePort,
      scheduler: SchedulerLike,
    ) => composeCore({ session, magicLinks, passwords, passwordStrength, projectSettings, telemetry, navigation, logger, storage, scheduler }, env),
    [TOKENS.Environment, TOKENS.Session, TOKENS.MagicLinks, TOKENS.Passwords, TOKENS.PasswordStrength, TOKENS.ProjectSettings, TOKENS.Telemetry, TOKENS.Navigation, TOKENS.Logger, TOKENS.Storage, TOKENS.Scheduler],
  );
  return container;
}

/**
 * The adapters the browser page hands to its core's stand-ins (`createBrowserCore`). Storage and
 * the scheduler are not here: they are needed synchronously, before this chunk loads.
 */
export function resolveAdapters(container: Container): BrowserAdapters {
  return {
    session: container.get(TOKENS.Session),
    magicLinks: container.get(TOKENS.MagicLinks),
    passwords: container.get(TOKENS.Passwords),
    passwordStrength: container.get(TOKENS.PasswordStrength),
    projectSettings: container.get(TOKENS.ProjectSettings),
    telemetry: container.get(TOKENS.Telemetry),
    navigation: container.get(TOKENS.Navigation),
    logger: container.get(TOKENS.Logger),
  };
}
