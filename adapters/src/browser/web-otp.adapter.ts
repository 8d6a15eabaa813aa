import type { WebOtpPort } from '@vestibule/core';

/** The request WebOTP takes: `otp` is not in TypeScript's `CredentialRequestOptions` either. */
interface OtpRequest {
  readonly otp: { readonly transport: readonly string[] };
  readonly signal: AbortSignal;
}

/** The code of an `OTPCredential` (not in TypeScript's DOM types), or `null` for anything else. */
function codeOf(credential: unknown): string | null {
  if (typeof credential !== 'object' || credential === null || !('code' in credential)) return null;
  return typeof credential.code === 'string' && credential.code !== '' ? credential.code : null;
}

/** A window as far as WebOTP detection and use need it, so tests can hand in a stub. */
export interface WebOtpWindow {
  readonly navigator: {
    readonly credentials?: { get?: (options: OtpRequest) => Promise<unknown> } | undefined;
  };
}

/**
 * The WebOTP port over `navigator.credentials.get({ otp: { transport: ['sms'] } })`, or
 * `undefined` where the browser lacks the API (feature detection: `OTPCredential` and
 * `navigator.credentials.get`), so the core knows at once not to offer it.
 * A rejection (no consent, no SMS, unsupported transport) is ignored: the visitor types the code.
 *
 * @example
 * const stop = createWebOtp()?.listen((code) => fillIn(code));
 */
export function createWebOtp(win: WebOtpWindow | undefined = typeof window === 'undefined' ? undefined : window): WebOtpPort | undefined {
  const credentials = win?.navigator.credentials;
  const get = credentials?.get;
  if (win === undefined || !('OTPCredential' in win) || typeof get !== 'function') return undefined;
  return {
    listen(onCode) {
      const controller = new AbortController();
      const stop = () => controller.abort();
      let request: Promise<unknown>;
      try {
        request = get.call(credentials, { otp: { transport: ['sms'] }, signal: controller.signal });
      } catch {
        return stop; // a browser that throws instead of rejecting: the visitor types the code
      }
      request.then(
        (credential) => {
          if (!controller.signal.aborted) {
            const code = codeOf(credential);
            if (code !== null) onCode(code);
          }
        },
        () => undefined, // AbortError after stop, no consent, no SMS: the visitor types the code
      );
      return stop;
    },
  };
}
