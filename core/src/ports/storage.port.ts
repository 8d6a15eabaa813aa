/**
 * Small per-tab key/value storage (the browser's `sessionStorage`). Implementations never throw:
 * storage may be full, disabled or hold another tab's malformed data.
 */
export interface StoragePort {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}
