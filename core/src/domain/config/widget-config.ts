import type { MessageKey } from '../i18n/message-ref';

import type { OAuthProviderType, OtpMethod, Product } from './config-choices';

export type { OAuthProviderType, OtpMethod, Product } from './config-choices';

/** Where Google One Tap shows (the provider's `OneTapPositions`); the `embedded…` ones put it inside the widget. */
type OneTapPosition = 'embedded' | 'floating' | 'embeddedOnly' | 'floatingOrEmbedded' | 'forceLegacyEmbedded';

/** SPEC §3 "OAuth provider entry". */
export interface OAuthProviderOption {
  readonly type: OAuthProviderType;
  /** Google only: offer the One Tap prompt (on the production host). */
  readonly one_tap?: boolean;
  readonly position?: OneTapPosition;
  /** Google only: whether a tap outside One Tap's prompt closes it (default true). */
  readonly cancel_on_tap_outside?: boolean;
  readonly custom_scopes?: readonly string[];
  readonly provider_params?: Readonly<Record<string, string>>;
}

/** Widget configuration, in the provider's vocabulary so integrators recognise it. */
export interface WidgetConfig {
  readonly products: readonly Product[];
  readonly emailMagicLinksOptions?: {
    readonly loginRedirectURL?: string;
    readonly loginExpirationMinutes?: number;
    readonly signupRedirectURL?: string;
    readonly signupExpirationMinutes?: number;
    readonly createUserAsPending?: boolean;
    readonly domainHint?: string;
  };
  readonly otpOptions?: {
    readonly methods: readonly OtpMethod[];
    readonly expirationMinutes?: number;
    readonly locale?: string;
    readonly loginTemplateId?: string;
    readonly signupTemplateId?: string;
  };
  readonly oauthOptions?: {
    readonly providers: readonly OAuthProviderOption[];
    readonly loginRedirectURL?: string;
    readonly signupRedirectURL?: string;
  };
  readonly passwordOptions?: {
    readonly loginRedirectURL?: string;
    readonly loginExpirationMinutes?: number;
    readonly resetPasswordRedirectURL?: string;
    readonly resetPasswordExpirationMinutes?: number;
    readonly resetPasswordTemplateId?: string;
    readonly locale?: string;
  };
  readonly sessionOptions?: { readonly sessionDurationMinutes: number };
}

/** SPEC §9: magic links expire after 30 minutes unless configured otherwise. */
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;
/** SPEC §9: password reset links expire after 30 minutes unless configured otherwise. */
export const DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES = 30;
/** Session length requested when the configuration names none. */
export const DEFAULT_SESSION_DURATION_MINUTES = 60;

/** A configuration mistake the widget shows instead of (or above) its forms. */
export interface ConfigIssue {
  readonly code: 'passkeys_alone' | 'eml_and_email_otp';
  readonly message: MessageKey;
  /** Whether the widget can still render anything useful. */
  readonly blocking: boolean;
}

/** SPEC §1: the two configuration errors. */
export function validateWidgetConfig(config: WidgetConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const has = (product: Product) => config.products.includes(product);
  if (has('passkeys') && config.products.length === 1) {
    issues.push({ code: 'passkeys_alone', message: 'config.passkeysAlone', blocking: true });
  }
  if (has('emailMagicLinks') && has('otp') && (config.otpOptions?.methods ?? []).includes('email')) {
    issues.push({ code: 'eml_and_email_otp', message: 'config.emlAndEmailOtp', blocking: false });
  }
  return issues;
}
