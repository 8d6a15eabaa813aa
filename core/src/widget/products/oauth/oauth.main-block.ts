import type { SlotAudience } from '../../main-slot.types';
import { withRouter, type ProductMainBlock } from '../../product-catalogue';

// In every page's first load: no more than these two checks (the buttons' rules load with the slot).

/** The OAuth providers configured (SPEC §3 `oauthOptions.providers`). */
const providers = ({ config }: SlotAudience) => (config.products.includes('oauth') ? (config.oauthOptions?.providers ?? []) : []);

/**
 * The OAuth product's part of Main: two slots — Google One Tap (the production host only, SPEC
 * §1, where Google's entry asks for it), which holds the Google button's place, then the provider
 * buttons. The round trip loads on press.
 */
export const oauthMainBlock: ProductMainBlock = {
  id: 'oauth',
  configProduct: 'oauth',
  emailFormPriority: null,
  load: () => withRouter(import('./oauth.module').then((module) => module.oauthModule)),
  slots: [
    {
      id: 'one-tap',
      place: 'social',
      applies: (audience) => audience.productionHost === true && providers(audience).some((option) => option.type === 'google' && option.one_tap === true),
      load: () => import('./one-tap.slot').then((module) => module.oneTapSlot),
    },
    { id: 'oauth', place: 'social', applies: (audience) => providers(audience).length > 0, load: () => import('./oauth.slot').then((module) => module.oauthSlot) },
  ],
};
