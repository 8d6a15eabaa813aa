import type { AuthError } from '../../domain/errors/auth-error';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { RetryWindow } from '../../domain/retry/retry-window';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { PasskeyRegistration } from '../../ports/passkeys.port';
import type { CommonEffect } from '../common-effects';

/** What `/account/passkeys` is opened with (for a signed-in user: the page checks the session). */
export interface PasskeyRegistrationInput {
  /** Asked of the provider with each new passkey (registering extends the session). */
  readonly sessionDurationMinutes: number;
  /** Where 'Done' leads. */
  readonly donePath: SafePath;
}

/** SPEC §3 editing state of the passkey list: one row at a time is edited or deleted. */
export type PasskeyRowEditing =
  | { readonly mode: 'viewing' }
  | {
      readonly mode: 'editing';
      readonly id: string;
      readonly newName: string;
      /** Why Save was refused (an empty name), shown next to the field. */
      readonly error: MessageRef | null;
      /** The rename is on its way. */
      readonly saving: boolean;
    }
  | {
      readonly mode: 'deleting';
      readonly id: string;
      /** The deletion was confirmed and is on its way. */
      readonly removing: boolean;
    };

/** The user's passkeys as the success screen knows them. */
type PasskeyListLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly passkeys: readonly PasskeyRegistration[] }
  | { readonly status: 'failed'; readonly error: MessageRef; readonly retry: RetryWindow | null };

/** The success screen's list: what is loaded and which row is edited. */
export interface PasskeyListState {
  readonly load: PasskeyListLoad;
  readonly editing: PasskeyRowEditing;
}

/** SPEC §2 passkey registration: the start screen, then the success screen with the list. */
export type PasskeyRegistrationState =
  | {
      readonly screen: 'start';
      readonly input: PasskeyRegistrationInput;
      /** The browser's sheet and the provider's calls are on their way. */
      readonly creating: boolean;
      readonly error: MessageRef | null;
      /** The wait before 'Create a Passkey' may be used again (429 with `Retry-After`). */
      readonly retry: RetryWindow | null;
    }
  | {
      readonly screen: 'success';
      readonly input: PasskeyRegistrationInput;
      /** A passkey was just created (not skipped). */
      readonly created: boolean;
      readonly list: PasskeyListState;
    };

/** Events of the success screen's list. */
export type PasskeyListEvent =
  | { readonly type: 'listLoaded'; readonly passkeys: readonly PasskeyRegistration[] }
  | { readonly type: 'listFailed'; readonly error: AuthError }
  | { readonly type: 'listRetryClicked' }
  | { readonly type: 'listTick' }
  | { readonly type: 'editClicked'; readonly id: string }
  | { readonly type: 'nameChanged'; readonly value: string }
  | { readonly type: 'saveClicked' }
  | { readonly type: 'cancelClicked' }
  | { readonly type: 'renamed'; readonly id: string; readonly name: string }
  | { readonly type: 'renameFailed'; readonly id: string; readonly error: AuthError }
  | { readonly type: 'deleteClicked'; readonly id: string }
  | { readonly type: 'deleteConfirmed' }
  | { readonly type: 'removed'; readonly id: string }
  | { readonly type: 'removeFailed'; readonly id: string; readonly error: AuthError };

export type PasskeyRegistrationEvent =
  | { readonly type: 'createClicked' }
  | { readonly type: 'skipClicked' }
  | { readonly type: 'registered'; readonly passkey: PasskeyRegistration }
  | { readonly type: 'registerFailed'; readonly error: AuthError }
  | { readonly type: 'tick' }
  | { readonly type: 'setUpAnotherClicked' }
  | { readonly type: 'doneClicked' }
  | PasskeyListEvent;

/** The success screen's calls. */
type PasskeyListEffect =
  | { readonly type: 'loadPasskeys'; readonly key: string }
  | { readonly type: 'renamePasskey'; readonly key: string; readonly id: string; readonly name: string }
  | { readonly type: 'removePasskey'; readonly key: string; readonly id: string };

export type PasskeyRegistrationEffect =
  | { readonly type: 'registerPasskey'; readonly key: string; readonly sessionDurationMinutes: number }
  | PasskeyListEffect
  | CommonEffect<PasskeyRegistrationEvent>;

/** A row of the list, as it renders. */
export type PasskeyRowView =
  | {
      readonly id: string;
      readonly name: string;
      readonly mode: 'viewing';
      /** Another row is being edited or deleted (SPEC §4: the others are disabled meanwhile). */
      readonly disabled: boolean;
    }
  | {
      readonly id: string;
      readonly name: string;
      readonly mode: 'editing';
      readonly newName: string;
      readonly error: MessageRef | null;
      readonly saving: boolean;
    }
  | { readonly id: string; readonly name: string; readonly mode: 'deleting'; readonly removing: boolean };

export type PasskeyListView =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: MessageRef; readonly canRetry: boolean; readonly retryInSeconds: number | null }
  | { readonly status: 'loaded'; readonly rows: readonly PasskeyRowView[] };

/** What `/account/passkeys` renders once the user is known to be signed in. */
export type PasskeyRegistrationView =
  | {
      readonly screen: 'start';
      readonly creating: boolean;
      readonly canCreate: boolean;
      readonly error: MessageRef | null;
      readonly retryInSeconds: number | null;
    }
  | { readonly screen: 'success'; readonly created: boolean; readonly list: PasskeyListView };
