import { type Product, type WidgetConfig, validateWidgetConfig } from '../../domain/config/widget-config';
import type { MessageKey, MessageRef } from '../../domain/i18n/message-ref';
import { mailShortcuts, type MailShortcut } from '../../domain/mail/mail-shortcuts';
import type { LoginScreen, LoginState } from './login.types';

/** Products whose screens this build renders; the others are reported, not faked. */
export const BUILT_PRODUCTS: readonly Product[] = ['emailMagicLinks'];

/** Configured products this build cannot render yet (a playground reports them). */
export function unbuiltProducts(config: WidgetConfig): Product[] {
  return config.products.filter((product) => !BUILT_PRODUCTS.includes(product));
}

/** Everything a front end needs to render the login widget; no business rules left to it. */
export interface LoginView {
  readonly screen: LoginScreen;
  readonly main: {
    readonly title: MessageKey;
    /** SPEC §1 configuration errors, shown on the Main screen. */
    readonly configErrors: readonly MessageKey[];
    /** When true the configuration is unusable and only the errors are shown. */
    readonly blocked: boolean;
    readonly emailForm: null | {
      readonly value: string;
      readonly error: MessageRef | null;
      readonly busy: boolean;
      readonly submitLabel: MessageKey;
    };
  };
  readonly confirmation: {
    readonly email: string;
    readonly mailShortcuts: readonly MailShortcut[];
    readonly resending: boolean;
    readonly error: MessageRef | null;
  };
}

/** Maps login state to its view model. */
export function loginView(state: LoginState): LoginView {
  const { config } = state.input;
  const issues = validateWidgetConfig(config);
  const blocked = issues.some((issue) => issue.blocking);
  const hasMagicLinks = config.products.includes('emailMagicLinks');
  return {
    screen: state.screen,
    main: {
      title: 'login.title',
      configErrors: issues.map((issue) => issue.message),
      blocked,
      emailForm:
        !blocked && hasMagicLinks
          ? {
              value: state.email,
              error: state.emailError,
              busy: state.sending,
              submitLabel: state.sending ? 'login.sending' : 'login.continue',
            }
          : null,
    },
    confirmation: {
      email: state.magicLinkEmail,
      mailShortcuts: mailShortcuts(state.senderDomain),
      resending: state.resending,
      error: state.confirmationError,
    },
  };
}
