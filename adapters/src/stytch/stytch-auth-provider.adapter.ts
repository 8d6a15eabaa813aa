import {
  type AuthProviderPort,
  type AuthUser,
  type ProjectSettings,
  type ProviderLogEvent,
  type ProviderSession,
  type Result,
  fail,
  ok,
} from '@vestibule/core';
import type * as StytchHeadless from '@stytch/vanilla-js/headless';
import type { StytchClient } from '@stytch/vanilla-js/headless';
import { mapStytchError } from './map-stytch-error';

export interface StytchAuthProviderOptions {
  /** The project's public token (`public-token-test-…` or `public-token-live-…`). */
  readonly publicToken: string;
  /**
   * Absolute base URL of the Stytch API, e.g. `http://localhost:5173/__sandbox/stytch` for the
   * sandbox. Omit to use Stytch's own test or live API, chosen by the token.
   */
  readonly apiBaseUrl?: string;
  /** How the SDK module is loaded; lazy by default so it stays out of the first load. */
  readonly loadSdk?: () => Promise<typeof StytchHeadless>;
}

type Client = StytchClient;
type StytchUser = NonNullable<ReturnType<Client['user']['getSync']>>;
type StytchSession = NonNullable<ReturnType<Client['session']['getSync']>>;

/** SPEC §9: the provider's event log sends batches of 15, or every 800 ms. */
const EVENT_BATCH_SIZE = 15;
const EVENT_FLUSH_MS = 800;

function toUser(user: StytchUser): AuthUser {
  return {
    userId: user.user_id,
    email: user.emails[0]?.email ?? null,
    roles: user.roles,
    untrustedMetadata: (user.untrusted_metadata ?? {}) as Record<string, unknown>,
  };
}

function toProviderSession(user: StytchUser | null, session: StytchSession | null): ProviderSession {
  if (!user || !session) return null;
  return { user: toUser(user), session: { sessionId: session.session_id, expiresAt: session.expires_at } };
}

function defaultApiBaseUrl(publicToken: string): string {
  return publicToken.includes('public-token-test') ? 'https://test.stytch.com' : 'https://api.stytch.com';
}

/**
 * The auth-provider port on `@stytch/vanilla-js/headless`. The SDK keeps the session in its own
 * cookies and local storage; this adapter translates calls, results and errors.
 */
export function createStytchAuthProvider(options: StytchAuthProviderOptions): AuthProviderPort {
  const apiBaseUrl = (options.apiBaseUrl ?? defaultApiBaseUrl(options.publicToken)).replace(/\/+$/, '');
  const loadSdk = options.loadSdk ?? (() => import('@stytch/vanilla-js/headless'));
  let clientPromise: Promise<Client> | null = null;
  let settingsPromise: Promise<Result<ProjectSettings>> | null = null;
  const pendingEvents: ProviderLogEvent[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | null = null;

  const client = (): Promise<Client> => {
    clientPromise ??= loadSdk().then(({ StytchClient }) => {
      const clientOptions = options.apiBaseUrl
        ? // `endpoints` is undocumented and untyped, but it is the one option that accepts an
          // http localhost URL verbatim (research/stytch-sdk.md §2).
          ({ endpoints: { testAPIURL: apiBaseUrl, liveAPIURL: apiBaseUrl } } as unknown as ConstructorParameters<typeof StytchClient>[1])
        : undefined;
      return new StytchClient(options.publicToken, clientOptions);
    });
    return clientPromise;
  };

  const attempt = async <T>(call: (stytch: Client) => Promise<T>): Promise<Result<T>> => {
    try {
      return ok(await call(await client()));
    } catch (error) {
      return fail(mapStytchError(error));
    }
  };

  const flushEvents = () => {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    const batch = pendingEvents.splice(0, pendingEvents.length);
    if (batch.length === 0) return;
    const body = batch.map((event) => ({
      telemetry: { app: { identifier: globalThis.location?.hostname ?? '' }, sdk: { identifier: 'Vestibule', version: '0.1.0' } },
      event: { public_token: options.publicToken, event_name: event.name, details: event.details },
    }));
    // Telemetry must never disturb sign-in: failures are dropped, as the SDK does.
    void fetch(`${apiBaseUrl}/sdk/v1/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => undefined);
  };

  return {
    sendMagicLink: (request) =>
      attempt(async (stytch) => {
        await stytch.magicLinks.email.loginOrCreate(request.email, {
          login_magic_link_url: request.loginRedirectUrl,
          signup_magic_link_url: request.signupRedirectUrl,
          login_expiration_minutes: request.loginExpirationMinutes,
          signup_expiration_minutes: request.signupExpirationMinutes,
        });
      }),

    authenticateMagicLink: (token, sessionDurationMinutes) =>
      attempt(async (stytch) => {
        const response = await stytch.magicLinks.authenticate(token, { session_duration_minutes: sessionDurationMinutes });
        return toProviderSession(response.user, response.session);
      }),

    revokeSession: () =>
      attempt(async (stytch) => {
        // forceClear: local cookies and state go even when the server cannot be reached.
        await stytch.session.revoke({ forceClear: true });
      }),

    subscribeSession: (listener) => {
      let active = true;
      const unsubscribers: Array<() => void> = [];
      void client().then((stytch) => {
        if (!active) return;
        const report = () => {
          if (active) listener(toProviderSession(stytch.user.getSync(), stytch.session.getSync()));
        };
        unsubscribers.push(stytch.session.onChange(report), stytch.user.onChange(report));
        report();
      });
      return () => {
        active = false;
        for (const unsubscribe of unsubscribers) unsubscribe();
      };
    },

    getProjectSettings: () => {
      settingsPromise ??= (async (): Promise<Result<ProjectSettings>> => {
        try {
          const response = await fetch(`${apiBaseUrl}/sdk/v1/projects/bootstrap/${encodeURIComponent(options.publicToken)}`);
          if (!response.ok) return fail(mapStytchError(await response.json().catch(() => null)));
          const { data } = (await response.json()) as {
            data: { email_domains?: string[]; password_config?: { luds_complexity: number; luds_minimum_count: number } | null };
          };
          return ok({
            emailDomains: data.email_domains ?? [],
            passwordConfig: data.password_config
              ? { ludsComplexity: data.password_config.luds_complexity, ludsMinimumCount: data.password_config.luds_minimum_count }
              : null,
          });
        } catch (error) {
          settingsPromise = null; // let a later call retry after a network failure
          return fail(mapStytchError(error));
        }
      })();
      return settingsPromise;
    },

    logEvent: (event) => {
      pendingEvents.push(event);
      if (pendingEvents.length >= EVENT_BATCH_SIZE) flushEvents();
      else flushTimer ??= setTimeout(flushEvents, EVENT_FLUSH_MS);
    },
  };
}
