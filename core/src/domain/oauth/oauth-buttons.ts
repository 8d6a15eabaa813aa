import type { OAuthProviderOption, OAuthProviderType, WidgetConfig } from '../config/widget-config';

/** Where the provider last used on this device is remembered (SPEC §2 'Last used'). */
export const LAST_USED_OAUTH_STORAGE_KEY = 'vestibule.lastUsedOAuth';

/** Provider names as their owners write them, for 'Continue with {provider}'. Brand names are not translated. */
export const OAUTH_PROVIDER_NAMES: Readonly<Record<OAuthProviderType, string>> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
};

/** One OAuth button on Main. */
export interface OAuthButton {
  readonly provider: OAuthProviderType;
  readonly name: string;
  /** The provider this device signed in with last time: shown first, marked 'Last used'. */
  readonly lastUsed: boolean;
}

/** The configured providers with a known type, each once, in configured order. */
export function configuredOAuthProviders(config: WidgetConfig): OAuthProviderOption[] {
  if (!config.products.includes('oauth')) return [];
  const seen = new Set<string>();
  return (config.oauthOptions?.providers ?? []).filter((option) => {
    if (!Object.hasOwn(OAUTH_PROVIDER_NAMES, option.type) || seen.has(option.type)) return false;
    seen.add(option.type);
    return true;
  });
}

/**
 * SPEC §2: Main's OAuth buttons in configured order, except that the provider last used on this
 * device comes first with 'Last used'. A remembered provider that is not configured is ignored.
 */
export function orderOAuthButtons(providers: readonly OAuthProviderOption[], lastUsed: string | null): OAuthButton[] {
  const buttons = providers.map((option) => ({ provider: option.type, name: OAUTH_PROVIDER_NAMES[option.type], lastUsed: option.type === lastUsed }));
  const index = buttons.findIndex((button) => button.lastUsed);
  if (index <= 0) return buttons;
  const [first] = buttons.splice(index, 1);
  return first === undefined ? buttons : [first, ...buttons];
}

/** A remembered value is another page version's (or anyone's) data until checked. */
export function parseLastUsedOAuth(stored: string | null): OAuthProviderType | null {
  return stored !== null && Object.hasOwn(OAUTH_PROVIDER_NAMES, stored) ? (stored as OAuthProviderType) : null;
}
