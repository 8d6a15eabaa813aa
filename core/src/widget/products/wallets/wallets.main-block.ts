import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/**
 * The wallets product's part of Main (in the first load of every page that offers wallets: keep
 * it this small). Its slot — the wallet buttons and 'Continue with other wallet' — is fetched
 * wherever crypto is configured (the catalogue checks that before `applies`); its machine,
 * screens and the wallet code load when a wallet button is pressed.
 */
export const walletsMainBlock: ProductMainBlock = {
  id: 'wallets',
  configProduct: 'crypto',
  emailFormPriority: null,
  load: () => withRouter(import('./wallets.module').then((module) => module.walletsModule)),
  slots: [{ id: 'wallets', place: 'wallets', applies: () => true, load: () => import('./wallets.slot').then((module) => module.walletsSlot) }],
};
