import type { ClientErrorCode } from './client-error-codes';
import type { ProviderErrorCode } from './provider-error';

const AUTH_ERROR_BRAND = 'vestibule.AuthError' as const;

/** Every code an {@link AuthError} can carry: a closed union, so the catalogue can be complete. */
export type AuthErrorCode = ProviderErrorCode | ClientErrorCode;

/** What kind of problem it is, for choosing where and how to show it. */
export type AuthErrorCategory = 'input' | 'credentials' | 'session' | 'network' | 'rate_limit' | 'server' | 'configuration' | 'unknown';

/**
 * An error in the product's vocabulary. Errors are plain branded objects: they survive duplicated
 * bundles and structured cloning, where `instanceof` would not.
 */
export interface AuthError {
  readonly brand: typeof AUTH_ERROR_BRAND;
  readonly code: AuthErrorCode;
  /** True when trying the same thing again may work (network, timeout, 429, 5xx). */
  readonly retryable: boolean;
  /** How long the provider asked the client to wait (from `Retry-After`), when it said. */
  readonly retryAfterMs?: number;
  /** The provider's `error_type`, also when it is outside the catalogue. */
  readonly providerType?: string;
  /** The provider's human-readable message, shown when the code has no catalogue text. */
  readonly serverMessage?: string;
  /** HTTP status reported by the provider, when there was one. */
  readonly status?: number;
  /** The underlying failure, for logs only; never shown to users. */
  readonly cause?: unknown;
  /**
   * The text the integrator's `onError` reads for this failure, where SPEC §8 names one ('[Error]
   * Could not connect to wallet'); set by the product that reports it, never shown on screen.
   */
  readonly message?: string;
}

export interface AuthErrorDetails {
  readonly serverMessage?: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly providerType?: string;
  readonly cause?: unknown;
}


const RETRYABLE: ReadonlySet<AuthErrorCode> = new Set<AuthErrorCode>([
  'network_unreachable',
  'timeout',
  'too_many_requests',
  'server_error',
  'invalid_response',
]);

/** The optional details an {@link AuthError} carries, in the order its keys are written. */
const DETAIL_KEYS = ['retryAfterMs', 'providerType', 'serverMessage', 'status', 'cause'] as const;

/** Builds an {@link AuthError} with its retryability (its category: `errorCategory`). */
export function authError(code: AuthErrorCode, details: AuthErrorDetails = {}): AuthError {
  const error: Record<string, unknown> = { brand: AUTH_ERROR_BRAND, code, retryable: RETRYABLE.has(code) };
  // A detail not given is no key at all (not `undefined`); a loop, not one spread per detail,
  // because this module is in every page's first load.
  for (const key of DETAIL_KEYS) if (details[key] !== undefined) error[key] = details[key];
  return error as unknown as AuthError;
}


/** True for any {@link AuthError}, whichever bundle created it. */
export function isAuthError(value: unknown): value is AuthError {
  return typeof value === 'object' && value !== null && (value as { brand?: unknown }).brand === AUTH_ERROR_BRAND;
}

/** The outcome of a port call: ports never throw vendor errors across the boundary. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AuthError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(error: AuthError): Result<T> => ({ ok: false, error });
