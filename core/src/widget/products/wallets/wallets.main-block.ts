import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/**
 * The wallets product's part of Main (first chunk, in every page: keep it this small). Its button
 * is a slot in the wallets place, shown wherever the product is configured (the catalogue checks
 * that before `applies`); its machine and screens load when the button is pressed.
 */
export const walletsMainBlock: ProductMainBlock = {
  id: 'wallets',
  configProduct: 'crypto',
  emailFormPriority: null,
  load: () => withRouter(import('./wallets.module').then((module) => module.walletsModule)),
  slots: [{ id: 'wallets', place: 'wallets', applies: () => true, load: () => import('./wallets.slot').then((module) => module.walletsSlot) }],
};
