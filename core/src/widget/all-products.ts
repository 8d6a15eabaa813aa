import { magicLinkMainBlock } from './products/magic-link/magic-link.main-block';
import { oauthMainBlock } from './products/oauth/oauth.main-block';
import { passcodesMainBlock } from './products/passcodes/passcodes.main-block';
import { passwordsMainBlock } from './products/passwords/passwords.main-block';
import type { ProductMainBlock } from './product-catalogue';
import { passkeysMainBlock } from './products/passkeys/passkeys.main-block';
import { walletsMainBlock } from './products/wallets/wallets.main-block';

/**
 * Every product this build implements, for a widget that may be configured with any of them (the
 * playground, an integrator's page). A page that knows its products passes only theirs
 * (`openLoginWidget`'s `products`), and the others cost its first load nothing. Products join by
 * adding their Main block here (`pnpm new:flow` does).
 */
export const ALL_PRODUCTS: readonly ProductMainBlock[] = [
  magicLinkMainBlock,
  passwordsMainBlock,
  oauthMainBlock,
  passcodesMainBlock,
  passkeysMainBlock,
  walletsMainBlock,
  // new:flow: Main blocks
];
