import type { AuthError } from '../../domain/errors/auth-error';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { LudsRule } from '../../domain/passwords/luds';
import type { RetryWindow } from '../../domain/retry/retry-window';
import type { ReturnContext, SafePath } from '../../domain/redirects/safe-redirect';
import type { PasswordSignIn } from '../../ports/passwords.port';
import type { CommonEffect } from '../common-effects';
import type { HandOffSessionEffect } from '../session-handoff.effects';
import type { PasswordFieldEffect, PasswordFieldEvent, PasswordFieldState } from '../password-field/password-field.machine';
import type { PasswordFieldView } from '../password-field/password-field.view';

/** What the reset page was opened with (the token already out of the address bar). */
export interface PasswordResetInput {
  readonly token: string | null;
  readonly returnContext: ReturnContext;
  readonly sessionDurationMinutes: number;
  /** The address the reset e-mail went to, when this device sent it (the link names none). */
  readonly email?: string | null;
}

/** SPEC §2 Reset password: the form, then success and the hand-off. The token stays in state, never in the view. */
export type PasswordResetState =
  | {
      readonly screen: 'form';
      readonly input: PasswordResetInput;
      readonly field: PasswordFieldState;
      readonly rule: LudsRule | null;
      readonly submitting: boolean;
      readonly error: MessageRef | null;
      /** The wait before Continue may be used again (429 with `Retry-After`). */
      readonly retry: RetryWindow | null;
    }
  | { readonly screen: 'missingToken'; readonly input: PasswordResetInput }
  | { readonly screen: 'succeeded'; readonly input: PasswordResetInput; readonly destination: SafePath };

export type PasswordResetEvent =
  | { readonly type: 'started' }
  | { readonly type: 'settingsLoaded'; readonly rule: LudsRule | null }
  | PasswordFieldEvent
  | { readonly type: 'submitClicked' }
  | { readonly type: 'signedIn'; readonly signIn: PasswordSignIn }
  | { readonly type: 'resetFailed'; readonly error: AuthError }
  | { readonly type: 'passwordlessClicked' }
  /** The visitor is signed in (a reset that timed out here went through at the provider). */
  | { readonly type: 'signedInMeanwhile' }
  | { readonly type: 'completionElapsed' }
  | { readonly type: 'tick' };

export type PasswordResetEffect =
  | { readonly type: 'loadSettings'; readonly key: string }
  | { readonly type: 'resetPassword'; readonly key: string; readonly token: string; readonly password: string; readonly sessionDurationMinutes: number }
  /** Reports once the session store says someone is signed in. */
  | { readonly type: 'watchSession'; readonly key: string }
  /** Leaves `email` for the next /login in this tab to start with. */
  | { readonly type: 'carryEmail'; readonly email: string }
  | HandOffSessionEffect
  | Exclude<PasswordFieldEffect, CommonEffect<PasswordFieldEvent>>
  | CommonEffect<PasswordResetEvent>;


/** What the reset page renders. */
export type PasswordResetView =
  | {
      readonly screen: 'form';
      readonly password: PasswordFieldView;
      readonly submitting: boolean;
      readonly canSubmit: boolean;
      readonly error: MessageRef | null;
      readonly retryInSeconds: number | null;
    }
  | { readonly screen: 'missingToken'; readonly message: MessageRef }
  | { readonly screen: 'succeeded' };
