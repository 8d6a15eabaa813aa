import type { StoragePort } from '../ports/storage.port';

// For core's own tests (the test package's MemoryStorage is out of core's reach).

/** A storage port over a map a test can read. */
export function memoryStorage(): StoragePort & { readonly values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, get: (key) => values.get(key) ?? null, set: (key, value) => void values.set(key, value), remove: (key) => void values.delete(key) };
}
