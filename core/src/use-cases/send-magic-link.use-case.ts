import { authError, fail, type Result } from '../domain/errors/auth-error';
import { validateEmail } from '../domain/validation/email';
import type { AuthProviderPort, SendMagicLinkRequest } from '../ports/auth-provider.port';

/**
 * Sends a sign-in (or sign-up) magic link, validating the address first so a bad one never
 * reaches the provider. Usable without the login flow.
 */
export const sendMagicLink =
  ({ auth }: { readonly auth: AuthProviderPort }) =>
  async (request: SendMagicLinkRequest): Promise<Result<void>> => {
    if (validateEmail(request.email, 'magicLink') !== null) return fail(authError('invalid_email'));
    return auth.sendMagicLink({ ...request, email: request.email.trim() });
  };
