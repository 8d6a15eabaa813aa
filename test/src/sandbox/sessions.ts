import type { JsonObject, StytchAuthenticationFactor, StytchEmail, StytchEmailFactor, StytchPhoneNumber, StytchSession } from './model';
import type { SandboxState, SessionRecord, UserRecord } from './state';
import { SandboxError, base64UrlEncodeText, newId, randomToken, toIso } from './wire';

const DEFAULT_SESSION_MINUTES = 60;
// Stytch session JWTs live 5 minutes; the SDK refreshes them through sessions/authenticate.
const JWT_LIFETIME_MS = 5 * 60_000;

/** `range` comes from the project settings (Stytch's own: 5 minutes to 366 days). */
export function assertSessionDuration(minutes: number | undefined, range: { min: number; max: number }): void {
  if (minutes === undefined) return;
  if (!Number.isInteger(minutes) || minutes < range.min || minutes > range.max) {
    throw new SandboxError(
      400,
      'invalid_session_duration_minutes',
      `session_duration_minutes must be an integer between ${range.min} and ${range.max}.`,
    );
  }
}

function createSession(
  state: SandboxState,
  now: number,
  user: UserRecord,
  factor: StytchAuthenticationFactor,
  durationMinutes: number | undefined,
  userAgent: string,
): SessionRecord {
  const session: StytchSession = {
    session_id: newId('session'),
    user_id: user.user.user_id,
    started_at: toIso(now),
    last_accessed_at: toIso(now),
    expires_at: toIso(now + (durationMinutes ?? DEFAULT_SESSION_MINUTES) * 60_000),
    attributes: { ip_address: '', user_agent: userAgent },
    authentication_factors: [factor],
    custom_claims: {},
    roles: [],
  };
  const record: SessionRecord = { token: randomToken(), session, revokedAt: null };
  state.sessions.set(record.token, record);
  return record;
}

/** The session behind a token if it is still usable: known, not revoked, not expired, user still exists. */
export function findLiveSession(state: SandboxState, token: string, now: number): SessionRecord | null {
  const record = state.sessions.get(token);
  if (!record || record.revokedAt !== null) return null;
  if (now >= Date.parse(record.session.expires_at)) return null;
  if (!state.users.has(record.session.user_id)) return null;
  return record;
}

/**
 * The signed-in caller of an endpoint that needs one (WebAuthn, crypto wallets' secondary and
 * account endpoints). As research §9.4: no session token (`token` null) is
 * `user_unauthenticated`; an unknown, expired or revoked one is `unauthorized_credentials`.
 */
export function requireLiveSession(state: SandboxState, token: string | null, now: number): { session: SessionRecord; user: UserRecord } {
  if (token === null) {
    throw new SandboxError(401, 'user_unauthenticated', 'This endpoint needs a signed-in user: send the session token as the Basic auth secret.');
  }
  const session = findLiveSession(state, token, now);
  const user = session ? state.users.get(session.session.user_id) : undefined;
  if (!session || !user) throw new SandboxError(401, 'unauthorized_credentials', 'The session token is missing, invalid, expired or revoked.');
  return { session, user };
}

/**
 * Marks the session used. The object is replaced rather than rebuilt so every field except
 * last_accessed_at (and expires_at when a duration is sent) stays identical: the SDK fires
 * onChange on any other difference.
 */
export function touchSession(record: SessionRecord, now: number, durationMinutes: number | undefined): void {
  record.session = {
    ...record.session,
    last_accessed_at: toIso(now),
    ...(durationMinutes === undefined ? {} : { expires_at: toIso(now + durationMinutes * 60_000) }),
  };
}

/**
 * A JWT-shaped string. The signature is random: the SDK never verifies or decodes the JWT, and
 * nothing in the product may rely on its claims, so signing would only suggest false guarantees.
 */
function sessionJwt(record: SessionRecord, now: number): string {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = Math.min(now + JWT_LIFETIME_MS, Date.parse(record.session.expires_at));
  const header = { alg: 'HS256', typ: 'JWT', kid: 'jwk-test-sandbox' };
  const payload = {
    sub: record.session.user_id,
    session_id: record.session.session_id,
    iss: 'stytch.com/project-test-sandbox',
    aud: ['project-test-sandbox'],
    iat: issuedAt,
    nbf: issuedAt,
    exp: Math.floor(expiresAt / 1000),
  };
  return `${base64UrlEncodeText(JSON.stringify(header))}.${base64UrlEncodeText(JSON.stringify(payload))}.${randomToken(32)}`;
}

/** The body every authenticate-type endpoint returns (the SDK requires all four credentials). */
export function authenticateData(record: SessionRecord, user: UserRecord, now: number): JsonObject {
  return {
    user_id: user.user.user_id,
    user: user.user,
    __user: user.user,
    session: record.session,
    session_token: record.token,
    session_jwt: sessionJwt(record, now),
  };
}

/** A credential that has been checked and consumed, and what it proves. */
export interface SignIn {
  readonly user: UserRecord;
  /** How the user proved who they are: the new session's authentication factor. */
  readonly factor: StytchAuthenticationFactor;
  /** The address or number the credential reached (a link, a code, the provider's word), if any. */
  readonly proved?: StytchEmail | StytchPhoneNumber | undefined;
  /** `session_duration_minutes` as sent (checked by the caller with assertSessionDuration). */
  readonly durationMinutes: number | undefined;
}

/**
 * Signs a user in, the last step of every authenticate-type endpoint: the proved address or number
 * becomes verified, a pending user becomes active (as Stytch does on a first sign-in), a session
 * with the factor is created for the caller's User-Agent, and the answer's common body is
 * returned. Endpoint-specific fields (method_id, provider values, …) are spread over it.
 */
export function signIn(state: SandboxState, request: Request, at: number, credential: SignIn): JsonObject {
  const { user, proved } = credential;
  if (proved) proved.verified = true;
  if (user.user.status === 'pending') user.user.status = 'active';
  const session = createSession(state, at, user, credential.factor, credential.durationMinutes, request.headers.get('User-Agent') ?? '');
  return authenticateData(session, user, at);
}

/** Two factors prove the same credential when they differ at most in when it was used. */
function sameCredential(a: StytchAuthenticationFactor, b: StytchAuthenticationFactor): boolean {
  const { last_authenticated_at: _a, ...restA } = a;
  const { last_authenticated_at: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

/**
 * Adds a factor to the caller's live session, the last step of an endpoint that proves a
 * credential while signed in (a secondary authenticate, a credential registered in the session):
 * the session is touched (and extended when a duration is sent, as Stytch does with a session
 * token), the factor replaces the same credential's earlier entry or is appended, and the
 * answer's common body is returned. The session keeps its token and id.
 */
export function addSessionFactor(record: SessionRecord, user: UserRecord, factor: StytchAuthenticationFactor, at: number, durationMinutes: number | undefined): JsonObject {
  touchSession(record, at, durationMinutes);
  const others = record.session.authentication_factors.filter((existing) => !sameCredential(existing, factor));
  record.session = { ...record.session, authentication_factors: [...others, factor] };
  return authenticateData(record, user, at);
}

/** The factor of a link or code that reached `email`. */
export function emailFactor(type: StytchEmailFactor['type'], email: StytchEmail, at: number): StytchEmailFactor {
  return { type, delivery_method: 'email', last_authenticated_at: toIso(at), email_factor: { email_id: email.email_id, email_address: email.email } };
}
