import type { AuthError } from '../../../domain/errors/auth-error';
import type { MessageRef } from '../../../domain/i18n/message-ref';
import type { KeyedEffect } from '../../../flows/flow-runner';

/** The wallets product's screens, one state per screen (keyed by `screen`). */
export type WalletsState = { readonly screen: 'start'; readonly error: MessageRef | null; readonly busy: boolean };

export type WalletsEvent = { readonly type: 'submitted' } | { readonly type: 'failed'; readonly error: AuthError };

export type WalletsEffect = KeyedEffect & { readonly type: 'walletsCall' };

/** What the wallets screens render. */
export interface WalletsView {
  readonly screen: 'start';
  readonly error: MessageRef | null;
  readonly busy: boolean;
}
