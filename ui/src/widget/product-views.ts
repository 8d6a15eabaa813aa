import type { NamespaceId, ProductId, SlotId } from '@vestibule/core';
import type { ComponentType } from 'react';
import type { ProductScreensProps } from './product-screens';
import type { SlotViewProps } from './slot-views';

// The one place a product registers in the React front end: its screens and its Main slots' views,
// each a chunk of its own (`pnpm new:flow` adds a product's lines). Two flat tables rather than one
// entry per product: they are in every page's first load, and a nested entry costs bytes there.

/** A component in a chunk of its own (its default export, so lazy() needs no re-wrapping code). */
type ChunkLoader<P> = () => Promise<{ readonly default: ComponentType<P> }>;

/** A product's screens chunk: the component (its default export) and the namespaces of the strings it shows. */
export interface ScreensChunk {
  readonly default: ComponentType<ProductScreensProps>;
  readonly namespaces: readonly NamespaceId[];
}

/**
 * Each product's screens, fetched with its strings beside its machine when the page is idle or on
 * submit (the router enters the product once they are here: `loadProductViews`).
 */
export const SCREENS_LOADERS: { readonly [P in ProductId]?: () => Promise<ScreensChunk> } = {
  magicLink: () => import('./products/magic-link/magic-link.screens'),
  passwords: () => import('./products/passwords/passwords.screens'),
  passcodes: () => import('./products/passcodes/passcodes.screens'),
  passkeys: () => import('./products/passkeys/passkeys.screens'),
  wallets: () => import('./products/wallets/wallets.screens'),
  // new:flow: screens
};

/**
 * Each Main slot's component, by slot id (`<id>.slot-view.tsx`, the name the pre-renderer
 * preloads a page's slots by), fetched where the configuration shows the slot.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each component is typed for its own slot's view
export const SLOT_VIEW_LOADERS: Readonly<Record<SlotId, ChunkLoader<SlotViewProps<any>>>> = {
  oauth: () => import('./products/oauth/oauth.slot-view'),
  'one-tap': () => import('./products/oauth/one-tap.slot-view'),
  'phone-form': () => import('./products/passcodes/phone-form.slot-view'),
  passkeys: () => import('./products/passkeys/passkeys.slot-view'),
  wallets: () => import('./products/wallets/wallets.slot-view'),
  // new:flow: slot views
};
