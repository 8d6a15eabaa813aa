import { fail, ok, type ProviderSession, type SessionPort } from '@vestibule/core';
import type { StytchClient } from '@stytch/vanilla-js/headless';
import type { StytchRuntime } from './stytch-client';
import { clearSessionCookies } from './stytch-session-cookies';

/**
 * Error types after which the SDK itself drops the local session (its UNRECOVERABLE_ERROR_TYPES,
 * research/stytch-sdk.md §3): the provider has answered "no session", which `check` reports as
 * `null` rather than as a failure.
 */
const SESSION_REJECTED = new Set(['unauthorized_credentials', 'user_unauthenticated', 'invalid_secret_authentication', 'session_not_found']);

/** The whole report: a role or metadata change (say, written by another tab) is a change too. */
const keyOf = (session: ProviderSession) => JSON.stringify(session);

/** The SDK holds a session or its cookie, so asking the provider makes sense. */
const hasStoredSession = (stytch: StytchClient) => stytch.session.getTokens() !== null || stytch.session.getSync() !== null;

/**
 * The session port on the Stytch SDK. The SDK owns the cookies; the core's session policy owns
 * the refresh, which is `check` (the SDK's own refresher is off: stytch-sdk-refresher.ts). This
 * adapter asks, bridges change notifications (this tab's and, through the SDK's storage listener,
 * other tabs') and revokes.
 */
export function createStytchSessionAdapter(runtime: StytchRuntime): SessionPort {
  return {
    check: async (options) => {
      const result = await runtime.call('/sdk/v1/sessions/authenticate', options, async (stytch) => {
        if (!hasStoredSession(stytch)) return null;
        const response = await stytch.session.authenticate();
        return runtime.sessionReader.read(response.user, response.session);
      });
      if (!result.ok && result.error.providerType !== undefined && SESSION_REJECTED.has(result.error.providerType)) return ok(null);
      return result;
    },

    adopt: async (sessionToken, options) => {
      const result = await runtime.call('/sdk/v1/sessions/authenticate', options, async (stytch) => {
        // `updateSession` only writes the session cookie (the SDK's documented way to hydrate a
        // session minted elsewhere); the authenticate that follows sends it, and its answer
        // stores the session, the user and a fresh JWT. There is no JWT to hand over: the SDK
        // writes one cookie per token, and a missing JWT would be written as the text "undefined".
        stytch.session.updateSession({ session_token: sessionToken, session_jwt: '' });
        const response = await stytch.session.authenticate();
        return runtime.sessionReader.read(response.user, response.session);
      });
      // A rejected token: the SDK has already dropped it (its unrecoverable types), so signed out.
      if (!result.ok && result.error.providerType !== undefined && SESSION_REJECTED.has(result.error.providerType)) return ok(null);
      return result;
    },

    subscribe: (listener) => {
      let active = true;
      let lastKey: string | null = null;
      const unsubscribers: Array<() => void> = [];
      // Attaching waits for the client, so the listener is never called synchronously.
      void runtime.client().then(
        (stytch) => {
          if (!active) return;
          const report = () => {
            if (!active) return;
            // What the SDK holds may be junk it read at start; the reader makes that signed out.
            const session = runtime.sessionReader.read(stytch.user.getSync(), stytch.session.getSync());
            // Session and user notify separately for one change; report it once.
            const key = keyOf(session);
            if (key === lastKey) return;
            lastKey = key;
            listener(session);
          };
          unsubscribers.push(stytch.session.onChange(report), stytch.user.onChange(report));
        },
        () => undefined, // without the SDK there is nothing to report; calls report the failure
      );
      return () => {
        active = false;
        for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      };
    },

    revoke: async (options) => {
      const stytch = runtime.current ?? (await runtime.client().catch(() => null));
      // Nothing stored: there is nothing to end, and the provider would only answer 401.
      if (stytch !== null && !hasStoredSession(stytch)) return ok(undefined);
      // forceClear: local cookies and state go even when the provider cannot be reached.
      const result = await runtime.call('/sdk/v1/sessions/revoke', options, (client) => client.session.revoke({ forceClear: true }));
      if (result.ok) return ok(undefined);
      // The SDK clears its state only once the revoke answers; one that hangs past our timeout
      // would leave the visitor signed in on the next page. The session cookie is the SDK's source
      // of truth (without it the next client starts signed out), so it goes now.
      clearSessionCookies(runtime.cookies);
      return fail(result.error);
    },
  };
}
