import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/** The OAuth product's part of Main: its buttons are rendered from the view; the start loads on press. */
export const oauthMainBlock: ProductMainBlock = {
  id: 'oauth',
  configProduct: 'oauth',
  emailFormPriority: null,
  load: () => withRouter(import('./oauth.module').then((module) => module.oauthModule)),
};
