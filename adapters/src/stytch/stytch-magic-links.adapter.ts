import type { MagicLinksPort } from '@vestibule/core';
import type { StytchRuntime } from './stytch-client';

/** E-mail magic links on the Stytch SDK (`magicLinks.email.loginOrCreate`, `magicLinks.authenticate`). */
export function createStytchMagicLinksAdapter(runtime: StytchRuntime): MagicLinksPort {
  return {
    send: (request, options) =>
      runtime.call('/sdk/v1/magic_links/email/login_or_create', options, async (stytch) => {
        await stytch.magicLinks.email.loginOrCreate(request.email, {
          login_magic_link_url: request.loginRedirectUrl,
          signup_magic_link_url: request.signupRedirectUrl,
          login_expiration_minutes: request.loginExpirationMinutes,
          signup_expiration_minutes: request.signupExpirationMinutes,
        });
      }),

    authenticate: (token, sessionDurationMinutes, options) =>
      runtime.call('/sdk/v1/magic_links/authenticate', options, async (stytch) => {
        const response = await stytch.magicLinks.authenticate(token, { session_duration_minutes: sessionDurationMinutes });
        return runtime.sessionReader.read(response.user, response.session);
      }),
  };
}
