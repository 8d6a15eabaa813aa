// What inversify needs of reflect-metadata when nothing is decorated: metadata kept on objects,
// own and inherited (`Reflect.defineMetadata`, `getOwnMetadata`, `getMetadata`, the only three it
// calls). Builds alias inversify's `import 'reflect-metadata/lite'` to this module
// (app/server/composition-chunk.ts): 0.1 kB instead of 2.4 kB gzip in the composition chunk, on
// the way to the first provider call (docs/decisions.md). A polyfill installed before wins.

type MetadataTarget = object;
type MetadataProperty = string | symbol | undefined;

const registry = new WeakMap<MetadataTarget, Map<MetadataProperty, Map<unknown, unknown>>>();

function metadataOf(target: MetadataTarget, property: MetadataProperty): Map<unknown, unknown> | undefined {
  return registry.get(target)?.get(property);
}

export function defineMetadata(key: unknown, value: unknown, target: MetadataTarget, property?: string | symbol): void {
  let byProperty = registry.get(target);
  if (byProperty === undefined) registry.set(target, (byProperty = new Map()));
  let byKey = byProperty.get(property);
  if (byKey === undefined) byProperty.set(property, (byKey = new Map()));
  byKey.set(key, value);
}

export function getOwnMetadata(key: unknown, target: MetadataTarget, property?: string | symbol): unknown {
  return metadataOf(target, property)?.get(key);
}

/** The metadata on `target` or, failing that, the nearest object of its prototype chain. */
export function getMetadata(key: unknown, target: MetadataTarget, property?: string | symbol): unknown {
  for (let current: MetadataTarget | null = target; current !== null; current = Object.getPrototypeOf(current) as MetadataTarget | null) {
    const own = metadataOf(current, property);
    if (own?.has(key)) return own.get(key);
  }
  return undefined;
}

const reflect = Reflect as unknown as Record<'defineMetadata' | 'getOwnMetadata' | 'getMetadata', unknown>;
reflect.defineMetadata ??= defineMetadata;
reflect.getOwnMetadata ??= getOwnMetadata;
reflect.getMetadata ??= getMetadata;
