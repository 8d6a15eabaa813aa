import { CLIENT_ERROR_CODES, authError, providerError, type AuthError } from '@vestibule/core';
import type { ObservedFailure } from './retry-after-observer';

interface StytchApiErrorShape {
  readonly error_type: string;
  readonly error_message?: unknown;
  readonly status_code?: unknown;
}

const nameOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined);
const messageOf = (error: unknown): string | undefined => (error instanceof Error ? error.message : undefined);

const isStytchApiError = (error: unknown): error is StytchApiErrorShape =>
  nameOf(error) === 'StytchAPIError' && typeof (error as { error_type?: unknown }).error_type === 'string';

/**
 * Translates whatever the Stytch SDK threw into a core {@link AuthError}. Matching is by `name`
 * and message, not `instanceof`, because the SDK is loaded lazily and may be bundled twice.
 * `observed` is what the adapter saw of the same request on the wire (status, `Retry-After`),
 * which the SDK's errors do not carry.
 *
 * - `StytchAPIError` → its `error_type`, status and message (`providerError`);
 * - `StytchAPIUnreachableError` "Unable to contact our servers." or a raw `TypeError` (non-Chrome
 *   engines' network failures, research/stytch-sdk.md §3) → `network_unreachable`;
 * - "Invalid JSON response…" / "Invalid or no response…" → `invalid_response`;
 * - "Invalid response from our servers." (a non-JSON error page) → by the observed status:
 *   `too_many_requests` for 429, else `server_error`;
 * - anything else (SDK usage or schema errors: our bugs) → `unexpected`.
 */
export function mapStytchError(error: unknown, observed?: ObservedFailure): AuthError {
  const retryAfterMs = observed?.retryAfterMs;
  const wire = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (isStytchApiError(error)) {
    const status = typeof error.status_code === 'number' ? error.status_code : observed?.status;
    return providerError(error.error_type, {
      ...wire,
      ...(status === undefined ? {} : { status }),
      ...(typeof error.error_message === 'string' ? { serverMessage: error.error_message } : {}),
      cause: error,
    });
  }
  const message = messageOf(error);
  if (nameOf(error) === 'StytchAPIUnreachableError') {
    if (message === 'Invalid response from our servers.') {
      const status = observed?.status ?? 500;
      return providerError(status === 429 ? 'too_many_requests' : 'server_error', { ...wire, status, cause: error });
    }
    if (message?.startsWith('Invalid') === true) return authError(CLIENT_ERROR_CODES.invalidResponse, { ...wire, cause: error });
    return authError(CLIENT_ERROR_CODES.networkUnreachable, { cause: error });
  }
  if (error instanceof TypeError) return authError(CLIENT_ERROR_CODES.networkUnreachable, { cause: error });
  // Never shown to users: SDK usage messages are for developers and reach them through `cause`.
  return authError(CLIENT_ERROR_CODES.unexpected, { cause: error });
}
