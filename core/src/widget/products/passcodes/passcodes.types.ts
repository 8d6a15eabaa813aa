import type { AuthError } from '../../../domain/errors/auth-error';
import type { MessageKey, MessageRef } from '../../../domain/i18n/message-ref';
import type { ProductId } from '../../widget.types';
import type { RetryWindow } from '../../../domain/retry/retry-window';
import type { KeyedEffect } from '../../../flows/flow-runner';
import type { HandOffSessionEffect } from '../../../flows/session-handoff.effects';
import type { PasscodeChannel, PasscodeSignIn, SendPasscodeRequest } from '../../../ports/passcodes.port';

/**
 * SPEC §4 passcode resend control: `initial`; `sending`; `sent` ('Code sent', 2 s); then
 * `waiting` (may be resent again). 'Resend' is disabled while sending or sent.
 */
type ResendStatus = 'initial' | 'sending' | 'sent' | 'waiting';

/** SPEC §3 OTP state: where the code went and the method it is verified against. */
interface PasscodeTarget {
  readonly channel: PasscodeChannel;
  /** The e-mail address or E.164 number the code went to (SPEC `otpDestination`). */
  readonly destination: string;
  readonly methodId: string;
}

/** SPEC §2 Passcode entry, after the code went out. */
export interface PasscodeEntryState extends PasscodeTarget {
  readonly screen: 'entry';
  /** What was typed: digits only, at most 6. */
  readonly code: string;
  readonly verifying: boolean;
  /** The code the provider refused (wrong, malformed): not sent again unless it changes. */
  readonly refused: string | null;
  /**
   * A code whose verify answer was lost (network, timeout, a garbled answer): the provider may
   * have spent it, so its 'not found' then says to ask for a new one.
   */
  readonly unanswered: string | null;
  /** The message under the code input (a wrong code, a lockout, a failed resend…). */
  readonly error: MessageRef | null;
  /**
   * Epoch ms when the code expires (the countdown's end), or `null` when the request named no
   * expiry: the provider's configured one applies, unknown here, so nothing counts down.
   */
  readonly expiresAt: number | null;
  /** The code is known to have expired: the countdown ran out, or the provider said so. */
  readonly expired: boolean;
  readonly resend: ResendStatus;
  /** The wait before verifying and resending may be tried again (429 with `Retry-After`). */
  readonly retry: RetryWindow | null;
  /** Epoch ms of the last expiry-countdown tick (what `m:ss` is measured from). */
  readonly now: number;
  /** The product that handed the visitor over and is offered as the way back (SPEC §2 Passwordless choice), or `null`. */
  readonly returnTo: ProductId | null;
}

/** The passcodes product's state: the e-mail code on its way, or Passcode entry. */
export type PasscodesState =
  /** Main's e-mail form sent an e-mail code: it is on its way (Main shows it busy). */
  | { readonly screen: 'sending'; readonly channel: 'email'; readonly destination: string; readonly returnTo: ProductId | null }
  | PasscodeEntryState;

/** What the passcodes product hears: the visitor's actions and the provider's answers. */
export type PasscodesEvent =
  | { readonly type: 'sent'; readonly methodId: string }
  /** The way back to the product that handed the visitor over ('Create a password instead'). */
  | { readonly type: 'returnClicked' }
  | { readonly type: 'sendFailed'; readonly error: AuthError }
  /** The visitor typed or pasted into the code input. */
  | { readonly type: 'codeChanged'; readonly value: string }
  /** The browser read the code from an SMS (WebOTP). */
  | { readonly type: 'codeReceived'; readonly code: string }
  | { readonly type: 'verified'; readonly signIn: PasscodeSignIn }
  | { readonly type: 'verifyFailed'; readonly error: AuthError }
  | { readonly type: 'resendClicked' }
  | { readonly type: 'resent'; readonly methodId: string }
  | { readonly type: 'resendFailed'; readonly error: AuthError }
  /** 'Code sent' has been shown long enough. */
  | { readonly type: 'resendSettled' }
  /** A second of the expiry countdown (`m:ss`). */
  | { readonly type: 'tick' }
  /** A second of a `Retry-After` wait. */
  | { readonly type: 'retryTick' };

/** What the passcodes product asks for: provider calls, WebOTP, the integrator's event. */
export type PasscodesEffect =
  | (KeyedEffect & { readonly type: 'sendPasscode'; readonly request: SendPasscodeRequest; readonly purpose: 'send' | 'resend' })
  | (KeyedEffect & { readonly type: 'verifyPasscode'; readonly code: string; readonly methodId: string; readonly sessionDurationMinutes: number })
  /** Listens for the code in an incoming SMS (WebOTP), where the browser offers it. */
  | (KeyedEffect & { readonly type: 'listenForSmsCode' })
  /** Tells the integrator the sign-in finished (SPEC §2 authenticate-flow-complete). */
  | (KeyedEffect & { readonly type: 'announceCompletion'; readonly channel: PasscodeChannel })
  | HandOffSessionEffect;

/** What Passcode entry says about the code's lifetime (SPEC §2 countdown, §8 expiry, §9 m:ss). */
export type PasscodeExpiryView =
  /** `m:ss` until the code expires: the request stated the configured expiry. */
  | { readonly status: 'counting'; readonly timeLeft: string }
  /** 'Your code has expired.': the countdown ran out, or the provider said so. */
  | { readonly status: 'expired' }
  /** The request left the expiry to the provider's configuration: there is no time to show. */
  | { readonly status: 'unknown' };

/** What the passcode entry screen renders. */
export type PasscodesView =
  | { readonly screen: null }
  | {
      readonly screen: 'entry';
      readonly channel: PasscodeChannel;
      /** Where the code went, as the visitor should recognise it (a phone number formatted for reading). */
      readonly destination: string;
      readonly code: string;
      readonly verifying: boolean;
      /** The input takes no typing (verifying, or waiting out `Retry-After`). */
      readonly inputDisabled: boolean;
      readonly error: MessageRef | null;
      /** The countdown, the code's expiry, or nothing known about it. */
      readonly expiry: PasscodeExpiryView;
      readonly resend: ResendStatus;
      readonly canResend: boolean;
      /** Whole seconds until the provider takes another try (429 with `Retry-After`), or `null`. */
      readonly retryInSeconds: number | null;
      /** SPEC §2: every passcode entry of this widget is a screen of its own, with the back arrow. */
      readonly backArrow: boolean;
      /** The label of the way back to the product that handed the visitor over, or `null` (entered from Main). */
      readonly returnLabel: MessageKey | null;
    };
