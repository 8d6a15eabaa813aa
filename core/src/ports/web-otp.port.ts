/**
 * Reading a one-time code from an incoming SMS addressed to this origin, with the visitor's
 * consent (the WebOTP API, where the browser offers it; the adapter detects it).
 */
export interface WebOtpPort {
  /** Waits for one code and hands it to `onCode` (never called if none comes); returns a stop function. */
  listen(onCode: (code: string) => void): () => void;
}
