import type { WidgetConfig } from '../../domain/config/widget-config';
import type { AuthError } from '../../domain/errors/auth-error';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { ReturnContext } from '../../domain/redirects/safe-redirect';
import type { ProviderLogEvent, SendMagicLinkRequest } from '../../ports/auth-provider.port';
import type { KeyedEffect } from '../flow-runner';

/** Widget screens (SPEC §2). More join as products are built. */
export type LoginScreen = 'main' | 'emailConfirmation';

/** What a login widget is started with. */
export interface LoginInput {
  readonly config: WidgetConfig;
  readonly returnContext: ReturnContext;
  /** The page origin: return URLs handed to the provider are built on it. */
  readonly origin: string;
  /** An address the visitor already typed (e.g. into pre-rendered HTML before scripts ran). */
  readonly prefilledEmail?: string;
}

/** SPEC §3 widget state, for the products built so far. */
export interface LoginState {
  readonly input: LoginInput;
  readonly screen: LoginScreen;
  /** The Main screen's e-mail field, exactly as typed. */
  readonly email: string;
  readonly emailError: MessageRef | null;
  readonly sending: boolean;
  /** The stored magic-link e-mail (SPEC §3 form state). */
  readonly magicLinkEmail: string;
  readonly resending: boolean;
  readonly confirmationError: MessageRef | null;
  /** The provider's e-mail sender domain, once known. */
  readonly senderDomain: string | null;
}

export type LoginEvent =
  | { readonly type: 'started' }
  | { readonly type: 'projectSettingsLoaded'; readonly emailDomains: readonly string[] }
  | { readonly type: 'emailChanged'; readonly value: string }
  | { readonly type: 'emailSubmitted' }
  | { readonly type: 'magicLinkSent'; readonly email: string }
  | { readonly type: 'magicLinkFailed'; readonly email: string; readonly error: AuthError }
  | { readonly type: 'resendClicked' }
  | { readonly type: 'resendSucceeded' }
  | { readonly type: 'resendFailed'; readonly error: AuthError }
  | { readonly type: 'tryAgainClicked' }
  | { readonly type: 'backClicked' };

export type LoginEffect = KeyedEffect &
  (
    | { readonly type: 'loadProjectSettings' }
    | { readonly type: 'sendMagicLink'; readonly request: SendMagicLinkRequest; readonly purpose: 'send' | 'resend' }
    | { readonly type: 'logEvent'; readonly event: ProviderLogEvent }
    | { readonly type: 'toast'; readonly kind: 'success' | 'error'; readonly message: MessageRef }
    | { readonly type: 'reportError'; readonly error: AuthError }
    | { readonly type: 'cancel'; readonly key: string }
  );
