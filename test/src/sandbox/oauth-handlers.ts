// OAuth sign-in as @stytch/vanilla-js 6.3.0 drives it (research/stytch-sdk.md §4, §8.3):
// - GET /v1/public/oauth/:provider/start is a top-level navigation; the sandbox answers with its
//   own page standing in for the provider (./oauth-provider-page);
// - that page posts to /v1/public/oauth/:provider/complete, which sends the visitor to the
//   redirect URL with `stytch_token_type=oauth&token=…` (./oauth-tokens);
// - POST /sdk/v1/oauth/authenticate redeems the token once (also One Tap's).
// Registered by ./sdk-handlers, behind its fault injection; the SDK path behind its domain and
// product checks too (the start checks token and product itself: it carries no SDK headers).

import type { RequestHandler } from 'msw';
import type { JsonObject, StytchEmail, StytchOAuthFactor, StytchOAuthProvider } from './model';
import { issueOAuthToken, withOAuthToken } from './oauth-tokens';
import { isOAuthProvider, providerPageResponse, renderProviderErrorPage, renderProviderPage } from './oauth-provider-page';
import type { SdkCaller } from './password-handlers';
import { assertPkce } from './pkce';
import { defaultRedirectUrl, isRegisteredRedirectUrl } from './project';
import { type SandboxContext, route } from './routing';
import { assertSessionDuration, signIn } from './sessions';
import type { UserRecord } from './state';
import { createUser, findUserByEmail, validEmail } from './users';
import { SandboxError, base64UrlEncodeText, dataResponse, optionalNumber, optionalString, randomToken, readJsonObject, toIso } from './wire';

/** How long the provider page stays usable (a real provider's sign-in page expires too). */
export const OAUTH_START_MINUTES = 30;
/** The provider's access token lifetime reported in `provider_values.expires_at`. */
const PROVIDER_TOKEN_MINUTES = 60;
const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
const PROVIDER_PARAM_PREFIX = 'provider_';
/** The provider page lists this many accounts, newest first; a search finds the rest (issue 16). */
const NEWEST_ACCOUNTS_SHOWN = 5;
/** A search's matches shown at most, so a broad one cannot make the page thousands of pixels tall again. */
const MATCHING_ACCOUNTS_SHOWN = 20;

/** A start the provider page is showing, by its one-time `state` id. */
interface PendingStart {
  provider: string;
  codeChallenge: string | null;
  customScopes: string[];
  providerParams: Record<string, string>;
  loginUrl: URL;
  signupUrl: URL;
  expiresAt: number;
}

export interface OAuthPaths {
  /** The SDK API pattern (`*\/__sandbox/stytch/sdk/v1`). */
  sdk: string;
  /** The Stytch mount pattern (`*\/__sandbox/stytch`); the public endpoints live under it. */
  mount: string;
}

const redirectKey = (type: 'login' | 'signup') => `${type}_redirect_url`;

function randomDigits(count: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(count)), (byte) => String(byte % 10)).join('');
}

