import type { OAuthProviderOption, OAuthProviderType, WidgetConfig } from '../config/widget-config';

/** Where the provider last used on this device is remembered (SPEC §2 'Last used'). */
export const LAST_USED_OAUTH_STORAGE_KEY = 'vestibule.lastUsedOAuth';
/**
 * Where this tab notes an OAuth round trip it left for; the return page clears it. Still there
 * when Main opens again, the visitor came back without finishing (Back, a failed provider page).
 */
export const PENDING_OAUTH_STORAGE_KEY = 'vestibule.pendingOAuth';

// Brand names are not translated; most are the type capitalised.
const NAME_EXCEPTIONS: Readonly<Partial<Record<OAuthProviderType, string>>> = { github: 'GitHub', gitlab: 'GitLab', linkedin: 'LinkedIn', tiktok: 'TikTok' };

/** A provider's name as its owner writes it, for 'Continue with {provider}'. */
export function oauthProviderName(type: OAuthProviderType): string {
  return NAME_EXCEPTIONS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** One OAuth button on Main. */
export interface OAuthButton {
  readonly provider: OAuthProviderType;
  readonly name: string;
  /** The provider this device signed in with last time: shown first, marked 'Last used'. */
  readonly lastUsed: boolean;
}

/** The configured providers in configured order, each once (types are checked where configurations are read). */
export function configuredOAuthProviders(config: WidgetConfig): OAuthProviderOption[] {
  const providers = config.products.includes('oauth') ? (config.oauthOptions?.providers ?? []) : [];
  return providers.filter((option, index) => providers.findIndex((other) => other.type === option.type) === index);
}

/**
 * SPEC §2: Main's OAuth buttons in configured order, except that the provider last used on this
 * device comes first with 'Last used'. A remembered provider that is not configured is ignored.
 */
export function orderOAuthButtons(providers: readonly OAuthProviderOption[], lastUsed: string | null): OAuthButton[] {
  const buttons = providers.map((option) => ({ provider: option.type, name: oauthProviderName(option.type), lastUsed: option.type === lastUsed }));
  // A stable sort: only the remembered one moves.
  return buttons.sort((a, b) => Number(b.lastUsed) - Number(a.lastUsed));
}

/** This tab's note of an OAuth round trip it left for: the provider, and what was typed on Main then. */
export interface PendingOAuth {
  readonly provider: OAuthProviderType;
  readonly email: string;
  /**
   * How the round trip ended, when the return page knows and leaves the telling to Main:
   * `cancelled` at the provider. Absent while it is under way (or never came back).
   */
  readonly outcome?: 'cancelled';
}

/**
 * The note as stored (another tab's or page version's data until checked), or `null`. It is the
 * provider's type, the address (which has no line break) and the outcome if any, one per line
 * (`writePendingOAuth`, beside the pages that write it).
 */
export function readPendingOAuth(stored: string | null): PendingOAuth | null {
  const [type = null, email = '', outcome] = stored?.split('\n') ?? [];
  const provider = parseLastUsedOAuth(type);
  return provider && (outcome === 'cancelled' ? { provider, email, outcome } : { provider, email });
}

/**
 * A remembered value is another page version's (or anyone's) data until checked: only a
 * provider-type-shaped word is kept, and it counts only if this widget offers that provider.
 */
export function parseLastUsedOAuth(stored: string | null): OAuthProviderType | null {
  return stored !== null && /^[a-z]{2,20}$/.test(stored) ? (stored as OAuthProviderType) : null;
}
