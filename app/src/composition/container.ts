// inversify needs reflect-metadata even without decorators. This module is the entry of the
// lazily loaded composition chunk, so the polyfill is imported here, once, and stays out of the
// first load.
import 'reflect-metadata';
import { createStytchAuthProvider } from '@vestibule/adapters/stytch';
import { createBrowserNavigation, createConsoleLogger } from '@vestibule/adapters/browser';
import { createAuthCore, type AuthCore, type AuthCoreOptions, type AuthProviderPort, type LoggerPort, type NavigationPort } from '@vestibule/core';
import { Container } from 'inversify';
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import type { Adapters } from './deferred-adapters';
import type { AppEnvironment } from './environment';
import { TOKENS } from './tokens';

/**
 * The composition root: binds every port to its adapter and builds the core from them.
 * No decorators; `jitless` keeps resolution free of `new Function`, so a strict CSP holds.
 * Tests rebind a port on a fresh container before the first `get`.
 */
export function createContainer(environment: AppEnvironment): Container {
  const container = new Container({ defaultScope: 'Singleton', jitless: true });
  container.bind(TOKENS.Environment).toConstantValue(environment);
  container.bind<AuthProviderPort>(TOKENS.AuthProvider).toResolvedValue(
    (env: AppEnvironment) =>
      createStytchAuthProvider({
        publicToken: env.stytchPublicToken,
        ...(env.stytchApiBaseUrl === undefined ? {} : { apiBaseUrl: env.stytchApiBaseUrl }),
      }),
    [TOKENS.Environment],
  );
  container.bind<NavigationPort>(TOKENS.Navigation).toDynamicValue(() => createBrowserNavigation());
  container.bind<LoggerPort>(TOKENS.Logger).toDynamicValue(() => createConsoleLogger());
  container.bind<SchedulerLike>(TOKENS.Scheduler).toConstantValue(asyncScheduler);
  container.bind<AuthCoreOptions>(TOKENS.CoreOptions).toResolvedValue((env: AppEnvironment) => ({ origin: env.origin, locale: 'en' }), [TOKENS.Environment]);
  container.bind<AuthCore>(TOKENS.AuthCore).toResolvedValue(
    (auth: AuthProviderPort, navigation: NavigationPort, logger: LoggerPort, scheduler: SchedulerLike, options: AuthCoreOptions) =>
      createAuthCore({ auth, navigation, logger, scheduler }, options),
    [TOKENS.AuthProvider, TOKENS.Navigation, TOKENS.Logger, TOKENS.Scheduler, TOKENS.CoreOptions],
  );
  return container;
}

/** The adapters the browser app hands to its core (see `deferred-adapters.ts`). */
export function resolveAdapters(container: Container): Adapters {
  return {
    auth: container.get(TOKENS.AuthProvider),
    navigation: container.get(TOKENS.Navigation),
    logger: container.get(TOKENS.Logger),
  };
}
