import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/**
 * The magic-link product's part of Main (first chunk): it takes the e-mail form when no product
 * with a higher priority (passwords) is configured. Its screens and machine load on submit.
 */
export const magicLinkMainBlock: ProductMainBlock = {
  id: 'magicLink',
  configProduct: 'emailMagicLinks',
  emailFormPriority: 20,
  load: () => withRouter(import('./magic-link.module').then((module) => module.magicLinkModule)),
};
