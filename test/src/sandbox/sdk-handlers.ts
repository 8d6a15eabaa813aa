// The Stytch client API (`${base}/sdk/v1/*`) as the real @stytch/vanilla-js 6.3.0 client calls it.
// Shapes and error types: research/stytch-sdk.md §3, §4, §6, §9.

import type { RequestHandler } from 'msw';
import { applyFault } from './faults';
import type { JsonObject, StytchEmail } from './model';
import { SANDBOX_EMAIL_FROM, deliver } from './outbox';
import { createOAuthHandlers } from './oauth-handlers';
import { createOtpHandlers } from './otp-handlers';
import { createPasswordHandlers } from './password-handlers';
import { createWebAuthnHandlers } from './webauthn-handlers';
import { createCryptoWalletHandlers } from './crypto-wallet-handlers';
import { createIdpHandlers } from './idp-handlers';
import { assertPkce } from './pkce';
import { assertAuthorizedCaller, bootstrapSettings, callerOrigin, isRegisteredRedirectUrl, sdkProductOf } from './project';
import { takeRateLimit } from './rate-limit';
import { type SandboxContext, guard, route } from './routing';
import { assertSessionDuration, authenticateData, emailFactor, findLiveSession, signIn, touchSession } from './sessions';
import type { MagicLinkRecord, SessionRecord, UserRecord } from './state';
import { createUser, findUserByEmail, validEmail } from './users';
import {
  SandboxError,
  dataResponse,
  isJsonObject,
  jsonResponse,
  optionalNumber,
  optionalString,
  paddedToken,
  readBasicAuth,
  readJson,
  readJsonObject,
  toIso,
} from './wire';

export const SANDBOX_STYTCH_PATH = '/__sandbox/stytch';
export const SANDBOX_PROJECT_NAME = 'Vestibule Sandbox';

// `*` so the same handlers match the Vitest origin (http://localhost:5173) and any page origin.
const SDK = `*${SANDBOX_STYTCH_PATH}/sdk/v1`;

const DEFAULT_MAGIC_LINK_MINUTES = 30;
// Stytch's accepted range for magic-link expirations (5 minutes to 7 days).
const MIN_MAGIC_LINK_MINUTES = 5;
const MAX_MAGIC_LINK_MINUTES = 10_080;

/**
 * Safe for offline use: captcha and DFP off, or protected SDK calls hang (research §0.5, §4.1).
 * Password policy, e-mail domains and PKCE flags follow the project settings.
 */
function bootstrapData(ctx: SandboxContext): JsonObject {
  return {
    project_name: SANDBOX_PROJECT_NAME,
    disable_sdk_watermark: true,
    cname_domain: null,
    captcha_settings: { enabled: false },
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    dfp_protected_auth_enabled: false,
    siwe_required_for_crypto_wallets: false,
    vertical: 'CONSUMER',
    // rbac_policy comes from the project settings (./project, ./idp).
    ...bootstrapSettings(ctx.state.project),
  };
}


