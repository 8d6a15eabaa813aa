import type { AnalyticsEventRecord, AnalyticsIdentity, AnalyticsPort } from '@vestibule/core';

/** Records what the event bus hands product analytics instead of sending it. */
export class FakeAnalytics implements AnalyticsPort {
  readonly captured: AnalyticsEventRecord[] = [];
  readonly identified: AnalyticsIdentity[] = [];

  capture(event: AnalyticsEventRecord): void {
    this.captured.push(event);
  }

  identify(identity: AnalyticsIdentity): void {
    this.identified.push(identity);
  }

  /** The names of the events captured so far, in order. */
  get names(): string[] {
    return this.captured.map((event) => event.name);
  }
}
