import type { ProductId, ProductViewBase, WidgetEvent } from '@vestibule/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { SCREENS_LOADERS } from './product-views';

/** What every product's screens component receives from the widget. */
export interface ProductScreensProps {
  readonly view: ProductViewBase;
  readonly send: (event: WidgetEvent) => void;
}

/** Each product's screens (registered in product-views.ts) as a lazy component, created once per module. */
export const PRODUCT_SCREENS: Partial<Record<ProductId, LazyExoticComponent<ComponentType<ProductScreensProps>>>> = Object.fromEntries(
  Object.entries(SCREENS_LOADERS).map(([product, load]) => [product, lazy(load)]),
);

/** Starts fetching a product's screens early (e.g. on submit, while its machine loads). */
export function preloadProductScreens(product: ProductId): void {
  void SCREENS_LOADERS[product]?.().catch(() => undefined);
}
