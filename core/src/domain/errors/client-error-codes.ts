// Apart from auth-error.ts, which every page loads: only adapters (and tests) name these codes.

/** Codes the client raises itself, for failures the SPEC's catalogue does not name. */
export const CLIENT_ERROR_CODES = {
  /** The provider could not be reached (offline, DNS, dropped connection). */
  networkUnreachable: 'network_unreachable',
  /** The provider did not answer within the call's timeout. */
  timeout: 'timeout',
  /** HTTP 429: the provider asks the client to slow down (`retryAfterMs` when it said how long). */
  tooManyRequests: 'too_many_requests',
  /** HTTP 5xx: the provider failed or is unavailable. */
  serverError: 'server_error',
  /** The provider answered something that is not its wire format (e.g. malformed JSON). */
  invalidResponse: 'invalid_response',
  /** A provider error type outside the catalogue: its `serverMessage` is shown as text. */
  providerError: 'provider_error',
  /** A link or page was opened without the credential it needs. */
  missingToken: 'missing_token',
  /**
   * A session token reached /login/callback/web from the address, not from this tab's hand-off:
   * another site's link (login CSRF), refused rather than adopted.
   */
  unboundSessionToken: 'unbound_session_token',
  /**
   * The visitor closed the browser's passkey sheet, or declined it (WebAuthn `NotAllowedError`,
   * `AbortError`): not a failure to show, they are back where they were.
   */
  passkeyCancelled: 'passkey_cancelled',
  /** No crypto wallet of the visitor's choice is installed in this browser (the set-up screen offers some). */
  walletNotFound: 'wallet_not_found',
  /** The visitor declined in their wallet (EIP-1193 code 4001, or Solana's). */
  walletRejected: 'wallet_rejected',
  /** The wallet already has a request open (EIP-1193 code -32002): it is finished there first. */
  walletRequestPending: 'wallet_request_pending',
  /** The wallet failed, or answered something that is not an account or a signature. */
  walletFailed: 'wallet_failed',
  /** A bug or an unknown failure on the client side. */
  unexpected: 'unexpected',
} as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];
