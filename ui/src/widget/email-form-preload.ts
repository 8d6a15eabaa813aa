import { emailFormProducts, preloadEmailForm, type AuthCore, type ProductMainBlock, type Translator, type WidgetConfig } from '@vestibule/core';
import { loadProductViews } from './product-screens';

// A chunk of its own, fetched once the widget's page is idle: Main's first load does not carry it.

/**
 * Fetches ahead what the first action of Main's e-mail form needs (issue 16 §14): the core's half
 * (the products' modules, the router's product half, their ports' code, the error messages:
 * `preloadEmailForm`) and the front end's (each product's screens and their strings in
 * `translator`'s language), all at once. Never rejects; what failed is fetched again on submit.
 */
export function preloadEmailFormAction(core: AuthCore, input: { readonly config: WidgetConfig; readonly products: readonly ProductMainBlock[] }, translator: Translator): Promise<void> {
  // The modules first (their requests go out first), then the screens.
  const modules = preloadEmailForm(core.host, input);
  const views = emailFormProducts(input.config, input.products).map((block) => loadProductViews(block.id, translator).catch(() => undefined));
  return Promise.all([modules, ...views]).then(() => undefined);
}
