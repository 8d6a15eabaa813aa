import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/**
 * The passkeys product's part of Main (first chunk, in every page: keep it this small). Its button
 * is a slot in the passkey place, shown wherever the product is configured (the catalogue checks
 * that before `applies`); its machine and screens load when the button is pressed.
 */
export const passkeysMainBlock: ProductMainBlock = {
  id: 'passkeys',
  configProduct: 'passkeys',
  emailFormPriority: null,
  load: () => withRouter(import('./passkeys.module').then((module) => module.passkeysModule)),
  slots: [{ id: 'passkeys', place: 'passkey', applies: () => true, load: () => import('./passkeys.slot').then((module) => module.passkeysSlot) }],
};
