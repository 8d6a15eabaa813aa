/** Provider-side analytics events (SPEC §7 "log events"), as flows ask for them (the `telemetry` effect). */
export type ProviderLogEvent =
  | { readonly name: 'render_login_screen'; readonly details: Readonly<Record<string, unknown>> }
  | { readonly name: 'render_idp_screen'; readonly details: Readonly<Record<string, unknown>> }
  | { readonly name: 'email_sent'; readonly details: { readonly email: string; readonly type: 'login_or_create_eml' } }
  | { readonly name: 'email_try_again_clicked'; readonly details: { readonly email: string; readonly type: 'login_or_create_eml' } };

/** One provider log event as it leaves the page: named, scrubbed, with its id and the time it happened. */
export interface ProviderLogRecord {
  /** Unique per event (the core's `createEventId`); the provider deduplicates by it. */
  readonly id: string;
  /** When the event happened, epoch ms on the core's scheduler (the provider's `client_sent_at`). */
  readonly sentAt: number;
  readonly name: ProviderLogEvent['name'];
  readonly details: Readonly<Record<string, unknown>>;
}

/**
 * Sends provider telemetry. The core batches (SPEC §9: 15 events or every 800 ms, and at once
 * when the page is hidden); a port only sends what it is given, in a way that survives the page
 * being left. Fire-and-forget: it never throws at the caller and never delays sign-in.
 */
export interface TelemetryPort {
  send(batch: readonly ProviderLogRecord[]): void;
}