/** An unsigned JWT-shaped ID token: the SDK hands it over untouched and nothing may trust it. */
function idToken(provider: string, subject: string, email: string, at: number): string {
  const header = base64UrlEncodeText(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const claims = base64UrlEncodeText(JSON.stringify({ iss: `sandbox-${provider}`, sub: subject, email, iat: Math.floor(at / 1000) }));
  return `${header}.${claims}.`;
}

export function createOAuthHandlers(ctx: SandboxContext, paths: OAuthPaths, caller: SdkCaller): RequestHandler[] {
  const { state, now } = ctx;
  // Per handler set, not in SandboxState: a reset leaves open provider pages usable until they expire.
  const pending = new Map<string, PendingStart>();

  function assertPublicToken(token: string | null): void {
    if (token === null || token === '') throw new SandboxError(400, 'public_token_required', 'Send public_token in the query string.');
    if (!token.startsWith(ctx.publicTokenPrefix)) {
      throw new SandboxError(401, 'public_token_not_found', `The sandbox only accepts public tokens starting with "${ctx.publicTokenPrefix}".`);
    }
  }

  /** The redirect URL of `type` from the start's query, else the project's default for the page. */
  function redirectUrl(query: URLSearchParams, type: 'login' | 'signup', page: URL): URL {
    const key = redirectKey(type);
    const raw = query.get(key);
    if (raw === null || raw === '') {
      const fallback = defaultRedirectUrl(state.project, type, page);
      if (fallback) return fallback;
      const none = state.project.redirect_urls[type].length === 0;
      throw new SandboxError(
        400,
        none ? `no_${type}_redirect_urls_set` : `no_default_${type}_redirect_url_set`,
        `Send ${key}: the project has no default ${type} redirect URL for this page. Register one with PUT /__sandbox/api/project (redirect_urls.${type}).`,
      );
    }
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new SandboxError(400, `invalid_${type}_oauth_url`, `${key} must be an absolute http(s) URL.`);
    }
    if (!isRegisteredRedirectUrl(state.project, type, url)) {
      throw new SandboxError(
        400,
        'no_match_for_provided_oauth_url',
        `The ${key} does not match any ${type} redirect URL registered for this project. Register it with PUT /__sandbox/api/project (redirect_urls.${type}).`,
      );
    }
    return url;
  }

  function pageFor(
    request: Request,
    provider: string,
    id: string,
    start: PendingStart,
    options: { typed?: { value: string; error: string }; search?: string } = {},
  ): Response {
    const { typed, search } = options;
    const path = new URL(request.url).pathname;
    // Newest first: the user a developer just seeded or signed up is the one they want.
    const all = [...state.users.values()].reverse().flatMap((record) => record.user.emails.map((email) => email.email));
    const needle = search?.toLowerCase();
    const matching = needle === undefined ? all : all.filter((email) => email.toLowerCase().includes(needle));
    const page = renderProviderPage({
      provider,
      state: id,
      action: path.replace(/\/(start|complete|choose)$/, '/complete'),
      choose: path.replace(/\/(start|complete|choose)$/, '/choose'),
      accounts: matching.slice(0, search === undefined ? NEWEST_ACCOUNTS_SHOWN : MATCHING_ACCOUNTS_SHOWN),
      accountCount: matching.length,
      scopes: start.customScopes,
      ...(search === undefined ? {} : { search }),
      ...(typed ? { typed: typed.value, typedError: typed.error } : {}),
    });
    return providerPageResponse(page, typed ? 400 : 200);
  }

  const see = (location: string): Response =>
    new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });

  function forget(expiredBefore: number): void {
    for (const [id, start] of pending) if (start.expiresAt < expiredBefore) pending.delete(id);
  }

  /** The user the token names (created on first sign-in, verified: the provider vouched for the address), and its e-mail entry. */
  function userFor(email: string, at: number): { user: UserRecord; email: StytchEmail | undefined; created: boolean } {
    const found = findUserByEmail(state, email);
    if (found) return { user: found.record, email: found.email, created: false };
    const user = createUser(state, at, { email, emailVerified: true });
    return { user, email: user.user.emails[0], created: true };
  }

  function registrationFor(user: UserRecord, provider: string): StytchOAuthProvider {
    const known = user.user.providers.find((entry) => entry.provider_type === provider);
    if (known) return known;
    const entry: StytchOAuthProvider = {
      provider_type: provider,
      provider_subject: `1${randomDigits(20)}`,
      profile_picture_url: '',
      locale: 'en',
      oauth_user_registration_id: `oauth-user-registration-test-${crypto.randomUUID()}`,
    };
    user.user.providers.push(entry);
    return entry;
  }

  return [
    route('get', `${paths.mount}/v1/public/oauth/:provider/start`, (request, params) => {
      const provider = typeof params['provider'] === 'string' ? params['provider'] : '';
      if (!isOAuthProvider(provider)) {
        throw new SandboxError(400, 'invalid_oauth_provider', `The sandbox emulates no OAuth provider "${provider}".`);
      }
      const url = new URL(request.url);
      const query = url.searchParams;
      assertPublicToken(query.get('public_token'));
      if (!state.project.sdk_products.oauth) {
        throw new SandboxError(
          403,
          'endpoint_not_authorized_for_sdk',
          'oauth is not enabled in this project\'s SDK configuration. Enable it with PUT /__sandbox/api/project (sdk_products.oauth).',
        );
      }
      // A navigation carries no SDK headers; the sandbox shares the app's origin, so its own origin stands in.
      const page = caller.origin(request) ?? new URL(url.origin);
      const loginUrl = redirectUrl(query, 'login', page);
      const signupUrl = redirectUrl(query, 'signup', page);
      const providerParams: Record<string, string> = {};
      for (const [key, value] of query) {
        if (key.startsWith(PROVIDER_PARAM_PREFIX) && key.length > PROVIDER_PARAM_PREFIX.length) providerParams[key.slice(PROVIDER_PARAM_PREFIX.length)] = value;
      }
      const challenge = query.get('code_challenge');
      const at = now();
      forget(at);
      const start: PendingStart = {
        provider,
        codeChallenge: challenge === null || challenge === '' ? null : challenge,
        customScopes: (query.get('custom_scopes') ?? '').split(/\s+/).filter((scope) => scope !== ''),
        providerParams,
        loginUrl,
        signupUrl,
        expiresAt: at + OAUTH_START_MINUTES * 60_000,
      };
      const id = randomToken();
      pending.set(id, start);
      return pageFor(request, provider, id, start);
    }),

    // The provider page's account search: a GET form, so no script is needed (the page's CSP allows none).
    route('get', `${paths.mount}/v1/public/oauth/:provider/choose`, (request, params) => {
      const provider = typeof params['provider'] === 'string' ? params['provider'] : '';
      const query = new URL(request.url).searchParams;
      const id = query.get('state') ?? '';
      const start = pending.get(id);
      if (!start || start.provider !== provider || now() > start.expiresAt) {
        return providerPageResponse(renderProviderErrorPage(provider, 'This sign-in attempt is unknown, expired or already finished.'), 400);
      }
      const search = (query.get('search') ?? '').trim();
      return pageFor(request, provider, id, start, search === '' ? {} : { search });
    }),

    // The provider page's forms (plain HTML, so errors are pages too, never JSON).
    route('post', `${paths.mount}/v1/public/oauth/:provider/complete`, async (request, params) => {
      const provider = typeof params['provider'] === 'string' ? params['provider'] : '';
      const refuse = (message: string): Response => providerPageResponse(renderProviderErrorPage(provider, message), 400);
      const type = (request.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/x-www-form-urlencoded') return refuse('The provider page sends its forms as application/x-www-form-urlencoded.');
      const form = new URLSearchParams(await request.text());
      const id = form.get('state') ?? '';
      const start = pending.get(id);
      const at = now();
      if (!start || start.provider !== provider || at > start.expiresAt) {
        return refuse('This sign-in attempt is unknown, expired or already finished.');
      }
      const issue = (email: string, outcome: 'granted' | 'cancelled'): string =>
        issueOAuthToken(state, at, {
          provider,
          email,
          outcome,
          via: 'redirect',
          codeChallenge: start.codeChallenge,
          customScopes: start.customScopes,
          providerParams: start.providerParams,
        });

      const action = form.get('action');
      if (action === 'cancel') {
        pending.delete(id);
        return see(withOAuthToken(start.loginUrl, issue('', 'cancelled')));
      }
      if (action !== 'account' && action !== 'other') return refuse('The form did not say what to do.');
      const typed = form.get('email') ?? '';
      let email: string;
      try {
        email = validEmail(typed);
      } catch {
        return pageFor(request, provider, id, start, { typed: { value: typed, error: 'Enter an email address like name@example.com.' } });
      }
      pending.delete(id);
      // As with magic links: active users go to the login URL, new and pending ones to the sign-up URL.
      const found = findUserByEmail(state, email);
      const target = found && found.record.user.status !== 'pending' ? start.loginUrl : start.signupUrl;
      return see(withOAuthToken(target, issue(email, 'granted')));
    }),

    route('post', `${paths.sdk}/oauth/authenticate`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const duration = optionalNumber(body, 'session_duration_minutes');
      assertSessionDuration(duration, state.project.session_duration_minutes);
      const verifier = optionalString(body, 'code_verifier');
      const at = now();
      const token = optionalString(body, 'token');
      const record = token === undefined ? undefined : state.oauthTokens.get(token);
      if (!record || record.usedAt !== null || at > record.expiresAt) {
        throw new SandboxError(404, 'oauth_token_not_found', 'The OAuth token could not be found: it is unknown, already used or expired. Start the sign-in again.');
      }
      // Consumed by every attempt, as Stytch does: a failed proof cannot be retried with the same token.
      record.usedAt = at;
      if (record.outcome === 'cancelled') {
        throw new SandboxError(400, 'oauth_flow_callback_error', 'The OAuth flow did not finish: the visitor cancelled at the provider.');
      }
      // One Tap has no PKCE; a verifier the SDK sends from an older redirect start is ignored then.
      if (record.codeChallenge !== null) await assertPkce(record.codeChallenge, verifier, 'OAuth flow');

      const { user, email, created } = userFor(record.email, at);
      const registration = registrationFor(user, record.provider);
      // Object.assign: a computed key widens to `string`, which the factor's named key does not take.
      const factor: StytchOAuthFactor = Object.assign(
        { type: 'oauth' as const, delivery_method: `oauth_${record.provider}` as const, last_authenticated_at: toIso(at) },
        {
          [`${record.provider}_oauth_factor`]: {
            id: registration.oauth_user_registration_id,
            email_id: email?.email_id ?? '',
            provider_subject: registration.provider_subject,
          },
        },
      );
      const signedIn = signIn(state, request, at, { user, factor, proved: email, durationMinutes: duration });
      const providerValues: JsonObject = {
        access_token: `sandbox-access-${randomToken()}`,
        id_token: idToken(record.provider, registration.provider_subject, record.email, at),
        refresh_token: `sandbox-refresh-${randomToken()}`,
        scopes: [...new Set([...DEFAULT_SCOPES, ...record.customScopes])],
        expires_at: toIso(at + PROVIDER_TOKEN_MINUTES * 60_000),
      };
      return dataResponse({
        ...signedIn,
        provider_subject: registration.provider_subject,
        provider_type: registration.provider_type,
        profile_picture_url: registration.profile_picture_url,
        locale: registration.locale,
        provider_values: providerValues,
        oauth_user_registration_id: registration.oauth_user_registration_id,
        user_created: created,
        reset_sessions: false,
      });
    }),
  ];
}
