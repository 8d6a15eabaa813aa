import { CLIENT_ERROR_CODES, authError, type AuthError } from '@vestibule/core';

interface StytchApiErrorShape {
  name: 'StytchAPIError';
  error_type: string;
  error_message: string;
  status_code: number;
}

const isStytchApiError = (error: unknown): error is StytchApiErrorShape =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'StytchAPIError' &&
  typeof (error as { error_type?: unknown }).error_type === 'string';

const nameOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null ? String((error as { name?: unknown }).name) : undefined;

/**
 * Translates whatever the Stytch SDK threw into a core {@link AuthError}. Matching is by `name`,
 * not `instanceof`, because the SDK is loaded lazily and may be bundled more than once.
 */
export function mapStytchError(error: unknown): AuthError {
  if (isStytchApiError(error)) {
    return authError(error.error_type, { serverMessage: error.error_message, status: error.status_code });
  }
  // The SDK only recognises Chrome's "Failed to fetch"; other engines' network failures
  // surface as a raw TypeError (research/stytch-sdk.md §3).
  if (nameOf(error) === 'StytchAPIUnreachableError' || error instanceof TypeError) {
    return authError(CLIENT_ERROR_CODES.networkUnreachable);
  }
  const message = error instanceof Error ? error.message : undefined;
  return authError(CLIENT_ERROR_CODES.unexpected, message === undefined ? {} : { serverMessage: message });
}
