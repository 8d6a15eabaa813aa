import type { ProviderLogEvent, TelemetryPort } from '@vestibule/core';

/** Records provider telemetry instead of sending it. */
export class FakeTelemetry implements TelemetryPort {
  readonly events: ProviderLogEvent[] = [];

  log(event: ProviderLogEvent): void {
    this.events.push(event);
  }

  /** The names of the events logged so far, in order. */
  get names(): string[] {
    return this.events.map((event) => event.name);
  }
}
