import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/**
 * The passkeys product's part of Main (first chunk, in every page that offers passkeys: keep it
 * this small). Its slot — the passkey button, first on Main (SPEC §2), and the e-mail field's
 * passkey autofill — is fetched wherever passkeys are configured with another product; passkeys
 * alone is SPEC §1's configuration error, and Main then shows only that. Its machine loads when
 * the button is pressed (or an autofill signed in).
 */
export const passkeysMainBlock: ProductMainBlock = {
  id: 'passkeys',
  configProduct: 'passkeys',
  emailFormPriority: null,
  load: () => withRouter(import('./passkeys.module').then((module) => module.passkeysModule)),
  slots: [
    {
      id: 'passkeys',
      place: 'passkey',
      applies: ({ config }) => config.products.some((product) => product !== 'passkeys'),
      load: () => import('./passkeys.slot').then((module) => module.passkeysSlot),
    },
  ],
};