export function createSdkHandlers(ctx: SandboxContext): RequestHandler[] {
  const { state, now } = ctx;

  function assertPublicToken(publicToken: string): void {
    if (!publicToken.startsWith(ctx.publicTokenPrefix)) {
      throw new SandboxError(
        401,
        'public_token_not_found',
        `The sandbox only accepts public tokens starting with "${ctx.publicTokenPrefix}".`,
      );
    }
  }

  /** The session token the caller presents, or null when it sends only its public token. */
  function callerSessionToken(request: Request): string | null {
    const credentials = readBasicAuth(request);
    if (!credentials) {
      throw new SandboxError(
        401,
        'unauthorized_credentials',
        'Missing credentials: send Authorization: Basic base64(public_token:secret).',
      );
    }
    assertPublicToken(credentials.publicToken);
    return credentials.secret === credentials.publicToken || credentials.secret === '' ? null : credentials.secret;
  }

  /** The caller's live session and user; anything else is the given (unrecoverable) error. */
  function requireSession(request: Request, failure: SandboxError): { session: SessionRecord; user: UserRecord } {
    const token = callerSessionToken(request);
    const session = token === null ? null : findLiveSession(state, token, now());
    const user = session ? state.users.get(session.session.user_id) : undefined;
    if (!session || !user) throw failure;
    return { session, user };
  }

  const unauthorized = (): SandboxError =>
    new SandboxError(401, 'unauthorized_credentials', 'The session token is missing, invalid, expired or revoked.');

  function redirectUrl(body: JsonObject, key: 'login_magic_link_url' | 'signup_magic_link_url'): URL | undefined {
    const raw = optionalString(body, key);
    if (raw === undefined || raw === '') return undefined;
    const url = URL.canParse(raw) ? new URL(raw) : null;
    // Only web URLs: the link is shown as clickable in the inbox and opened by tests.
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      const type = key === 'login_magic_link_url' ? 'invalid_login_magic_link_url' : 'invalid_signup_magic_link_url';
      throw new SandboxError(400, type, `${key} must be an absolute http(s) URL.`);
    }
    // As Stytch: only URLs registered for this type (project settings, "Redirect URLs").
    const type = key === 'login_magic_link_url' ? 'login' : 'signup';
    if (!isRegisteredRedirectUrl(state.project, type, url)) {
      throw new SandboxError(
        400,
        'no_match_for_provided_magic_link_url',
        `The ${key} does not match any ${type} redirect URL registered for this project. Register it with PUT /__sandbox/api/project (redirect_urls.${type}).`,
      );
    }
    return url;
  }

  function expirationMinutes(body: JsonObject, key: 'login_expiration_minutes' | 'signup_expiration_minutes'): number {
    const minutes = optionalNumber(body, key);
    if (minutes === undefined) return DEFAULT_MAGIC_LINK_MINUTES;
    if (!Number.isInteger(minutes) || minutes < MIN_MAGIC_LINK_MINUTES || minutes > MAX_MAGIC_LINK_MINUTES) {
      throw new SandboxError(
        400,
        'invalid_expiration',
        `${key} must be an integer between ${MIN_MAGIC_LINK_MINUTES} and ${MAX_MAGIC_LINK_MINUTES}.`,
      );
    }
    return minutes;
  }

  function newUserWithEmail(email: string, pending: boolean, at: number): { record: UserRecord; email: StytchEmail } {
    const record = createUser(state, at, { email, status: pending ? 'pending' : 'active' });
    const created = record.user.emails[0];
    if (!created) throw new Error('createUser dropped the email');
    return { record, email: created };
  }

  /** Shared by login_or_create (may create the user) and send/primary (existing users only). */
  async function sendMagicLink(request: Request, createIfMissing: boolean): Promise<Response> {
    callerSessionToken(request);
    const body = await readJsonObject(request);
    const rawEmail = body['email'];
    if (typeof rawEmail !== 'string') throw new SandboxError(400, 'invalid_email', 'Email format is invalid.');
    const email = validEmail(rawEmail);
    // Validate everything before touching state, so a rejected request leaves no trace.
    const loginUrl = redirectUrl(body, 'login_magic_link_url');
    const signupUrl = redirectUrl(body, 'signup_magic_link_url');
    const loginMinutes = expirationMinutes(body, 'login_expiration_minutes');
    const signupMinutes = expirationMinutes(body, 'signup_expiration_minutes');
    const codeChallenge = optionalString(body, 'code_challenge') ?? null;
    // Counted after validation, so a malformed request does not use up the address's budget.
    takeRateLimit(state, `magic_link_send:${email}`, state.project.rate_limits.magic_link_sends_per_email, now());

    const existing = findUserByEmail(state, email);
    if (!existing && !createIfMissing) {
      throw new SandboxError(404, 'email_not_found', 'No user has this email address.');
    }
    // Stytch: new and pending users get a sign-up link, active users a login link.
    const kind: MagicLinkRecord['kind'] = !existing || existing.record.user.status === 'pending' ? 'signup' : 'login';
    const target = kind === 'login' ? (loginUrl ?? signupUrl) : (signupUrl ?? loginUrl);
    if (!target) {
      throw new SandboxError(
        400,
        'no_login_redirect_urls_set',
        'Send login_magic_link_url or signup_magic_link_url: the sandbox has no default redirect URLs.',
      );
    }

    const at = now();
    const found = existing ?? newUserWithEmail(email, body['create_user_as_pending'] === true, at);
    const minutes = kind === 'login' ? loginMinutes : signupMinutes;
    const token = paddedToken();
    state.magicLinks.set(token, {
      token,
      userId: found.record.user.user_id,
      emailId: found.email.email_id,
      email: found.email.email,
      kind,
      createdAt: at,
      expiresAt: at + minutes * 60_000,
      usedAt: null,
      codeChallenge,
    });

    // searchParams keeps whatever query the redirect URL already carries (e.g. ?redirect=/account)
    // and percent-encodes the token's `=` padding.
    const link = new URL(target.href);
    link.searchParams.set('stytch_token_type', 'magic_links');
    link.searchParams.set('token', token);
    const href = link.href;
    const lifetime = `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this email.`;
    deliver(state, at, {
      channel: 'email',
      from: SANDBOX_EMAIL_FROM,
      to: found.email.email,
      subject: kind === 'login' ? 'Your login link' : 'Finish signing up',
      text:
        kind === 'login'
          ? `Hello,\n\nUse this link to log in to ${SANDBOX_PROJECT_NAME}:\n\n${href}\n\n${lifetime}\n`
          : `Welcome to ${SANDBOX_PROJECT_NAME}!\n\nUse this link to finish signing up:\n\n${href}\n\n${lifetime}\n`,
      link: href,
    });

    return dataResponse({
      user_id: found.record.user.user_id,
      email_id: found.email.email_id,
      user_created: !existing,
    });
  }

  return [
    // Every SDK request is counted, faulted or not, for tests that measure how often a client
    // calls (the session refresh across tabs).
    guard('all', `${SDK}/*`, (request) => {
      const counted = `${request.method} ${new URL(request.url).pathname.split('/sdk/v1')[1] ?? ''}`;
      state.sdkRequestCounts.set(counted, (state.sdkRequestCounts.get(counted) ?? 0) + 1);
      return undefined;
    }),

    // Then scripted faults, for every path under the mount (bootstrap and events included).
    guard('all', `*${SANDBOX_STYTCH_PATH}/*`, (request) => applyFault(state, request)),

    // Then what the project's SDK configuration allows: the page's domain and the product.
    guard('all', `${SDK}/*`, (request) => {
      const path = new URL(request.url).pathname.split('/sdk/v1')[1] ?? '';
      if (path === '/events') return undefined;
      assertAuthorizedCaller(state.project, request);
      const product = sdkProductOf(path);
      if (product && !state.project.sdk_products[product]) {
        throw new SandboxError(
          403,
          'endpoint_not_authorized_for_sdk',
          `${product} is not enabled in this project's SDK configuration. Enable it with PUT /__sandbox/api/project (sdk_products.${product}).`,
        );
      }
      return undefined;
    }),

    route('get', `${SDK}/projects/bootstrap/:token`, (_request, params) => {
      const token = params['token'];
      assertPublicToken(typeof token === 'string' ? token : '');
      return dataResponse(bootstrapData(ctx));
    }),

    // Telemetry: the SDK posts batches without credentials and ignores the answer; keep them for
    // tests. The shape is checked, so a client sending something else finds out.
    route('post', `${SDK}/events`, async (request) => {
      const batch = await readJson(request);
      const events = parseEventBatch(batch);
      const at = toIso(now());
      for (const event of events) state.sdkEvents.push({ ...event, receivedAt: at });
      return jsonResponse({ data: {} });
    }),

    route('post', `${SDK}/magic_links/email/login_or_create`, (request) => sendMagicLink(request, true)),
    route('post', `${SDK}/magic_links/email/send/primary`, (request) => sendMagicLink(request, false)),

    route('post', `${SDK}/magic_links/authenticate`, async (request) => {
      callerSessionToken(request);
      const body = await readJsonObject(request);
      const duration = optionalNumber(body, 'session_duration_minutes');
      assertSessionDuration(duration, state.project.session_duration_minutes);
      const at = now();
      const token = optionalString(body, 'token');
      const link = token === undefined ? undefined : state.magicLinks.get(token);
      const user = link ? state.users.get(link.userId) : undefined;
      const email = user?.user.emails.find((entry) => entry.email_id === link?.emailId);
      if (!link || !user || !email) {
        throw new SandboxError(404, 'magic_link_not_found', 'The magic link could not be found.');
      }
      if (link.usedAt !== null || at > link.expiresAt) {
        throw new SandboxError(
          401,
          'unable_to_auth_magic_link',
          'Magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.',
        );
      }
      // Checked before the link is consumed, so the SDK's retry with its other PKCE pair can still succeed.
      if (link.codeChallenge !== null) await assertPkce(link.codeChallenge, optionalString(body, 'code_verifier'), 'magic link');

      link.usedAt = at;
      const signedIn = signIn(state, request, at, { user, factor: emailFactor('magic_link', email, at), proved: email, durationMinutes: duration });
      return dataResponse({ ...signedIn, method_id: email.email_id, reset_sessions: false });
    }),

    // The SDK's internal user lookup for the password screens (stytch-browser
    // packages/core/src/SearchManager.ts): which kind of account an address has, in camelCase.
    // The DFP and captcha fields it sends are accepted and ignored, as with DFP off.
    route('post', `${SDK}/users/search`, async (request) => {
      const body = await readJsonObject(request);
      const rawEmail = body['email'];
      if (typeof rawEmail !== 'string') throw new SandboxError(400, 'invalid_email', 'Email format is invalid.');
      const email = validEmail(rawEmail);
      const found = findUserByEmail(state, email);
      const userType = found === null ? 'new' : found.record.password !== null ? 'password' : 'passwordless';
      return dataResponse({ userType });
    }),

    // Passwords: strength check, create, authenticate, reset by e-mail (./password-handlers).
    ...createPasswordHandlers(ctx, SDK, { sessionToken: callerSessionToken, origin: callerOrigin }),

    // Passcodes by e-mail, SMS and WhatsApp: login_or_create and authenticate (./otp-handlers).
    ...createOtpHandlers(ctx, SDK, { sessionToken: callerSessionToken, origin: callerOrigin }),

    // OAuth: the emulated provider page (redirect flow) and authenticate (./oauth-handlers).
    ...createOAuthHandlers(ctx, { sdk: SDK, mount: `*${SANDBOX_STYTCH_PATH}` }, { sessionToken: callerSessionToken, origin: callerOrigin }),

    // Passkeys and security keys: register, authenticate, rename, delete (./webauthn-handlers).
    ...createWebAuthnHandlers(ctx, { sdk: SDK, projectName: SANDBOX_PROJECT_NAME }, { sessionToken: callerSessionToken, origin: callerOrigin }),

    // Crypto wallets: Ethereum and Solana sign-in with verified signatures (./crypto-wallet-handlers).
    ...createCryptoWalletHandlers(ctx, { sdk: SDK, projectName: SANDBOX_PROJECT_NAME }, { sessionToken: callerSessionToken, origin: callerOrigin }),

    // Identity provider: consent, logout, attestation, the token endpoint and the relying party (./idp-handlers).
    ...createIdpHandlers(ctx, { sdk: SDK, mountPath: SANDBOX_STYTCH_PATH }, { sessionToken: callerSessionToken, origin: callerOrigin }),

    // new:flow: product handlers

    route('get', `${SDK}/users/me`, (request) => {
      const { user } = requireSession(request, unauthorized());
      return dataResponse({ ...user.user });
    }),

    route('post', `${SDK}/sessions/authenticate`, async (request) => {
      const { session, user } = requireSession(
        request,
        new SandboxError(404, 'session_not_found', 'Session could not be found: it is unknown, expired or revoked.'),
      );
      const body = await readJsonObject(request);
      const duration = optionalNumber(body, 'session_duration_minutes');
      assertSessionDuration(duration, state.project.session_duration_minutes);
      const at = now();
      touchSession(session, at, duration);
      return dataResponse(authenticateData(session, user, at));
    }),

    route('post', `${SDK}/sessions/revoke`, (request) => {
      const { session } = requireSession(request, unauthorized());
      session.revokedAt = now();
      return dataResponse({});
    }),

    // Last: anything the sandbox does not emulate yet fails loudly instead of half-working.
    route('all', `*${SANDBOX_STYTCH_PATH}/*`, (request) => {
      const path = new URL(request.url).pathname;
      throw new SandboxError(
        404,
        'sandbox_endpoint_not_implemented',
        `The sandbox does not emulate ${request.method} ${path} yet.`,
      );
    }),
  ];
}

