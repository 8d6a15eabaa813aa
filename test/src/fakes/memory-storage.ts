import type { StoragePort } from '@vestibule/core';

/** Per-tab storage in a `Map`. Set `unavailable` to behave like disabled storage (reads null, drops writes). */
export class MemoryStorage implements StoragePort {
  readonly values = new Map<string, string>();
  unavailable = false;

  get(key: string): string | null {
    return this.unavailable ? null : (this.values.get(key) ?? null);
  }

  set(key: string, value: string): void {
    if (!this.unavailable) this.values.set(key, value);
  }

  remove(key: string): void {
    if (!this.unavailable) this.values.delete(key);
  }
}
