import type { Product, WidgetConfig } from '../domain/config/widget-config';
import { ALL_PRODUCTS } from './all-products';

// Read by the playground only: kept out of the first load's module.

/** Configuration products this build implements. */
const BUILT_PRODUCTS: readonly Product[] = ALL_PRODUCTS.map((block) => block.configProduct);

/** Configured products this build cannot render yet (a playground reports them). */
export function unbuiltProducts(config: WidgetConfig): Product[] {
  return config.products.filter((product) => !BUILT_PRODUCTS.includes(product));
}
