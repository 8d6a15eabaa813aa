import { revealBidiControls } from '@vestibule/core';

/**
 * An address, phone number or name the visitor typed or the provider sent, as it may be shown:
 * bidi controls in it are visible marks (`revealBidiControls`), so it cannot display as another
 * value, and it sits in a `<bdi>`, so its own direction cannot reorder the sentence around it.
 */
export function UserText({ value }: { readonly value: string }) {
  return <bdi>{revealBidiControls(value)}</bdi>;
}
