import type { AuthCore, AuthCoreOptions, AuthProviderPort, LoggerPort, NavigationPort } from '@vestibule/core';
import type { ServiceIdentifier } from 'inversify';
import type { SchedulerLike } from 'rxjs';
import type { AppEnvironment } from './environment';

const token = <T>(name: string) => Symbol.for(`vestibule.${name}`) as ServiceIdentifier<T>;

/** One service identifier per port, plus the assembled core. */
export const TOKENS = {
  Environment: token<AppEnvironment>('Environment'),
  AuthProvider: token<AuthProviderPort>('AuthProvider'),
  Navigation: token<NavigationPort>('Navigation'),
  Logger: token<LoggerPort>('Logger'),
  Scheduler: token<SchedulerLike>('Scheduler'),
  CoreOptions: token<AuthCoreOptions>('CoreOptions'),
  AuthCore: token<AuthCore>('AuthCore'),
} as const;
