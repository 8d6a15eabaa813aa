import type { ProviderLogEvent, ProviderLogRecord, TelemetryPort } from '@vestibule/core';

/** Records the provider telemetry batches the core sends instead of sending them. */
export class FakeTelemetry implements TelemetryPort {
  readonly batches: ProviderLogRecord[][] = [];

  send(batch: readonly ProviderLogRecord[]): void {
    this.batches.push([...batch]);
  }

  /** Every event sent so far, in order, as flows logged them. */
  get events(): ProviderLogEvent[] {
    return this.batches.flat().map(({ name, details }) => ({ name, details }) as ProviderLogEvent);
  }

  /** The names of the events sent so far, in order. */
  get names(): string[] {
    return this.events.map((event) => event.name);
  }
}
