import { DEFAULT_SESSION_DURATION_MINUTES, type WidgetConfig } from '@vestibule/core';

/**
 * SPEC §1: the product's own sign-in — Google OAuth (with One Tap, which the login page offers
 * only on the production host), e-mail magic link and passwords.
 */
export const PRODUCT_LOGIN_CONFIG: WidgetConfig = {
  products: ['oauth', 'emailMagicLinks', 'passwords'],
  oauthOptions: { providers: [{ type: 'google', one_tap: true, position: 'embedded' }] },
  sessionOptions: { sessionDurationMinutes: DEFAULT_SESSION_DURATION_MINUTES },
};
