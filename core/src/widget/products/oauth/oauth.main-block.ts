import type { SlotAudience } from '../../main-slot.types';
import { configuredOAuthProviders } from '../../../domain/oauth/oauth-buttons';
import { withRouter, type ProductMainBlock } from '../../product-catalogue';

/** Google's entry asks for One Tap, and the page is the production host (SPEC §1). */
const offersOneTap = (input: SlotAudience) => input.productionHost === true && configuredOAuthProviders(input.config).some((option) => option.type === 'google' && option.one_tap === true);

/**
 * The OAuth product's part of Main: two slots — Google One Tap (production host only), which holds
 * the Google button's place, then the provider buttons. The round trip loads on press.
 */
export const oauthMainBlock: ProductMainBlock = {
  id: 'oauth',
  configProduct: 'oauth',
  emailFormPriority: null,
  load: () => withRouter(import('./oauth.module').then((module) => module.oauthModule)),
  slots: [
    { id: 'one-tap', place: 'social', applies: offersOneTap, load: () => import('./one-tap.slot').then((module) => module.oneTapSlot) },
    { id: 'oauth', place: 'social', applies: (input) => configuredOAuthProviders(input.config).length > 0, load: () => import('./oauth.slot').then((module) => module.oauthSlot) },
  ],
};
