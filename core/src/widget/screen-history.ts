import type { StoragePort } from '../ports/storage.port';
import type { ScreenRecord } from './screen-record';

/** The widget's screen kept in this tab's storage, tied to the history entry it was shown on (issue 16 §13). */
export interface StoredScreen {
  /** The marker of the history entry the screen was shown on: a reload there brings it back, nowhere else. */
  readonly marker: string;
  /** The product it belongs to; the page's catalogue decides whether it is one. */
  readonly product: string;
  /** Main's e-mail value then, so Back from the restored screen finds the address in the field. */
  readonly email: string;
  readonly screen: ScreenRecord;
}

/** This tab's storage key for the screen on show. */
export const STORED_SCREEN_KEY = 'vestibule.widgetScreen';

/** Longer than any record the widget writes: anything bigger was not written by it. */
const MAX_STORED_LENGTH = 8_192;

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isScreenRecord(value: unknown): value is ScreenRecord {
  if (!isObject(value)) return false;
  return Object.values(value).every((field) => field === null || ['string', 'number', 'boolean'].includes(typeof field));
}

/**
 * The stored screen for the history entry marked `marker`, or `null`. Storage is for anyone in
 * this tab (or an attacker's script) to write: a value that is not what the widget writes is
 * ignored; each product checks its own record again when resuming it.
 */
export function readStoredScreen(storage: StoragePort, marker: string | null): StoredScreen | null {
  if (marker === null) return null;
  const raw = storage.get(STORED_SCREEN_KEY);
  if (raw === null || raw.length > MAX_STORED_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  const { product, email, screen } = value;
  if (value['marker'] !== marker || typeof product !== 'string' || typeof email !== 'string' || !isScreenRecord(screen)) return null;
  return { marker, product, email, screen };
}
