import { authError, fail, type Result } from '../domain/errors/auth-error';
import { validateEmail } from '../domain/validation/email';
import type { CallOptions } from '../ports/call-options';
import type { MagicLinksPort, SendMagicLinkRequest } from '../ports/magic-links.port';

/**
 * Sends a sign-in (or sign-up) magic link, validating the address first so a bad one never
 * reaches the provider. Usable without the login widget.
 */
export const sendMagicLink =
  ({ magicLinks }: { readonly magicLinks: MagicLinksPort }) =>
  async (request: SendMagicLinkRequest, options?: CallOptions): Promise<Result<void>> => {
    if (validateEmail(request.email, 'magicLink') !== null) return fail(authError('invalid_email'));
    return magicLinks.send({ ...request, email: request.email.trim() }, options);
  };
