import { authError, fail, type Result } from '../domain/errors/auth-error';
import type { CallOptions } from '../ports/call-options';
import type { MagicLinksPort } from '../ports/magic-links.port';
import type { ProviderSession } from '../ports/session.port';

/** Exchanges a magic-link token for a session. */
export const authenticateMagicLink =
  ({ magicLinks }: { readonly magicLinks: MagicLinksPort }) =>
  async (token: string, sessionDurationMinutes: number, options?: CallOptions): Promise<Result<ProviderSession>> => {
    if (token.trim() === '') return fail(authError('missing_token'));
    return magicLinks.authenticate(token, sessionDurationMinutes, options);
  };
