import type { ProductId, ProductViewBase, Translator, WidgetEvent } from '@vestibule/core';
import { use } from 'react';
import { SCREENS_LOADERS, type ScreensChunk } from './product-views';
import { trackedLoad, type TrackedLoad } from './tracked-load';

/** What every product's screens component receives from the widget. */
export interface ProductScreensProps {
  readonly view: ProductViewBase;
  readonly send: (event: WidgetEvent) => void;
}

const screens = new Map<ProductId, TrackedLoad<ScreensChunk | null>>();

const loadScreens = (product: ProductId): TrackedLoad<ScreensChunk | null> => trackedLoad(screens, product, () => SCREENS_LOADERS[product]?.() ?? Promise.resolve(null));

/**
 * Fetches a product's screens and the strings they show in `translator`'s language: the widget's
 * router enters the product once they are here (the core's `loadViews`), so a screen never
 * waits for its code, and it rejects when either could not be fetched (the action then fails with
 * the network's message, and a retry fetches again) rather than render a screen of keys.
 */
export function loadProductViews(product: ProductId, translator: Translator): Promise<void> {
  return loadScreens(product).then(async (chunk) => {
    if (chunk !== null && !(await translator.load(chunk.namespaces))) throw new Error(`The strings of the ${product} screens did not arrive`);
  });
}

/** A product's screens: at once when they are here (the router waited for them), else it suspends until then. */
export function ProductScreens({ product, view, send }: ProductScreensProps & { readonly product: ProductId }) {
  const Screens = use(loadScreens(product) as Promise<ScreensChunk | null>)?.default;
  return Screens === undefined ? null : <Screens view={view} send={send} />;
}
