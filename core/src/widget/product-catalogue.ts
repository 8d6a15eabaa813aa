import type { Product, WidgetConfig } from '../domain/config/widget-config';
import type { EmailContext } from '../domain/validation/email';
import { magicLinkMainBlock } from './products/magic-link/magic-link.main-block';
import { oauthMainBlock } from './products/oauth/oauth.main-block';
import { passcodesMainBlock } from './products/passcodes/passcodes.main-block';
import { passwordsMainBlock } from './products/passwords/passwords.main-block';
import type { AnyProductModule, ProductId } from './widget.types';

/**
 * A product's static part, shipped with Main: which configuration product it serves, whether it
 * takes Main's e-mail form, and how to fetch the rest of it (its machine and screens).
 */
export interface ProductMainBlock {
  readonly id: ProductId;
  /** The configuration product (SPEC §3 `products`) this module implements. */
  readonly configProduct: Product;
  /** Lower wins when several products could take Main's e-mail form (passwords before links). */
  readonly emailFormPriority: number | null;
  /** Whether the configuration lets it take the e-mail form (e.g. passcodes only with the e-mail method). */
  readonly takesEmailForm?: (config: WidgetConfig) => boolean;
  /** How a bad address in its e-mail form is worded (SPEC §5; `magicLink` when not given). */
  readonly emailContext?: EmailContext;
  /** Fetches the product's machine, effects and view (a separate chunk). */
  readonly load: () => Promise<AnyProductModule>;
}

/**
 * A product's module with the router's product half (`productRouter`), which loads beside the
 * first product used rather than with Main.
 */
export function withRouter(module: Promise<Omit<AnyProductModule, 'router'>>): Promise<AnyProductModule> {
  return Promise.all([module, import('./product-router')]).then(([loaded, { productRouter }]) => ({ ...loaded, router: productRouter }));
}

/** Every product this build implements. Products join by adding their Main block here (`pnpm new:flow` does). */
export const PRODUCT_MAIN_BLOCKS: readonly ProductMainBlock[] = [
  magicLinkMainBlock,
  passwordsMainBlock,
  oauthMainBlock,
  passcodesMainBlock,
  // new:flow: Main blocks
];

/** The Main block of a product, when this build has it. */
export function mainBlock(id: ProductId): ProductMainBlock | undefined {
  return PRODUCT_MAIN_BLOCKS.find((block) => block.id === id);
}

/** The product that handles Main's e-mail form for `config`, or `null` when none is configured. */
export function emailFormProduct(config: WidgetConfig): ProductMainBlock | null {
  const candidates = PRODUCT_MAIN_BLOCKS.filter(
    (block) => block.emailFormPriority !== null && config.products.includes(block.configProduct) && (block.takesEmailForm?.(config) ?? true),
  );
  candidates.sort((a, b) => (a.emailFormPriority ?? 0) - (b.emailFormPriority ?? 0));
  return candidates[0] ?? null;
}
