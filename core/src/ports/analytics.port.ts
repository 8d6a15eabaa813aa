import type { AuthCoreEvent } from '../domain/telemetry/auth-core-event';

/** One widget event as product analytics receives it: named after its type, scrubbed of credentials. */
export interface AnalyticsEventRecord {
  /** Unique per event (the same id the provider's log gets). */
  readonly id: string;
  /** When the event happened, epoch ms on the core's scheduler. */
  readonly sentAt: number;
  /** The widget's event type (`email_sent`, `sign_in_completed`, …). */
  readonly name: AuthCoreEvent['type'];
  readonly properties: Readonly<Record<string, unknown>>;
}

/** Who the visitor is, as the page that serves the widget knows them (its page settings). */
export interface AnalyticsIdentity {
  readonly distinctId: string;
  /** What analytics records about the person (scrubbed before it leaves). */
  readonly properties: Readonly<Record<string, unknown>>;
}

/**
 * Product analytics (SPEC §1). Fed by the core's event bus only, after token scrubbing; an
 * implementation may batch and send later. Fire-and-forget: it never throws at the caller, and a
 * failure never disturbs sign-in.
 */
export interface AnalyticsPort {
  /** Records one widget event. */
  capture(event: AnalyticsEventRecord): void;
  /** Names the visitor; nothing happens when analytics already knows them by this id (SPEC §1). */
  identify(identity: AnalyticsIdentity): void;
}
