/**
 * The browser's WebOTP API (`navigator.credentials.get({ otp })`): reads the code from an SMS
 * addressed to this origin, with the visitor's consent. Only present where the browser offers it.
 */
export interface WebOtpPort {
  /** Waits for one code and hands it to `onCode` (never called if none comes); returns a stop function. */
  listen(onCode: (code: string) => void): () => void;
}
