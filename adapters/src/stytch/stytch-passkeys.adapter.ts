import { authError, fail, type PasskeysPort } from '@vestibule/core';
import type { StytchRuntime } from './stytch-client';

/** What a method this adapter does not call the SDK for yet answers: a failure that says so (its text is shown). */
const notWired = (method: string) =>
  authError('provider_error', { providerType: 'not_wired', serverMessage: `passkeys.${method} is not wired to the Stytch SDK yet (adapters/src/stytch/stytch-passkeys.adapter.ts).` });

/**
 * Passkeys on the Stytch SDK: `authenticate` through `webauthn.authenticate`. The other methods
 * are not wired yet (`pnpm new:flow passkeys` wrote this adapter) and say so.
 */
export function createStytchPasskeysAdapter(runtime: StytchRuntime): PasskeysPort {
  return {
    authenticate: (request, options) =>
      runtime.call('/sdk/v1/webauthn/authenticate/start/primary', options, async (stytch) => {
        const response = await stytch.webauthn.authenticate({
          session_duration_minutes: request.sessionDurationMinutes,
          is_passkey: true,
          conditional_mediation: request.conditionalMediation,
        });
        // null: the browser offers no passkey autofill (conditional mediation), so nothing was asked.
        if (response === null) throw new Error('This browser offers no passkey autofill');
        return runtime.sessionReader.read(response.user, response.session);
      }),
    register: () => Promise.resolve(fail(notWired('register'))),
    list: () => Promise.resolve(fail(notWired('list'))),
    rename: () => Promise.resolve(fail(notWired('rename'))),
    remove: () => Promise.resolve(fail(notWired('remove'))),
  };
}
