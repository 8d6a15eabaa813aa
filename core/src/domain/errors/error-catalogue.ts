import type { MessageKey, MessageRef } from '../i18n/message-ref';
import type { AuthError, AuthErrorCode } from './auth-error';

/** Codes whose message is `error.<code>`; `provider_error` without text falls back to `error.unexpected`. */
type CataloguedCode = Exclude<AuthErrorCode, 'provider_error'>;

/**
 * SPEC §8: every error code has a message key `error.<code>` in the `errors` namespace. Checked at
 * compile time against the closed code union, so a code without a message fails the build.
 */
function errorMessageKey(code: AuthErrorCode): MessageKey {
  const key: `error.${CataloguedCode}` = `error.${code === 'provider_error' ? 'unexpected' : code}`;
  return key satisfies MessageKey;
}


/**
 * What a user is shown for an error: the catalogue's message; for a provider type outside the
 * catalogue, the provider's text (rendered as text, never HTML), else a generic message.
 */
export function errorMessage(error: AuthError): MessageRef {
  if (error.code === 'provider_error' && error.serverMessage !== undefined && error.serverMessage.trim() !== '') {
    return { text: error.serverMessage };
  }
  return { key: errorMessageKey(error.code) };
}
