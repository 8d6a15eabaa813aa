// The entry of the lazily loaded composition chunk. inversify brings the small ('lite') build of
// reflect-metadata itself, which is all it needs without decorators.
import { createConsoleLogger, createLocalStorage, createSessionStorage, timeoutScheduler } from '@vestibule/adapters/browser';
import { createStytchRuntime, type StytchRuntime } from '@vestibule/adapters/stytch';
import type { AuthCore } from '@vestibule/core';
import { Container, type ResolutionContext } from 'inversify';
import type { PortResolver } from './browser-core';
import { composeCore } from './compose-core';
import { readEnvironment, type AppEnvironment } from './environment';
import { PORTS_MANIFEST, type ManifestPorts, type PortKey } from './ports.manifest';
import { PORT_KEYS, PORT_TOKENS, TOKENS } from './tokens';

// The adapters of the ports every page uses come with the container (the manifest's `loadComposition`).
export { logger, navigation, pageLifecycle, projectSettings, session, tabLeadership, telemetry } from './adapters/core.adapters';

/**
 * The composition root: binds every port of the manifest to its adapter and builds the core from
 * them. A port's binding loads its adapter module (a product's own chunk) when first resolved, so
 * ports resolve with `getAsync`. No decorators; `jitless` keeps resolution free of
 * `new Function`, so a strict CSP holds. Tests swap a port with `rebind` on a fresh container
 * before the first `getAsync`.
 */
export function createContainer(environment: AppEnvironment): Container {
  const container = new Container({ defaultScope: 'Singleton', jitless: true });
  container.bind(TOKENS.environment).toConstantValue(environment);
  container.bind(TOKENS.stytchClient).toResolvedValue(
    (env: AppEnvironment) =>
      createStytchRuntime({
        publicToken: env.stytchPublicToken,
        ...(env.stytchApiBaseUrl === undefined ? {} : { apiBaseUrl: env.stytchApiBaseUrl }),
        // The app's own logger for what the session reader refuses (the folder's default copies it).
        logger: createConsoleLogger(),
      }),
    [TOKENS.environment],
  );
  for (const key of PORT_KEYS) bindPort(container, key);
  container.bind(TOKENS.storage).toDynamicValue(() => createSessionStorage());
  container.bind(TOKENS.durableStorage).toDynamicValue(() => createLocalStorage());
  container.bind(TOKENS.scheduler).toConstantValue(timeoutScheduler);
  container.bind<AuthCore>(TOKENS.authCore).toDynamicValue(async (context) =>
    composeCore(
      {
        ...(await resolvePorts(context)),
        storage: context.get(TOKENS.storage),
        durableStorage: context.get(TOKENS.durableStorage),
        scheduler: context.get(TOKENS.scheduler),
      },
      context.get(TOKENS.environment),
    ),
  );
  return container;
}

/** Binds `key` to the adapter its manifest entry's module builds from the environment and the shared Stytch client. */
function bindPort<K extends PortKey>(container: Container, key: K): void {
  const { load } = PORTS_MANIFEST[key];
  container
    .bind(PORT_TOKENS[key])
    .toResolvedValue(async (environment: AppEnvironment, stytch: StytchRuntime) => (await load())[key]({ environment, stytch }), [TOKENS.environment, TOKENS.stytchClient]);
}

/** Every port of the manifest, resolved (the container-built core loads every adapter module). */
async function resolvePorts(context: ResolutionContext): Promise<ManifestPorts> {
  const adapters = await Promise.all(PORT_KEYS.map((key) => context.getAsync<unknown>(PORT_TOKENS[key])));
  return Object.fromEntries(PORT_KEYS.map((key, index) => [key, adapters[index]])) as unknown as ManifestPorts;
}

/** What the browser page's stand-ins resolve their adapters through (`createBrowserCore`). */
export function portResolver(container: Container): PortResolver {
  return { resolve: (key) => container.getAsync(PORT_TOKENS[key]) };
}

/** The browser page's composition, from the build's variables: one call, so the entry names no more of this chunk. */
export function browserPortResolver(origin: string): PortResolver {
  return portResolver(createContainer(readEnvironment(import.meta.env, origin)));
}
