// Stytch's consumer password endpoints as @stytch/vanilla-js 6.3.0 calls them
// (research/stytch-sdk.md §4: strength_check, create, authenticate, email reset start and reset).
// Registered by ./sdk-handlers, behind its fault injection and its domain and product checks
// (`sdk_products.passwords` gates every /passwords path).
//
// Where Stytch's documentation leaves the answer open, the choice is noted at the throw.

import type { RequestHandler } from 'msw';
import type { JsonObject, StytchPasswordFactor } from './model';
import { SANDBOX_EMAIL_FROM, deliver } from './outbox';
import { assertAcceptablePassword, checkPasswordStrength, isLocked, recordFailure } from './passwords';
import { assertPkce } from './pkce';
import { type RedirectUrlType, defaultRedirectUrl, isRegisteredRedirectUrl } from './project';
import { takeRateLimit } from './rate-limit';
import { type SandboxContext, route } from './routing';
import { type SignIn, assertSessionDuration, signIn } from './sessions';
import { createUser, findUserByEmail, validEmail } from './users';
import { SandboxError, dataResponse, newId, optionalNumber, optionalString, paddedToken, readJsonObject, toIso } from './wire';

/** Stytch's default and accepted range for reset e-mail expirations (5 minutes to 7 days). */
const DEFAULT_RESET_MINUTES = 30;
const MIN_RESET_MINUTES = 5;
const MAX_RESET_MINUTES = 10_080;

/** What the password handlers need to know about the caller, from ./sdk-handlers. */
export interface SdkCaller {
  /** Checks the public token (401 otherwise); the session token the caller presents, or null. */
  sessionToken(request: Request): string | null;
  /** The page the SDK runs on (X-SDK-Parent-Host, else Origin); null from servers and tests. */
  origin(request: Request): URL | null;
}

function readEmail(body: JsonObject): string {
  const raw = body['email'];
  if (typeof raw !== 'string') throw new SandboxError(400, 'invalid_email', 'Email format is invalid.');
  return validEmail(raw);
}

function readPassword(body: JsonObject): string {
  const password = body['password'];
  if (typeof password !== 'string') throw new SandboxError(400, 'bad_request', 'password must be a string.');
  return password;
}

const emailNotFound = (): SandboxError => new SandboxError(404, 'email_not_found', 'Email could not be found.');

/**
 * @param sdk the SDK base path pattern (`*\/__sandbox/stytch/sdk/v1`)
 */
