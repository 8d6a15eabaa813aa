import type { AuthError } from '../../../domain/errors/auth-error';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import type { MailShortcut } from '../../../domain/mail/mail-shortcuts';
import type { RetryWindow } from '../../../domain/retry/retry-window';
import type { PasswordFieldEffect, PasswordFieldEvent, PasswordFieldState } from '../../../flows/password-field/password-field.machine';
import type { PasswordFieldView } from '../../../flows/password-field/password-field.view';
import type { KeyedEffect } from '../../../flows/flow-runner';
import type { HandOffSessionEffect } from '../../../flows/session-handoff.effects';
import type { PasswordCredentials, PasswordSignIn, ResetByEmailStartRequest, UserType } from '../../../ports/passwords.port';

/** The passwordless way a visitor may take instead (SPEC §4): an e-mailed link or code, if configured. */
export type PasswordlessMethod = 'link' | 'code';

/** Why a reset e-mail was sent; each has its own screen (SPEC §2). */
export type ResetReason = 'forgot' | 'breached' | 'setNew' | 'dedupe';

/**
 * What a password screen is waiting for. `recover`: creation answered `duplicate_email` (an
 * earlier attempt that timed out may have created the account), so the same password signs in.
 */
type PasswordsBusy = 'submit' | 'recover' | 'reset' | null;

interface PasswordForm {
  /** SPEC §3 password state: the e-mail, read-only on these screens. */
  readonly email: string;
  readonly field: PasswordFieldState;
  readonly busy: PasswordsBusy;
  readonly error: MessageRef | null;
  /** The wait before Continue may be used again (429 with `Retry-After`). */
  readonly retry: RetryWindow | null;
}

/** SPEC §2/§4: the password screens, one state per screen. */
export type PasswordsState =
  /** Main's Continue: the e-mail is being looked up (Main shows it busy). */
  | { readonly screen: 'searching'; readonly email: string }
  /**
   * The set-password e-mail is on its way (Main shows it busy): for a passwordless user when no
   * passwordless way is configured, or one who chose 'Create a password instead'.
   */
  | { readonly screen: 'startingReset'; readonly email: string }
  /** Password creation (new user), with the create-account chooser when a passwordless method exists. */
  | ({ readonly screen: 'create' } & PasswordForm)
  /** Password login (a user with a password). */
  | ({ readonly screen: 'login' } & PasswordForm)
  /** A reset e-mail went out: forgot, breached, set new, reset required. */
  | {
      readonly screen: 'resetSent';
      readonly reason: ResetReason;
      readonly email: string;
      readonly resending: boolean;
      readonly error: MessageRef | null;
      readonly retry: RetryWindow | null;
    };

export type PasswordsEvent =
  | { readonly type: 'searched'; readonly userType: UserType }
  | { readonly type: 'searchFailed'; readonly error: AuthError }
  | PasswordFieldEvent
  | { readonly type: 'submitClicked' }
  | { readonly type: 'signedIn'; readonly signIn: PasswordSignIn }
  | { readonly type: 'signInFailed'; readonly error: AuthError }
  | { readonly type: 'forgotClicked' }
  | { readonly type: 'resetSent'; readonly reason: ResetReason }
  | { readonly type: 'resetFailed'; readonly reason: ResetReason; readonly error: AuthError }
  | { readonly type: 'resendClicked' }
  /** 'Email me a login link / code', 'Login without a password'. */
  | { readonly type: 'passwordlessClicked' }
  | { readonly type: 'tick' };

export type PasswordsEffect =
  | (KeyedEffect & { readonly type: 'searchUser'; readonly email: string })
  | (KeyedEffect & { readonly type: 'createPassword' | 'authenticatePassword'; readonly credentials: PasswordCredentials })
  | (KeyedEffect & { readonly type: 'startReset'; readonly request: ResetByEmailStartRequest; readonly reason: ResetReason })
  | HandOffSessionEffect
  | Exclude<PasswordFieldEffect, { readonly type: 'log' | 'toast' | 'reportError' | 'navigate' | 'telemetry' | 'event' | 'timer' | 'cancel' }>;

interface PasswordFormView {
  readonly email: string;
  readonly password: PasswordFieldView;
  readonly submitting: boolean;
  /** A reset e-mail is being sent from this screen. */
  readonly resetting: boolean;
  readonly canSubmit: boolean;
  readonly error: MessageRef | null;
  readonly retryInSeconds: number | null;
  /** The passwordless way offered next to the form, if any. */
  readonly passwordless: PasswordlessMethod | null;
}

/** What the password screens render. */
export type PasswordsView =
  | { readonly screen: null }
  | ({ readonly screen: 'create' } & PasswordFormView)
  | ({ readonly screen: 'login' } & PasswordFormView)
  | {
      readonly screen: 'resetSent';
      readonly reason: ResetReason;
      readonly email: string;
      readonly mailShortcuts: readonly MailShortcut[];
      readonly resending: boolean;
      readonly error: MessageRef | null;
      readonly retryInSeconds: number | null;
      readonly passwordless: PasswordlessMethod | null;
    };
