import type { AuthError } from '../../../domain/errors/auth-error';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import type { KeyedEffect } from '../../../flows/flow-runner';

/** The passkeys product's screens, one state per screen (keyed by `screen`). */
export type PasskeysState = { readonly screen: 'start'; readonly error: MessageRef | null; readonly busy: boolean };

export type PasskeysEvent = { readonly type: 'submitted' } | { readonly type: 'failed'; readonly error: AuthError };

export type PasskeysEffect = KeyedEffect & { readonly type: 'passkeysCall' };

/** What the passkeys screens render. */
export interface PasskeysView {
  readonly screen: 'start';
  readonly error: MessageRef | null;
  readonly busy: boolean;
}
