import type { StoragePort } from '@vestibule/core';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's storage of that name, or `null` where reading the property itself throws (sandboxed iframes, some privacy modes) or it is absent (prerender). */
function browserStorage(name: 'sessionStorage' | 'localStorage'): StorageLike | null {
  try {
    return globalThis[name] ?? null;
  } catch {
    return null;
  }
}

/**
 * The storage port over the tab's `sessionStorage`. It never throws: unavailable storage reads
 * as empty and drops writes, a full quota drops the write. Values are strings; callers parse
 * them defensively, since another version of the page may have written them.
 */
export function createSessionStorage(storage: StorageLike | null = browserStorage('sessionStorage')): StoragePort {
  return {
    get: (key) => {
      try {
        const value = storage?.getItem(key);
        return typeof value === 'string' ? value : null;
      } catch {
        return null;
      }
    },
    set: (key, value) => {
      try {
        storage?.setItem(key, value);
      } catch {
        // QuotaExceededError or disabled storage: the value is simply not kept
      }
    },
    remove: (key) => {
      try {
        storage?.removeItem(key);
      } catch {
        // as above
      }
    },
  };
}

/** The same port over `localStorage`: choices remembered on this device (the last OAuth provider used). */
export function createLocalStorage(storage: StorageLike | null = browserStorage('localStorage')): StoragePort {
  return createSessionStorage(storage);
}
