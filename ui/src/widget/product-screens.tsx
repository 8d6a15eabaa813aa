import type { ProductId, ProductViewBase, WidgetEvent } from '@vestibule/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** What every product's screens component receives from the widget. */
export interface ProductScreensProps {
  readonly view: ProductViewBase;
  readonly send: (event: WidgetEvent) => void;
}

type Loader = () => Promise<{ default: ComponentType<ProductScreensProps> }>;

/** Each product's screens are a chunk of their own, fetched when the visitor first needs them. */
const LOADERS: Partial<Record<ProductId, Loader>> = {
  magicLink: () => import('./products/magic-link/magic-link.screens'),
  passwords: () => import('./products/passwords/passwords.screens'),
  passcodes: () => import('./products/passcodes/passcodes.screens'),
  // new:flow: screen loaders
};

/** Each product's screens as a lazy component, created once per module. */
export const PRODUCT_SCREENS: Partial<Record<ProductId, LazyExoticComponent<ComponentType<ProductScreensProps>>>> = Object.fromEntries(
  Object.entries(LOADERS).map(([product, load]) => [product, lazy(load)]),
);

/** Starts fetching a product's screens early (e.g. on submit, while its machine loads). */
export function preloadProductScreens(product: ProductId): void {
  void LOADERS[product]?.().catch(() => undefined);
}
