import type {
  AuthCore,
  GoogleIdentityPort,
  OAuthPort,
  LoggerPort,
  MagicLinksPort,
  PasswordsPort,
  PasswordStrengthEstimatorPort,
  NavigationPort,
  ProjectSettingsPort,
  SessionPort,
  StoragePort,
  TelemetryPort,
} from '@vestibule/core';
import type { StytchAdapters } from '@vestibule/adapters/stytch';
import type { ServiceIdentifier } from 'inversify';
import type { SchedulerLike } from 'rxjs';
import type { AppEnvironment } from './environment';

const token = <T>(name: string) => Symbol.for(`vestibule.${name}`) as ServiceIdentifier<T>;

/** One service identifier per port, plus the environment, the shared Stytch client and the core. */
export const TOKENS = {
  Environment: token<AppEnvironment>('Environment'),
  /** All Stytch adapters over one SDK client; the per-port tokens below resolve from it. */
  Stytch: token<StytchAdapters>('Stytch'),
  Session: token<SessionPort>('Session'),
  MagicLinks: token<MagicLinksPort>('MagicLinks'),
  Passwords: token<PasswordsPort>('Passwords'),
  OAuth: token<OAuthPort>('OAuth'),
  GoogleIdentity: token<GoogleIdentityPort>('GoogleIdentity'),
  PasswordStrength: token<PasswordStrengthEstimatorPort>('PasswordStrength'),
  ProjectSettings: token<ProjectSettingsPort>('ProjectSettings'),
  Telemetry: token<TelemetryPort>('Telemetry'),
  Navigation: token<NavigationPort>('Navigation'),
  Logger: token<LoggerPort>('Logger'),
  Storage: token<StoragePort>('Storage'),
  DurableStorage: token<StoragePort>('DurableStorage'),
  Scheduler: token<SchedulerLike>('Scheduler'),
  AuthCore: token<AuthCore>('AuthCore'),
} as const;
