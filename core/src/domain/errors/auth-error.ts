const AUTH_ERROR_BRAND = 'vestibule.AuthError' as const;

/**
 * An error in the product's vocabulary. `code` is the provider's `error_type` when the
 * provider reported one (so the SPEC §8 catalogue can key on it), or one of the core's own
 * codes for failures that never reached the provider.
 *
 * Errors are plain branded objects: they survive duplicated bundles and structured cloning,
 * where `instanceof` would not.
 */
export interface AuthError {
  readonly brand: typeof AUTH_ERROR_BRAND;
  readonly code: string;
  /** The provider's human-readable message, shown when the code is not in the catalogue. */
  readonly serverMessage?: string;
  /** HTTP status reported by the provider, when there was one. */
  readonly status?: number;
}

/** Codes the core raises itself (not provider `error_type`s). */
export const CLIENT_ERROR_CODES = {
  networkUnreachable: 'network_unreachable',
  unexpected: 'unexpected',
  missingToken: 'missing_token',
} as const;

/** Builds an {@link AuthError}. */
export function authError(code: string, details: { serverMessage?: string; status?: number } = {}): AuthError {
  return {
    brand: AUTH_ERROR_BRAND,
    code,
    ...(details.serverMessage === undefined ? {} : { serverMessage: details.serverMessage }),
    ...(details.status === undefined ? {} : { status: details.status }),
  };
}

/** True for any {@link AuthError}, whichever bundle created it. */
export function isAuthError(value: unknown): value is AuthError {
  return typeof value === 'object' && value !== null && (value as { brand?: unknown }).brand === AUTH_ERROR_BRAND;
}

/** The outcome of a port call: ports never throw vendor errors across the boundary. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AuthError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(error: AuthError): Result<T> => ({ ok: false, error });
