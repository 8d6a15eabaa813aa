import type { AuthError } from '../../../domain/errors/auth-error';
import type { KeyedEffect } from '../../../flows/flow-runner';

/**
 * How the passkeys slot hands the product a sign-in (the `detail` of its slot action): the button
 * was pressed (the product asks the browser's sheet), or the e-mail field's autofill already
 * signed the visitor in (the product only ends it).
 */
export type PasskeysActionDetail = { readonly via: 'button' } | { readonly via: 'autofill' };

/**
 * A passkey sign-in as seen from Main: the button's request is on its way (the browser's sheet,
 * then the provider). There is no screen of its own: Main shows the button busy, and SPEC §2's
 * "passkey confirmation" is the widget's success screen.
 */
export type PasskeysState = { readonly step: 'signingIn' } | { readonly step: 'ended' };

/** What the product's one effect answers (no front end sends one: the product has no screen). */
export type PasskeysEvent = { readonly type: 'signedIn' } | { readonly type: 'signInFailed'; readonly error: AuthError };

/** SPEC §7 "webauthn authenticate" from the button (the browser's sheet, no conditional mediation). */
export type PasskeysEffect = KeyedEffect & { readonly type: 'authenticate'; readonly sessionDurationMinutes: number };

/** What the product renders: nothing of its own (Main stays on screen, its passkey button busy). */
export interface PasskeysView {
  readonly screen: null;
}
