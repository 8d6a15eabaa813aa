import { CLIENT_ERROR_CODES, authError, fail, type Result } from '../domain/errors/auth-error';
import type { AuthProviderPort, ProviderSession } from '../ports/auth-provider.port';

/** Exchanges a magic-link token for a session. */
export const authenticateMagicLink =
  ({ auth }: { readonly auth: AuthProviderPort }) =>
  async (token: string, sessionDurationMinutes: number): Promise<Result<ProviderSession>> => {
    if (token.trim() === '') return fail(authError(CLIENT_ERROR_CODES.missingToken));
    return auth.authenticateMagicLink(token, sessionDurationMinutes);
  };
