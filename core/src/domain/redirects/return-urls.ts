import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES, DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES, type WidgetConfig } from '../config/widget-config';
import type { SendMagicLinkRequest } from '../../ports/magic-links.port';
import type { ResetByEmailStartRequest } from '../../ports/passwords.port';
import { buildReturnUrl } from './return-url';
import { appPath, withReturnContext } from './app-paths';
import type { ReturnContext, SafePath } from './safe-redirect';

/** What return URLs are built from: the configuration, the page's origin and its return context. */
export interface ReturnUrlInput {
  readonly config: WidgetConfig;
  readonly origin: string;
  readonly returnContext: ReturnContext;
}

// Requests several products send (a magic link from the password screens, a reset e-mail), built
// in one place so every product hands the provider the same return URLs.

/** Path of the magic link's return page; it finishes the sign-in. */
export const LOGIN_CALLBACK_PATH = appPath('/login/callback');
/** Path the reset e-mail's link opens (SPEC §2 `/login/password/reset`). */
export const PASSWORD_RESET_PATH = appPath('/login/password/reset');
/** Path a password sign-in hands its session to (SPEC §4 `/login/callback/web`). */
export const WEB_CALLBACK_PATH = appPath('/login/callback/web');

/** The provider request for a magic link to `email`, with return URLs that carry redirect and source. */
export function magicLinkRequest(input: ReturnUrlInput, email: string): SendMagicLinkRequest {
  const options = input.config.emailMagicLinksOptions ?? {};
  const defaultUrl = buildReturnUrl(input.origin, LOGIN_CALLBACK_PATH, input.returnContext);
  return {
    email,
    loginRedirectUrl: options.loginRedirectURL ?? defaultUrl,
    signupRedirectUrl: options.signupRedirectURL ?? options.loginRedirectURL ?? defaultUrl,
    loginExpirationMinutes: options.loginExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    signupExpirationMinutes: options.signupExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
  };
}

/** The provider request for a reset e-mail to `email` (SPEC §7 `passwordOptions`). */
export function passwordResetRequest(input: ReturnUrlInput, email: string): ResetByEmailStartRequest {
  const options = input.config.passwordOptions ?? {};
  return {
    email,
    resetPasswordRedirectUrl: options.resetPasswordRedirectURL ?? buildReturnUrl(input.origin, PASSWORD_RESET_PATH, input.returnContext),
    loginRedirectUrl: options.loginRedirectURL ?? buildReturnUrl(input.origin, LOGIN_CALLBACK_PATH, input.returnContext),
    resetPasswordExpirationMinutes: options.resetPasswordExpirationMinutes ?? DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES,
    ...(options.resetPasswordTemplateId === undefined ? {} : { resetPasswordTemplateId: options.resetPasswordTemplateId }),
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  };
}

/**
 * `/login/callback/web` with the return context (SPEC §2, §4). The session itself goes through
 * this tab's storage (`writeSessionHandoff`), never the address.
 */
export function webCallbackPath(context: ReturnContext): SafePath {
  return withReturnContext(WEB_CALLBACK_PATH, context);
}
