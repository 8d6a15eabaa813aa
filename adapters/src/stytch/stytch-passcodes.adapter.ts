import { CLIENT_ERROR_CODES, authError, fail, ok, type PasscodeSignIn, type PasscodesPort, type Result, type SendPasscodeRequest } from '@vestibule/core';
import type { StytchClient } from '@stytch/vanilla-js/headless';
import type { StytchRuntime } from './stytch-client';

/** The wire path of each channel's send, for the runtime's Retry-After observation. */
const SEND_PATHS: Record<SendPasscodeRequest['channel'], string> = {
  email: '/sdk/v1/otps/email/login_or_create',
  sms: '/sdk/v1/otps/sms/login_or_create',
  whatsapp: '/sdk/v1/otps/whatsapp/login_or_create',
};

const invalidResponse = (what: string) => fail<never>(authError(CLIENT_ERROR_CODES.invalidResponse, { cause: `the provider answered a passcode call without ${what}` }));

type EmailOptions = NonNullable<Parameters<StytchClient['otps']['email']['loginOrCreate']>[1]>;
type SmsOptions = NonNullable<Parameters<StytchClient['otps']['sms']['loginOrCreate']>[1]>;

/**
 * Only the options the request sets, so the SDK sends nothing it was not given. The SDK's types
 * require `expiration_minutes`, but it spreads the options into the body as they are: without
 * one, the project's default expiry applies, which is what a request without one means.
 */
function phoneOptions(request: SendPasscodeRequest): SmsOptions {
  return {
    ...(request.expirationMinutes === undefined ? {} : { expiration_minutes: request.expirationMinutes }),
    ...(request.locale === undefined ? {} : { locale: request.locale }),
  } as SmsOptions;
}

function emailOptions(request: SendPasscodeRequest): EmailOptions {
  return {
    ...phoneOptions(request),
    ...(request.loginTemplateId === undefined ? {} : { login_template_id: request.loginTemplateId }),
    ...(request.signupTemplateId === undefined ? {} : { signup_template_id: request.signupTemplateId }),
  };
}

function loginOrCreate(stytch: StytchClient, request: SendPasscodeRequest): Promise<{ method_id?: unknown }> {
  switch (request.channel) {
    case 'email':
      return stytch.otps.email.loginOrCreate(request.destination, emailOptions(request));
    case 'sms':
      return stytch.otps.sms.loginOrCreate(request.destination, phoneOptions(request));
    case 'whatsapp':
      return stytch.otps.whatsapp.loginOrCreate(request.destination, phoneOptions(request));
  }
}

/**
 * One-time passcodes on the Stytch SDK: `otps.{email,sms,whatsapp}.loginOrCreate` send a code
 * (creating the user if new) and answer the `method_id` to verify against; `otps.authenticate`
 * verifies it, and the SDK stores the session it returns (cookies, state).
 */
export function createStytchPasscodesAdapter(runtime: StytchRuntime): PasscodesPort {
  return {
    send: async (request, options) => {
      const result = await runtime.call(SEND_PATHS[request.channel], options, async (stytch) => (await loginOrCreate(stytch, request)).method_id);
      if (!result.ok) return result;
      return typeof result.value === 'string' && result.value !== '' ? ok({ methodId: result.value }) : invalidResponse('a method_id');
    },

    verify: async (code, methodId, sessionDurationMinutes, options): Promise<Result<PasscodeSignIn>> => {
      const result = await runtime.call('/sdk/v1/otps/authenticate', options, async (stytch) => {
        const response = await stytch.otps.authenticate(code, methodId, { session_duration_minutes: sessionDurationMinutes });
        const session = runtime.sessionReader.read(response.user, response.session);
        const sessionToken: unknown = response.session_token;
        return session === null || typeof sessionToken !== 'string' || sessionToken === '' ? null : { session, sessionToken };
      });
      if (!result.ok) return result;
      return result.value === null ? invalidResponse('a user, a session and its token') : ok(result.value);
    },
  };
}
