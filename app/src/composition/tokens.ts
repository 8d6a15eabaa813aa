import type { StytchRuntime } from '@vestibule/adapters/stytch';
import type { AuthCore, Scheduler, StoragePort } from '@vestibule/core';
import type { ServiceIdentifier } from 'inversify';
import type { AppEnvironment } from './environment';
import { PORTS_MANIFEST, type ManifestPorts, type PortKey } from './ports.manifest';

const token = <T>(name: string) => Symbol.for(`vestibule.${name}`) as ServiceIdentifier<T>;

/** Every port of the manifest, in its order. */
export const PORT_KEYS = Object.keys(PORTS_MANIFEST) as PortKey[];

/** One service identifier per port of the manifest, named like the port. */
export type PortTokens = { readonly [K in PortKey]: ServiceIdentifier<ManifestPorts[K]> };
export const PORT_TOKENS = Object.fromEntries(PORT_KEYS.map((key) => [key, token(key)])) as PortTokens;

/** The service identifiers: one per port (from the manifest), plus what the ports and the core are built from. */
export const TOKENS = {
  ...PORT_TOKENS,
  environment: token<AppEnvironment>('environment'),
  /** The one lazily created SDK client every Stytch adapter shares. */
  stytchClient: token<StytchRuntime>('stytchClient'),
  /** Synchronous, so never deferred: the browser builds them before the container loads. */
  storage: token<StoragePort>('storage'),
  durableStorage: token<StoragePort>('durableStorage'),
  scheduler: token<Scheduler>('scheduler'),
  authCore: token<AuthCore>('authCore'),
} as const;
