import type { ProductMainBlock } from './product-catalogue';
import type { ProductId } from './widget.types';

// What products use to write and check their screen records (issue 16 §13); they travel with the
// products' chunks, not with Main's first load.

/**
 * A product's screen as a flat record of JSON values: what a reload needs to show it again
 * (an address, where a code went), never a secret — it is kept in this tab's storage.
 */
export type ScreenRecord = { readonly [field: string]: string | number | boolean | null };

/** A record's text field, if it is one of at most `maxLength` characters. */
export const recordText = (record: ScreenRecord, field: string, maxLength = 320): string | null => {
  const value = record[field];
  return typeof value === 'string' && value.length <= maxLength ? value : null;
};

/**
 * A record's `returnTo` (the product a hand-off offers a way back to), one of the page's
 * `products`: `null` when none, `undefined` when the field holds anything else (the record is not
 * one the widget wrote for this page).
 */
export const recordReturnTo = (record: ScreenRecord, products: readonly ProductMainBlock[]): ProductId | null | undefined => {
  const value = record['returnTo'];
  if (value === null) return null;
  return products.find((block) => block.id === value)?.id;
};

/** A record's field, if it is one of `choices`. */
export const recordChoice = <T extends string>(record: ScreenRecord, field: string, choices: readonly T[]): T | null => {
  const value = record[field];
  return choices.find((choice) => choice === value) ?? null;
};
