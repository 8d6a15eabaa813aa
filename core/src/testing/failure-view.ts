import { expect, vi } from 'vitest';
import type { MessageRef } from '../domain/i18n/message-ref';
import type { VirtualTimeHost } from './virtual-time-host';
import { CALL_TIMEOUT_MS, type ProviderFault } from './provider-faults';

// For core's own failure-view tables: what every row checks once a provider call failed, read
// from a view model the way its screen reads it. The facts are the browser fault matrix's (a
// clear message, what was typed kept, no spinner left, a retry that works, after the wait for a
// 429), on virtual time.

/** What a failure leaves on screen. */
export interface FailureView {
  readonly message: MessageRef | null;
  /** What the visitor typed, as the screen still shows it; `null` where nothing was typed. */
  readonly kept: string | null;
  /** A spinner or a busy label ('Sending…', 'Logging in...') is showing. */
  readonly busy: boolean;
  /** The control that takes the failed action again can be used now. */
  readonly retryEnabled: boolean;
  /** The countdown's whole seconds while a `Retry-After` is waited out, else `null`. */
  readonly retryInSeconds: number | null;
}

/** One row's screen and call. */
export interface FailureRow {
  /** The screen as it is now. */
  read(): FailureView;
  /** Takes the failed action again, as the visitor would (the button, the link, the code typed again). */
  retry(): void;
  /** How many times the call that failed (or, for a retry that goes on, the next call) has been made. */
  calls(): number;
}

export interface FailureExpectations {
  /** What the screen must still show of the visitor's input. */
  readonly kept: string | null;
}

/** What the checks need of the test host: its clock, and its translator for the words shown. */
type FailureHost = Pick<VirtualTimeHost, 'advance' | 'core'>;

/** Real time for what is not on the virtual clock: a product's chunk is a real dynamic import. */
const MODULE_LOAD_WAIT = { timeout: 5_000, interval: 10 } as const;

/** Waits until `calls()` reaches `count` (a call may wait for a product's chunk to load first). */
export async function untilCalled(test: Pick<VirtualTimeHost, 'advance'>, calls: () => number, count: number): Promise<void> {
  await vi.waitFor(async () => {
    await test.advance(0);
    expect(calls()).toBe(count);
  }, MODULE_LOAD_WAIT);
}

/** Waits until `condition` holds on the flow (a product's screen after its chunk loaded). */
export async function until(test: Pick<VirtualTimeHost, 'advance'>, condition: () => void): Promise<void> {
  await vi.waitFor(async () => {
    await test.advance(0);
    condition();
  }, MODULE_LOAD_WAIT);
}

/**
 * Lets `fault` play out on a call already made (a hang: until the call timeout, busy to the
 * last millisecond), then checks what every failure view owes the visitor: the fault's message,
 * the input kept, no spinner, and a retry that makes the call again — at once, or for a 429
 * only after its countdown went down to the end.
 */
export async function expectFailureView(test: FailureHost, fault: ProviderFault, row: FailureRow, expected: FailureExpectations): Promise<void> {
  if (fault.error === null) {
    await test.advance(CALL_TIMEOUT_MS - 1);
    expect(row.read().busy, 'still busy just before the call timeout').toBe(true);
    await test.advance(1);
  } else {
    await test.advance(0);
  }

  const shown = row.read();
  expect(shown.message).toEqual({ key: fault.message });
  if (shown.message !== null) expect(test.core.i18n.text(shown.message)).toBe(fault.words);
  expect(shown.kept, 'what was typed is kept').toBe(expected.kept);
  expect(shown.busy, 'no spinner is left').toBe(false);

  const callsBefore = row.calls();
  if (fault.waitSeconds !== undefined) {
    expect(shown).toMatchObject({ retryEnabled: false, retryInSeconds: fault.waitSeconds });
    // The machine holds the wait too, not only the disabled control: pressed anyway, nothing goes out.
    row.retry();
    await test.advance(0);
    expect(row.calls(), 'no call while the Retry-After is waited out').toBe(callsBefore);
    await test.advance(1_000);
    expect(row.read()).toMatchObject({ retryEnabled: false, retryInSeconds: fault.waitSeconds - 1, kept: expected.kept });
    await test.advance((fault.waitSeconds - 1) * 1_000 - 1);
    expect(row.read().retryEnabled, 'held to the last millisecond of the wait').toBe(false);
    await test.advance(1);
  }
  expect(row.read()).toMatchObject({ retryEnabled: true, retryInSeconds: null, kept: expected.kept, busy: false });

  row.retry();
  await untilCalled(test, row.calls, callsBefore + 1);
}

/** Rows as `[name, row]` pairs, so `describe.each` / `it.each` titles read `%s` without quotes or truncation. */
export const byName = <T extends { readonly name: string }>(rows: readonly T[]): ReadonlyArray<readonly [string, T]> => rows.map((row) => [row.name, row] as const);

/** The seconds a 'Try again in N seconds' label shows, or `null` for any other label. */
export function countdownSeconds(label: MessageRef): number | null {
  if (!('key' in label) || label.key !== 'common.retryIn') return null;
  const seconds = label.params?.['seconds'];
  return typeof seconds === 'number' ? seconds : null;
}
