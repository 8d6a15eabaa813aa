/**
 * The minimal abort-signal surface the core relies on. Every runtime the core targets provides
 * `AbortSignal`; the core's lib has no DOM types, so it names only what it uses.
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Passed to every provider call: the runtime aborts it when the effect is cancelled or times out. */
export interface CallOptions {
  readonly signal?: AbortSignalLike;
}
