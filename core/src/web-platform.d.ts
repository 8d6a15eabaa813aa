// The WHATWG URL API is part of every runtime the core targets (browsers, Node, Deno, workers),
// but TypeScript only types it in the DOM lib, which the core must not see (ARCHITECTURE.md §1).
// These are the few members the core uses.
declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | ReadonlyArray<readonly [string, string]>);
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
  toString(): string;
}

declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly href: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}

// Every runtime the core targets provides AbortController; provider calls are cancelled with it.
declare class AbortController {
  constructor();
  readonly signal: {
    readonly aborted: boolean;
    addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
    removeEventListener(type: 'abort', listener: () => void): void;
  };
  abort(reason?: unknown): void;
}

