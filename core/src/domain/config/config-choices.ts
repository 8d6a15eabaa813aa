// The lists behind the configuration's union types. Only editors of a configuration (the
// playground) need them at run time, so they live apart from widget-config.ts and stay out of
// the first load, which needs only the types.

/** The products a widget can offer (SPEC §3 "Server configuration"). */
export const PRODUCTS = ['emailMagicLinks', 'passwords', 'otp', 'oauth', 'passkeys', 'crypto'] as const;
export type Product = (typeof PRODUCTS)[number];

/** The channels a one-time passcode can be sent by. */
export const OTP_METHODS = ['sms', 'whatsapp', 'email'] as const;
export type OtpMethod = (typeof OTP_METHODS)[number];

/** The OAuth providers a widget can offer a button for. */
export const OAUTH_PROVIDERS = [
  'google', 'microsoft', 'apple', 'github', 'gitlab', 'facebook', 'discord', 'salesforce', 'slack', 'amazon',
  'bitbucket', 'linkedin', 'coinbase', 'twitch', 'twitter', 'tiktok', 'snapchat', 'figma', 'yahoo',
] as const;
export type OAuthProviderType = (typeof OAUTH_PROVIDERS)[number];
