import type { NamespaceId } from '@vestibule/core';

/**
 * The strings a passkey sign-in shows on Main (the failure by the passkey button), fetched before
 * the product is entered (product-views.ts): a failure then shows in words, never in keys.
 */
export const namespaces: readonly NamespaceId[] = ['passkeys'];

// The component is the default export: the widget renders it as it is (no re-wrapping code in the first load).
/**
 * Passkey sign-in has no screen of its own (SPEC §2's passkey confirmation is the widget's success
 * screen): its view's `screen` is always `null`, so Main stays on screen with the button busy and
 * this renders nothing. The chunk carries only the product's strings.
 */
export default function PasskeysScreens() {
  return null;
}
