import { CLIENT_ERROR_CODES, authError, type AuthError } from '../../domain/errors/auth-error';
import { errorMessage } from '../../domain/errors/error-catalogue';
import type { MessageRef } from '../../domain/i18n/message-ref';
import type { ReturnContext } from '../../domain/redirects/safe-redirect';
import type { KeyedEffect } from '../flow-runner';

/** What the return page was opened with (read from its query string by the front end). */
export interface CallbackInput {
  readonly token: string | null;
  /** The provider's `stytch_token_type`; magic links send `magic_links`. */
  readonly tokenType: string | null;
  readonly returnContext: ReturnContext;
  readonly sessionDurationMinutes: number;
}

export type CallbackState =
  | { readonly status: 'authenticating'; readonly input: CallbackInput }
  | { readonly status: 'failed'; readonly input: CallbackInput; readonly message: MessageRef }
  | { readonly status: 'succeeded'; readonly input: CallbackInput; readonly destination: string };

export type CallbackEvent =
  | { readonly type: 'started' }
  | { readonly type: 'authenticated' }
  | { readonly type: 'authenticationFailed'; readonly error: AuthError };

export type CallbackEffect = KeyedEffect &
  (
    | { readonly type: 'authenticateMagicLink'; readonly token: string; readonly sessionDurationMinutes: number }
    | { readonly type: 'navigate'; readonly path: string }
    | { readonly type: 'reportError'; readonly error: AuthError }
  );

export const initialCallbackState = (input: CallbackInput): CallbackState => ({ status: 'authenticating', input });

const SUPPORTED_TOKEN_TYPES = new Set([null, 'magic_links', 'login']);

/** The magic-link return page: token → authenticate → session → the validated destination. */
export function callbackTransition(state: CallbackState, event: CallbackEvent): readonly [CallbackState, readonly CallbackEffect[]] {
  const { input } = state;
  switch (event.type) {
    case 'started': {
      if (state.status !== 'authenticating') return [state, []];
      if (input.token === null || input.token === '' || !SUPPORTED_TOKEN_TYPES.has(input.tokenType)) {
        const error = authError(CLIENT_ERROR_CODES.missingToken);
        return [{ status: 'failed', input, message: errorMessage(error) }, [{ type: 'reportError', error }]];
      }
      return [state, [{ type: 'authenticateMagicLink', key: 'authenticate', token: input.token, sessionDurationMinutes: input.sessionDurationMinutes }]];
    }
    case 'authenticated': {
      if (state.status !== 'authenticating') return [state, []];
      const destination = input.returnContext.redirect ?? '/';
      return [{ status: 'succeeded', input, destination }, [{ type: 'navigate', path: destination }]];
    }
    case 'authenticationFailed':
      if (state.status !== 'authenticating') return [state, []];
      return [{ status: 'failed', input, message: errorMessage(event.error) }, [{ type: 'reportError', error: event.error }]];
  }
}
