import { describe, expect, it } from 'vitest';
import { errorCategory } from '@vestibule/core';
import { mapStytchError } from './map-stytch-error';

/** Shaped like the SDK's classes; matched by name because the SDK may be bundled twice. */
const apiError = (status: number, type: string, message = 'Server says no.') =>
  Object.assign(new Error(`[${status}] ${type}`), { name: 'StytchAPIError', status_code: status, error_type: type, error_message: message });
const unreachable = (message: string) => Object.assign(new Error(message), { name: 'StytchAPIUnreachableError' });

describe('mapStytchError', () => {
  it('keeps a catalogued provider error type with its status and message', () => {
    const error = mapStytchError(apiError(400, 'invalid_email', 'Email format is invalid.'));
    expect(errorCategory(error)).toBe('input');
    expect(error).toMatchObject({
      code: 'invalid_email',
      retryable: false,
      status: 400,
      serverMessage: 'Email format is invalid.',
      providerType: 'invalid_email',
    });
  });

  it('gives a 429 too_many_requests with the Retry-After seen on the wire', () => {
    const error = mapStytchError(apiError(429, 'too_many_requests'), { status: 429, retryAfterMs: 7000 });
    expect(errorCategory(error)).toBe('rate_limit');
    expect(error).toMatchObject({
      code: 'too_many_requests',
      retryable: true,
      retryAfterMs: 7000,
    });
  });

  it('passes an unknown error type through as provider_error with its message', () => {
    expect(mapStytchError(apiError(400, 'duplicate_email', 'Taken.'))).toMatchObject({ code: 'provider_error', providerType: 'duplicate_email', serverMessage: 'Taken.' });
  });

  it('reads network failures from every engine as network_unreachable', () => {
    expect(mapStytchError(unreachable('Unable to contact our servers.'))).toMatchObject({ code: 'network_unreachable', retryable: true });
    expect(mapStytchError(new TypeError('fetch failed'))).toMatchObject({ code: 'network_unreachable' });
    expect(mapStytchError(new TypeError('Load failed'))).toMatchObject({ code: 'network_unreachable' });
  });

  it('tells a malformed answer from an error page', () => {
    expect(mapStytchError(unreachable('Invalid JSON response from our servers.'))).toMatchObject({ code: 'invalid_response', retryable: true });
    expect(mapStytchError(unreachable('Invalid response from our servers.'))).toMatchObject({ code: 'server_error', status: 500 });
    expect(mapStytchError(unreachable('Invalid response from our servers.'), { status: 503, retryAfterMs: 2000 })).toMatchObject({
      code: 'server_error',
      status: 503,
      retryAfterMs: 2000,
    });
    expect(mapStytchError(unreachable('Invalid response from our servers.'), { status: 429, retryAfterMs: 1000 })).toMatchObject({
      code: 'too_many_requests',
      retryAfterMs: 1000,
    });
  });

  it('reports anything else as unexpected, keeping the cause for logs only', () => {
    const usage = Object.assign(new Error('Invalid call to stytch.magicLinks.authenticate'), { name: 'StytchSDKUsageError' });
    const error = mapStytchError(usage);
    expect(error).toMatchObject({ code: 'unexpected', cause: usage });
    expect(error.serverMessage).toBeUndefined();
  });
});
