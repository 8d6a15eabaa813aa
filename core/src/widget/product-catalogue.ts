import type { Product, WidgetConfig } from '../domain/config/widget-config';
import type { EmailContext } from '../domain/validation/email';
import { SLOT_PLACE_ORDER, type AnyMainSlot, type MainSlotDeclaration, type SlotAudience, type SlotId } from './main-slot.types';
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
  /** What the product puts on Main besides taking the e-mail form: its slots, each a chunk of its own. */
  readonly slots?: readonly MainSlotDeclaration[];
}

/**
 * A product's module with the router's product half (`productRouter`), which loads beside the
 * first product used rather than with Main.
 */
export function withRouter(module: Promise<Omit<AnyProductModule, 'router'>>): Promise<AnyProductModule> {
  return Promise.all([module, import('./product-router')]).then(([loaded, { productRouter }]) => ({ ...loaded, router: productRouter }));
}

// The catalogue a widget works with is the page's (`WidgetInput.products`): a page carries the
// Main blocks of the products it offers and no others, so a product it does not configure costs
// its first load nothing. Every product this build has is `ALL_PRODUCTS` (all-products.ts).

/** The Main block of a product, when the widget's catalogue has it. */
export function mainBlock(id: ProductId, products: readonly ProductMainBlock[]): ProductMainBlock | undefined {
  return products.find((block) => block.id === id);
}

/**
 * The configured products that may take Main's e-mail form for `config`, the one that takes it
 * first (passwords before magic links): the others are where it may hand the visitor over.
 */
export function emailFormProducts(config: WidgetConfig, products: readonly ProductMainBlock[]): ProductMainBlock[] {
  return products
    .filter((block) => block.emailFormPriority !== null && config.products.includes(block.configProduct) && (block.takesEmailForm?.(config) ?? true))
    .sort((a, b) => (a.emailFormPriority ?? 0) - (b.emailFormPriority ?? 0));
}

/** The product that handles Main's e-mail form for `config`, or `null` when none is configured. */
export function emailFormProduct(config: WidgetConfig, products: readonly ProductMainBlock[]): ProductMainBlock | null {
  return emailFormProducts(config, products)[0] ?? null;
}

/** The slots this widget shows, in SPEC §2's order of places (then in catalogue order). */
export function mainSlots(input: SlotAudience): MainSlotDeclaration[] {
  const slots = input.products.flatMap((block) => (input.config.products.includes(block.configProduct) ? (block.slots ?? []) : [])).filter((slot) => slot.applies(input));
  // A stable sort: within a place, catalogue order.
  return slots.sort((a, b) => SLOT_PLACE_ORDER.indexOf(a.place) - SLOT_PLACE_ORDER.indexOf(b.place));
}

/** Fetches the slots this widget shows (e.g. before a pre-rendered page hydrates, so it renders at once). */
export function loadMainSlots(input: SlotAudience): Promise<Readonly<Record<SlotId, AnyMainSlot>>> {
  return Promise.all(mainSlots(input).map((slot) => slot.load())).then((modules) => Object.fromEntries(modules.map((module) => [module.id, module])));
}

/** The declaration of slot `id` in the widget's catalogue. */
export function slotDeclaration(id: SlotId, products: readonly ProductMainBlock[]): MainSlotDeclaration | undefined {
  for (const block of products) {
    const found = block.slots?.find((slot) => slot.id === id);
    if (found !== undefined) return found;
  }
  return undefined;
}
