import { DEFAULT_SESSION_DURATION_MINUTES, magicLinkMainBlock, oauthMainBlock, passwordsMainBlock, type ProductMainBlock, type WidgetConfig } from '@vestibule/core';

/**
 * SPEC §1: the product's own sign-in — Google OAuth (with One Tap, which the login page offers
 * only on the production host), e-mail magic link and passwords.
 */
export const PRODUCT_LOGIN_CONFIG: WidgetConfig = {
  products: ['oauth', 'emailMagicLinks', 'passwords'],
  oauthOptions: { providers: [{ type: 'google', one_tap: true, position: 'embedded' }] },
  sessionOptions: { sessionDurationMinutes: DEFAULT_SESSION_DURATION_MINUTES },
};

/**
 * The Main blocks of those products, and only those: /login's first load carries no other
 * product (the playground, configured at run time, takes `ALL_PRODUCTS` in its own chunk).
 */
export const PRODUCT_LOGIN_PRODUCTS: readonly ProductMainBlock[] = [oauthMainBlock, magicLinkMainBlock, passwordsMainBlock];

/** The product's name where a screen names the account (SPEC §2 consent: 'Sign in to {clientName} with {projectName}'). */
export const PRODUCT_NAME = 'Vestibule';