/**
 * A telemetry batch as the SDK posts it: a JSON array of `{telemetry: {…}, event: {public_token,
 * event_name, details?, …}}` (research/stytch-sdk.md §4). Anything else is 400 bad_request.
 */
function parseEventBatch(batch: unknown): { event_name: string; details: unknown; public_token: string; telemetry: Record<string, unknown> }[] {
  const fail = (why: string): SandboxError =>
    new SandboxError(400, 'bad_request', `The events body must be a JSON array of {telemetry, event}: ${why}.`);
  if (!Array.isArray(batch)) throw fail('the body is not an array');
  return batch.map((item: unknown, index) => {
    if (!isJsonObject(item)) throw fail(`item ${index} is not an object`);
    const telemetry = item['telemetry'];
    if (!isJsonObject(telemetry)) throw fail(`item ${index} has no telemetry object`);
    const event = item['event'];
    if (!isJsonObject(event)) throw fail(`item ${index} has no event object`);
    const { event_name: name, public_token: token, details } = event;
    if (typeof name !== 'string' || name === '') throw fail(`item ${index} has no event.event_name`);
    if (typeof token !== 'string') throw fail(`item ${index} has no event.public_token`);
    if (details !== undefined && details !== null && typeof details !== 'object') throw fail(`item ${index} has a non-object event.details`);
    return { event_name: name, details: details ?? null, public_token: token, telemetry };
  });
}
