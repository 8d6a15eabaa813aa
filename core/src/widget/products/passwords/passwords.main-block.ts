import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/**
 * The passwords product's part of Main (first chunk): when configured it takes Main's e-mail form
 * before magic links (the e-mail is looked up first, SPEC §4). Its machine and screens load on submit.
 */
export const passwordsMainBlock: ProductMainBlock = {
  id: 'passwords',
  configProduct: 'passwords',
  emailFormPriority: 10,
  load: () => withRouter(import('./passwords.module').then((module) => module.passwordsModule)),
};
