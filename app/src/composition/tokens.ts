import type {
  AuthCore,
  GoogleIdentityPort,
  OAuthPort,
  LoggerPort,
  MagicLinksPort,
  PasscodesPort,
  PasswordsPort,
  PasswordStrengthEstimatorPort,
  NavigationPort,
  PhoneNumbersPort,
  ProjectSettingsPort,
  Scheduler,
  SessionPort,
  StoragePort,
  TelemetryPort,
  WebOtpPort,
} from '@vestibule/core';
import type { StytchAdapters } from '@vestibule/adapters/stytch';
import type { ServiceIdentifier } from 'inversify';
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
  Passcodes: token<PasscodesPort>('Passcodes'),
  PhoneNumbers: token<PhoneNumbersPort>('PhoneNumbers'),
  /** `undefined` where the browser lacks the WebOTP API. */
  WebOtp: token<WebOtpPort>('WebOtp'),
  OAuth: token<OAuthPort>('OAuth'),
  GoogleIdentity: token<GoogleIdentityPort>('GoogleIdentity'),
  PasswordStrength: token<PasswordStrengthEstimatorPort>('PasswordStrength'),
  ProjectSettings: token<ProjectSettingsPort>('ProjectSettings'),
  Telemetry: token<TelemetryPort>('Telemetry'),
  Navigation: token<NavigationPort>('Navigation'),
  Logger: token<LoggerPort>('Logger'),
  Storage: token<StoragePort>('Storage'),
  DurableStorage: token<StoragePort>('DurableStorage'),
  Scheduler: token<Scheduler>('Scheduler'),
  AuthCore: token<AuthCore>('AuthCore'),
} as const;
