import type { AuthError } from '../../../domain/errors/auth-error';
import type { MessageKey, MessageRef } from '../../../domain/i18n/message-ref';
import type { MailShortcut } from '../../../domain/mail/mail-shortcuts';
import type { RetryWindow } from '../../../domain/retry/retry-window';
import type { KeyedEffect } from '../../../flows/flow-runner';
import type { SendMagicLinkRequest } from '../../../ports/magic-links.port';
import type { ProductId } from '../../widget.types';

/** SPEC §2/§4: sending from Main, then the E-mail confirmation screen. */
export type MagicLinkState =
  | { readonly screen: 'sending'; readonly email: string; readonly returnTo: ProductId | null }
  | {
      readonly screen: 'confirmation';
      /** The stored magic-link e-mail (SPEC §3 form state). */
      readonly email: string;
      /** The product that handed the visitor over and is offered as the way back (SPEC §2 Passwordless choice). */
      readonly returnTo: ProductId | null;
      readonly resending: boolean;
      readonly error: MessageRef | null;
      /** The wait before 'Resend email' may be used again (429 with `Retry-After`). */
      readonly retry: RetryWindow | null;
      /** The cooldown after a resend, so presses in a row send one e-mail (issue 16 §18). */
      readonly cooldown: RetryWindow | null;
    };

export type MagicLinkEvent =
  | { readonly type: 'sent'; readonly email: string }
  | { readonly type: 'sendFailed'; readonly error: AuthError }
  | { readonly type: 'resendClicked' }
  | { readonly type: 'resent' }
  | { readonly type: 'resendFailed'; readonly error: AuthError }
  | { readonly type: 'tryAgainClicked' }
  /** The way back to the product that handed the visitor over ('Create a password instead'). */
  | { readonly type: 'returnClicked' }
  | { readonly type: 'tick' };

export type MagicLinkEffect = KeyedEffect & { readonly type: 'sendMagicLink'; readonly request: SendMagicLinkRequest; readonly purpose: 'send' | 'resend' };

/** What the E-mail confirmation screen renders. */
export interface MagicLinkView {
  readonly screen: 'confirmation' | null;
  readonly email: string;
  readonly mailShortcuts: readonly MailShortcut[];
  readonly resending: boolean;
  readonly error: MessageRef | null;
  /** Whole seconds until 'Resend email' may be used again after a 429, or `null`. */
  readonly retryInSeconds: number | null;
  /** Whole seconds left of the cooldown after a resend, or `null`. */
  readonly resendInSeconds: number | null;
  /** The label of the way back to the product that handed the visitor over, or `null` (entered from Main). */
  readonly returnLabel: MessageKey | null;
}
