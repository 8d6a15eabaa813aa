import type { AuthCore, HistoryPort, Scheduler, StoragePort } from '@vestibule/core';
import { composeCore, type ComposeCoreOptions } from './compose-core';
import { deferPort, lazyModule, type LazyModule } from './defer-port';
import type { AppEnvironment } from './environment';
import { loadComposition, PORTS_MANIFEST, type ManifestPorts, type PortKey } from './ports.manifest';

/** Resolves a port's adapter through the loaded container (`portResolver` in container.ts). */
export interface PortResolver {
  resolve<K extends PortKey>(key: K): Promise<ManifestPorts[K]>;
}

/**
 * A stand-in for every port of the manifest, timed by the port's plan. A port's adapter module is
 * fetched beside the container, not after it; ports of one module share its load, so a product's
 * urgent call (sending a code) also lets its other ports' waiting calls through (WebOTP).
 */
export function deferManifestPorts(container: LazyModule<PortResolver>): { readonly ports: ManifestPorts; prefetch(keys: readonly string[]): void } {
  // The ports of the composition chunk itself load with the container: on idle, interaction or any call.
  const modules = new Map<unknown, LazyModule<unknown>>([[loadComposition, container]]);
  const ports: Record<string, unknown> = {};
  for (const key of Object.keys(PORTS_MANIFEST) as PortKey[]) {
    const { load, plan } = PORTS_MANIFEST[key];
    const module = modules.get(load) ?? lazyModule(() => Promise.all([load(), container.load()]));
    modules.set(load, module);
    const resolve = () => container.load().then((resolver) => resolver.resolve(key));
    ports[key] = deferPort<object>({ load: () => module.load().then(resolve), started: () => module.started().then(resolve) }, plan);
  }
  return {
    ports: ports as unknown as ManifestPorts,
    // A failed fetch is left to the port's first call, which tries again.
    prefetch: (keys) => keys.forEach((key) => void modules.get(PORTS_MANIFEST[key as PortKey]?.load)?.load().catch(() => undefined)),
  };
}

export interface BrowserCoreOptions {
  /** Loads the composition chunk and builds its container (`portResolver(createContainer(…))`). */
  readonly loadContainer: () => Promise<PortResolver>;
  /** Synchronous, so it cannot be deferred; tiny (`createSessionStorage`), so it need not be. */
  readonly storage: StoragePort;
  /** The browser's history, so the widget's screens are entries Back returns from (`createBrowserHistory`; tiny and synchronous too). */
  readonly history?: HistoryPort;
  /** The same over `localStorage` (remembered choices: the last OAuth provider). */
  readonly durableStorage: StoragePort;
  readonly scheduler: Scheduler;
  readonly coreOptions?: ComposeCoreOptions;
}

/**
 * The core of a browser page (and of the build-time renderer, whose loader never resolves): every
 * port is a stand-in until its adapter loads. `load` loads the container with the adapters every
 * page uses; a product's adapters load on the product's first call.
 */
export function createBrowserCore(environment: Pick<AppEnvironment, 'origin'>, options: BrowserCoreOptions): { readonly core: AuthCore; load(): Promise<PortResolver> } {
  const container = lazyModule(options.loadContainer);
  const { ports, prefetch } = deferManifestPorts(container);
  const core = composeCore(
    {
      ...ports,
      storage: options.storage,
      ...(options.history === undefined ? {} : { sessionHistory: options.history }),
      durableStorage: options.durableStorage,
      scheduler: options.scheduler,
    },
    environment,
    // What the core expects a first action to call (the widget's idle preload) loads beside the container.
    { prefetchPorts: prefetch, ...options.coreOptions },
  );
  return { core, load: container.load };
}