export function createPasswordHandlers(ctx: SandboxContext, sdk: string, caller: SdkCaller): RequestHandler[] {
  const { state, now } = ctx;

  function sessionDuration(body: JsonObject): number | undefined {
    const duration = optionalNumber(body, 'session_duration_minutes');
    assertSessionDuration(duration, state.project.session_duration_minutes);
    return duration;
  }

  /**
   * A redirect URL from the body, checked against the project's registered URLs of `type`, as
   * the magic-link endpoints check theirs. Undefined when the body has none.
   */
  function redirectUrl(body: JsonObject, key: 'reset_password_redirect_url' | 'login_redirect_url', type: RedirectUrlType): URL | undefined {
    const raw = optionalString(body, key);
    if (raw === undefined || raw === '') return undefined;
    const url = URL.canParse(raw) ? new URL(raw) : null;
    const isReset = key === 'reset_password_redirect_url';
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new SandboxError(400, isReset ? 'invalid_password_reset_redirect_url' : 'invalid_login_redirect_url', `${key} must be an absolute http(s) URL.`);
    }
    if (!isRegisteredRedirectUrl(state.project, type, url)) {
      // The reset URL has its own type in Stytch's list; the login URL is a magic link's, so it
      // fails as the magic-link endpoints' URLs do.
      throw new SandboxError(
        400,
        isReset ? 'invalid_password_reset_redirect_url' : 'no_match_for_provided_magic_link_url',
        `The ${key} does not match any ${type} redirect URL registered for this project. Register it with PUT /__sandbox/api/project (redirect_urls.${type}).`,
      );
    }
    return url;
  }

  function resetMinutes(body: JsonObject): number {
    const minutes = optionalNumber(body, 'reset_password_expiration_minutes');
    if (minutes === undefined) return DEFAULT_RESET_MINUTES;
    if (!Number.isInteger(minutes) || minutes < MIN_RESET_MINUTES || minutes > MAX_RESET_MINUTES) {
      throw new SandboxError(
        400,
        'invalid_expiration',
        `reset_password_expiration_minutes must be an integer between ${MIN_RESET_MINUTES} and ${MAX_RESET_MINUTES}.`,
      );
    }
    return minutes;
  }

  /** A password sign-in also clears the user's count of failed attempts (Stytch resets it on success). */
  function passwordSignIn(request: Request, at: number, credential: SignIn): JsonObject {
    state.passwordLocks.delete(credential.user.user.user_id);
    return signIn(state, request, at, credential);
  }

  const knowledgeFactor = (at: number): StytchPasswordFactor => ({ type: 'password', delivery_method: 'knowledge', last_authenticated_at: toIso(at) });

  return [
    // Not DFP-protected in the SDK and not rate limited here: the UI calls it 500 ms after each change.
    route('post', `${sdk}/passwords/strength_check`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const password = readPassword(body);
      const email = optionalString(body, 'email');
      return dataResponse({ ...checkPasswordStrength(password, email, state.project.password_policy) });
    }),

    // Creates a user with a password and signs them in. Stytch answers duplicate_email for every
    // existing address, with or without a password (adding one is the reset flow's job).
    route('post', `${sdk}/passwords`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const email = readEmail(body);
      const password = readPassword(body);
      const duration = sessionDuration(body);
      if (findUserByEmail(state, email)) {
        // 400 as in Stytch's error reference (the control API's seeding answers 409 for its own duplicates).
        throw new SandboxError(400, 'duplicate_email', 'A user with the specified email already exists for this project.');
      }
      assertAcceptablePassword(checkPasswordStrength(password, email, state.project.password_policy));

      const at = now();
      // Stytch leaves the address unverified: a password proves nothing about the mailbox.
      const user = createUser(state, at, { email, password, emailVerified: false });
      const emailId = user.user.emails[0]?.email_id ?? '';
      return dataResponse({ ...passwordSignIn(request, at, { user, factor: knowledgeFactor(at), durationMinutes: duration }), email_id: emailId });
    }),

    route('post', `${sdk}/passwords/authenticate`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const email = readEmail(body);
      const password = readPassword(body);
      const duration = sessionDuration(body);
      const at = now();

      // Unknown address: 404 email_not_found, as Stytch documents for this endpoint.
      const found = findUserByEmail(state, email);
      if (!found) throw emailNotFound();
      const user = found.record;
      const userId = user.user.user_id;
      const lock = state.passwordLocks.get(userId);
      if (isLocked(lock, at)) {
        // Stytch's user lock: every attempt is refused until the lock's TTL ends, the right
        // password included. 401 without Retry-After (Stytch sends none; the type says why).
        const minutes = Math.ceil(((lock?.lockedUntil ?? at) - at) / 60_000);
        throw new SandboxError(
          401,
          'user_lock_limit_reached',
          `Too many failed authentication attempts: this user is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}. Reset the password or wait.`,
        );
      }
      if (user.user.password === null || user.password === null) {
        throw new SandboxError(400, 'no_user_password', 'The user does not have a password. Sign in another way, or reset the password by e-mail to set one.');
      }
      // Stytch: "may return a reset_password error even if the password entered is correct" (a
      // breached credential, or deduplication after a passwordless sign-in): any attempt fails so.
      if (user.user.password.requires_reset) {
        throw new SandboxError(400, 'reset_password', 'The password for this user must be reset before it can be used. Reset it by e-mail.');
      }
      if (user.password !== password) {
        const next = recordFailure(lock, at, state.project.lockout_threshold, state.project.lockout_minutes);
        state.passwordLocks.set(userId, next);
        throw new SandboxError(401, 'unauthorized_credentials', 'Unauthorized credentials.');
      }
      return dataResponse(passwordSignIn(request, at, { user, factor: knowledgeFactor(at), durationMinutes: duration }));
    }),

    route('post', `${sdk}/passwords/email/reset/start`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const email = readEmail(body);
      const origin = caller.origin(request);
      // Validate everything before touching state, so a rejected request leaves no trace.
      const resetUrl = redirectUrl(body, 'reset_password_redirect_url', 'reset_password') ?? defaultRedirectUrl(state.project, 'reset_password', origin);
      if (!resetUrl) {
        throw new SandboxError(
          400,
          'no_password_reset_redirect_url',
          'Send reset_password_redirect_url: the project has no default reset-password redirect URL for this page. Register one with PUT /__sandbox/api/project (redirect_urls.reset_password).',
        );
      }
      const loginUrl = redirectUrl(body, 'login_redirect_url', 'login') ?? defaultRedirectUrl(state.project, 'login', origin);
      const minutes = resetMinutes(body);
      const codeChallenge = optionalString(body, 'code_challenge') ?? null;
      // Accepted and not used: the sandbox has one template and writes English.
      optionalString(body, 'reset_password_template_id');
      optionalString(body, 'locale');
      // Counted after validation, so a malformed request does not use up the address's budget.
      takeRateLimit(state, `password_reset_send:${email}`, state.project.rate_limits.password_reset_sends_per_email, now());

      // Unknown address: 404 email_not_found, as Stytch documents for this endpoint. A user
      // without a password gets the e-mail too: the reset sets their first one.
      const found = findUserByEmail(state, email);
      if (!found) throw emailNotFound();

      const at = now();
      const expiresAt = at + minutes * 60_000;
      const token = paddedToken();
      state.passwordResets.set(token, {
        token,
        userId: found.record.user.user_id,
        emailId: found.email.email_id,
        email: found.email.email,
        createdAt: at,
        expiresAt,
        usedAt: null,
        codeChallenge,
      });
      const resetLink = new URL(resetUrl.href);
      resetLink.searchParams.set('stytch_token_type', 'reset_password');
      resetLink.searchParams.set('token', token);

      // "Login without a password": a login magic link (stytch_token_type=login) to the login
      // URL. It carries the reset's PKCE challenge: the SDK proves it with its `passwords` pair.
      let loginLink: URL | null = null;
      if (loginUrl) {
        const loginToken = paddedToken();
        state.magicLinks.set(loginToken, {
          token: loginToken,
          userId: found.record.user.user_id,
          emailId: found.email.email_id,
          email: found.email.email,
          kind: 'login',
          createdAt: at,
          expiresAt,
          usedAt: null,
          codeChallenge,
        });
        loginLink = new URL(loginUrl.href);
        loginLink.searchParams.set('stytch_token_type', 'login');
        loginLink.searchParams.set('token', loginToken);
      }

      const lifetime = `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this email.`;
      const withoutPassword = loginLink ? `\n\nOr log in without a password:\n\n${loginLink.href}` : '';
      deliver(state, at, {
        channel: 'email',
        from: SANDBOX_EMAIL_FROM,
        to: found.email.email,
        subject: 'Reset your password',
        text: `Hello,\n\nUse this link to set a new password:\n\n${resetLink.href}${withoutPassword}\n\n${lifetime}\n`,
        link: resetLink.href,
      });
      return dataResponse({});
    }),

    route('post', `${sdk}/passwords/email/reset`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const password = readPassword(body);
      const duration = sessionDuration(body);
      const at = now();
      const token = optionalString(body, 'token');
      const reset = token === undefined ? undefined : state.passwordResets.get(token);
      const user = reset ? state.users.get(reset.userId) : undefined;
      const email = user?.user.emails.find((entry) => entry.email_id === reset?.emailId);
      // One answer for unknown, used and expired tokens: 401 unable_to_auth_password_reset_token
      // (Stytch has no separate "not found" type for reset tokens in its SDK's error list).
      if (!reset || !user || !email || reset.usedAt !== null || at > reset.expiresAt) {
        throw new SandboxError(
          401,
          'unable_to_auth_password_reset_token',
          'The password reset token could not be authenticated: it is unknown, already used or expired. Send another reset e-mail.',
        );
      }
      // Both checked before the token is used, so a retry with the right verifier or a stronger
      // password still works.
      if (reset.codeChallenge !== null) await assertPkce(reset.codeChallenge, optionalString(body, 'code_verifier'), 'password reset');
      assertAcceptablePassword(checkPasswordStrength(password, email.email, state.project.password_policy));

      reset.usedAt = at;
      user.password = password;
      user.user.password = { password_id: user.user.password?.password_id ?? newId('password'), requires_reset: false };
      // The reset e-mail proved the address: reported as a password factor delivered by e-mail.
      const factor: StytchPasswordFactor = {
        type: 'password',
        delivery_method: 'email',
        last_authenticated_at: toIso(at),
        email_factor: { email_id: email.email_id, email_address: email.email },
      };
      return dataResponse(passwordSignIn(request, at, { user, factor, proved: email, durationMinutes: duration }));
    }),
  ];
}
