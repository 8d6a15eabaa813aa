/** A load React's `use` can read at once when it has settled (React's own thenable fields). */
export type TrackedLoad<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * The load of `key` in `cache`, started with `load` if there is none. Marked as React marks what
 * `use` saw settle, so a chunk fetched ahead renders at once, without suspending. A failed load is
 * forgotten: the next ask fetches again (browsers no longer cache a failed dynamic import).
 */
export function trackedLoad<K, T>(cache: Map<K, TrackedLoad<T>>, key: K, load: () => Promise<T>): TrackedLoad<T> {
  let pending = cache.get(key);
  if (pending === undefined) {
    const started: TrackedLoad<T> = load();
    started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(started, { status: 'rejected', reason });
        cache.delete(key);
      },
    );
    cache.set(key, started);
    pending = started;
  }
  return pending;
}
