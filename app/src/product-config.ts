import { DEFAULT_SESSION_DURATION_MINUTES, type WidgetConfig } from '@vestibule/core';

/**
 * SPEC §1: the product's own sign-in — Google OAuth, e-mail magic link and passwords.
 * (One Tap on the production host joins with the OAuth work.)
 */
export const PRODUCT_LOGIN_CONFIG: WidgetConfig = {
  products: ['oauth', 'emailMagicLinks', 'passwords'],
  oauthOptions: { providers: [{ type: 'google' }] },
  sessionOptions: { sessionDurationMinutes: DEFAULT_SESSION_DURATION_MINUTES },
};
