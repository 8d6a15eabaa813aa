// Stytch's consumer WebAuthn (passkey) endpoints as @stytch/vanilla-js 6.3.0 calls them
// (research/stytch-sdk.md §4 and §9.12; stytch-browser packages/core/src/HeadlessClients/
// HeadlessWebAuthnClient.ts): register/start and register, authenticate/start/{primary,secondary}
// and authenticate, update/:id, and the user's DELETE /users/webauthn_registrations/:id.
// Registered by ./sdk-handlers, behind its fault injection and its domain and product checks
// (`sdk_products.webauthn` gates every /webauthn path).
//
// Ceremonies are verified for real with @simplewebauthn/server: the attestation or assertion
// signature, the challenge (single use, WEBAUTHN_CHALLENGE_MINUTES), the page's origin (the SDK's
// X-SDK-Parent-Host, else Origin), the relying party id (the start call's `domain`) and the
// signature counter. Status codes and error types, and where they come from, are in
// docs/decisions.md ("The sandbox's WebAuthn endpoints").

import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { RequestHandler } from 'msw';
import type { JsonObject, StytchUser, StytchWebAuthnFactor, StytchWebAuthnRegistration } from './model';
import type { SdkCaller } from './password-handlers';
import { type SandboxContext, route } from './routing';
import { addSessionFactor, assertSessionDuration, findLiveSession, requireLiveSession, signIn } from './sessions';
import type { SessionRecord, UserRecord, WebAuthnChallengeRecord, WebAuthnCredentialRecord } from './state';
import { SandboxError, base64UrlEncodeText, dataResponse, isJsonObject, newId, optionalNumber, optionalString, randomToken, readJsonObject, toIso } from './wire';

/** How long a start's challenge works (also the options' `timeout`): Stytch states none, so 5 minutes. */
export const WEBAUTHN_CHALLENGE_MINUTES = 5;
/** The longest registration name accepted (code points); Stytch states none. */
export const WEBAUTHN_NAME_MAX_LENGTH = 200;
/** What the options offer: ES256 and RS256, the two every platform authenticator supports. */
const ALGORITHMS = [-7, -257];
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

const registrationNotFound = (): SandboxError =>
  new SandboxError(404, 'webauthn_registration_not_found', 'The WebAuthn registration could not be found.');

const unableToAuth = (why: string): SandboxError =>
  new SandboxError(401, 'unable_to_auth_webauthn_registration', `WebAuthn registration could not be authenticated: ${why}`);

const invalidCredential = (why: string): SandboxError =>
  new SandboxError(
    400,
    'invalid_public_key_credential',
    `Invalid public key credential. Please confirm you're passing a correctly formatted public key credential: ${why}`,
  );

/** Reads the library's reason, which names the check that failed (origin, RP ID, counter, …). */
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : 'verification failed');

/**
 * `public_key_credential` as the SDK sends it: webauthn-json's output as a JSON *string*, with
 * the response fields a ceremony needs. Anything else is 400 invalid_public_key_credential.
 */
function readCredential(body: JsonObject, fields: readonly string[]): JsonObject {
  const raw = body['public_key_credential'];
  if (typeof raw !== 'string') throw invalidCredential('public_key_credential must be a JSON string');
  let credential: unknown;
  try {
    credential = JSON.parse(raw) as unknown;
  } catch {
    throw invalidCredential('public_key_credential is not valid JSON');
  }
  if (!isJsonObject(credential)) throw invalidCredential('public_key_credential must be an object');
  if (typeof credential['id'] !== 'string' || credential['id'] === '') throw invalidCredential('the id field is missing');
  if (credential['type'] !== 'public-key') throw invalidCredential('type must be "public-key"');
  const response = credential['response'];
  if (!isJsonObject(response)) throw invalidCredential('the response field is missing');
  for (const field of fields) {
    if (typeof response[field] !== 'string') throw invalidCredential(`the response.${field} field is missing`);
  }
  return credential;
}

/** The challenge a credential's clientDataJSON carries. */
function challengeOf(credential: JsonObject): string {
  const response = credential['response'];
  const clientData = isJsonObject(response) ? response['clientDataJSON'] : undefined;
  try {
    const challenge = decodeClientDataJSON(typeof clientData === 'string' ? clientData : '').challenge;
    if (typeof challenge === 'string') return challenge;
  } catch {
    // Reported below, as for a missing challenge.
  }
  throw invalidCredential('response.clientDataJSON is not base64url-encoded JSON with a challenge');
}

/** The name and display name Stytch gives the options by default: the user's name, e-mail or phone number. */
function userLabel(user: StytchUser): string {
  const name = [user.name.first_name, user.name.middle_name, user.name.last_name].filter(Boolean).join(' ');
  return name || user.emails[0]?.email || user.phone_numbers[0]?.phone_number || user.user_id;
}

function webauthnFactor(registration: StytchWebAuthnRegistration, at: number): StytchWebAuthnFactor {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: toIso(at),
    webauthn_factor: {
      webauthn_registration_id: registration.webauthn_registration_id,
      domain: registration.domain,
      user_agent: registration.user_agent,
    },
  };
}

/**
 * @param paths `sdk`: the SDK base path pattern (`*\/__sandbox/stytch/sdk/v1`); `projectName`:
 * the relying party's name in the creation options (the bootstrap's project_name)
 */
export function createWebAuthnHandlers(ctx: SandboxContext, paths: { sdk: string; projectName: string }, caller: SdkCaller): RequestHandler[] {
  const { state, now } = ctx;
  const { sdk } = paths;

  /** The caller's live session (`requireLiveSession`). */
  const requireSession = (request: Request) => requireLiveSession(state, caller.sessionToken(request), now());

  function sessionDuration(body: JsonObject): number | undefined {
    const duration = optionalNumber(body, 'session_duration_minutes');
    assertSessionDuration(duration, state.project.session_duration_minutes);
    return duration;
  }

  /**
   * The relying party id: a hostname, and (when the page is known) the page's own host or a
   * parent of it, as browsers require of an rp id. Stytch takes it as sent; the SDK sends
   * `location.hostname` unless the app configures a domain.
   */
  function readDomain(body: JsonObject, request: Request): string {
    const domain = optionalString(body, 'domain')?.toLowerCase();
    if (domain === undefined || !DOMAIN.test(domain)) {
      throw new SandboxError(400, 'invalid_domain', 'domain must be a hostname, e.g. the page\'s location.hostname.');
    }
    const page = caller.origin(request)?.hostname;
    if (page !== undefined && page !== domain && !page.endsWith(`.${domain}`)) {
      throw new SandboxError(400, 'invalid_domain', `domain ${domain} is neither the calling page's host (${page}) nor a parent of it.`);
    }
    return domain;
  }

  /** The Stytch SDK sends is_passkey as return_passkey_credential_options; both are accepted. */
  const isPasskey = (body: JsonObject): boolean => body['return_passkey_credential_options'] === true || body['is_passkey'] === true;

  function newChallenge(record: Omit<WebAuthnChallengeRecord, 'challenge' | 'createdAt' | 'expiresAt' | 'usedAt'>): WebAuthnChallengeRecord {
    const at = now();
    // Swept here so abandoned ceremonies do not pile up in a long-running dev server.
    for (const [key, stale] of state.webauthnChallenges) if (at > stale.expiresAt) state.webauthnChallenges.delete(key);
    const challenge: WebAuthnChallengeRecord = {
      ...record,
      challenge: randomToken(32),
      createdAt: at,
      expiresAt: at + WEBAUTHN_CHALLENGE_MINUTES * 60_000,
      usedAt: null,
    };
    state.webauthnChallenges.set(challenge.challenge, challenge);
    return challenge;
  }

  /** The user's registered credentials, optionally only those registered on `domain`. */
  function credentialsOf(user: UserRecord, domain?: string): WebAuthnCredentialRecord[] {
    const ids = new Set(
      user.user.webauthn_registrations
        .filter((registration) => domain === undefined || registration.domain === domain)
        .map((registration) => registration.webauthn_registration_id),
    );
    return [...state.webauthnCredentials.values()].filter((credential) => credential.userId === user.user.user_id && ids.has(credential.registrationId));
  }

  const descriptor = (credential: WebAuthnCredentialRecord): JsonObject =>
    credential.transports.length === 0
      ? { type: 'public-key', id: credential.credentialId }
      : { type: 'public-key', id: credential.credentialId, transports: credential.transports };

  /** The page the SDK runs on, as clientDataJSON must name it; a request naming none (a server, a bare test call) cannot pass. */
  function expectedOrigin(request: Request, failure: (why: string) => SandboxError): string {
    const origin = caller.origin(request);
    if (!origin) throw failure('the request names no page origin (X-SDK-Parent-Host or Origin)');
    return origin.origin;
  }

  /** The caller's own registration (else not found, as for an unknown id). */
  function ownRegistration(user: UserRecord, id: unknown): StytchWebAuthnRegistration {
    const registration = user.user.webauthn_registrations.find((entry) => entry.webauthn_registration_id === id);
    if (!registration) throw registrationNotFound();
    return registration;
  }

  function authenticateStart(request: Request, body: JsonObject, signedIn: { session: SessionRecord; user: UserRecord } | null): Response {
    const domain = readDomain(body, request);
    const record = newChallenge({
      ceremony: 'authenticate',
      userId: signedIn?.user.user.user_id ?? null,
      sessionToken: signedIn?.session.token ?? null,
      domain,
      userHandle: '',
      authenticatorType: '',
      userAgent: '',
    });
    // Primary: any discoverable credential of the project (a passkey picks its user); secondary:
    // only the caller's own, on this domain.
    const allowCredentials = signedIn ? credentialsOf(signedIn.user, domain).map(descriptor) : [];
    const options = {
      challenge: record.challenge,
      timeout: WEBAUTHN_CHALLENGE_MINUTES * 60_000,
      rpId: domain,
      allowCredentials,
      userVerification: 'preferred',
    };
    return dataResponse({
      ...(signedIn ? { user_id: signedIn.user.user.user_id } : {}),
      public_key_credential_request_options: JSON.stringify(options),
    });
  }

  return [
    route('post', `${sdk}/webauthn/register/start`, async (request) => {
      const { session, user } = requireSession(request);
      const body = await readJsonObject(request);
      const domain = readDomain(body, request);
      const authenticatorType = optionalString(body, 'authenticator_type') ?? '';
      if (authenticatorType !== '' && authenticatorType !== 'platform' && authenticatorType !== 'cross-platform') {
        throw new SandboxError(400, 'invalid_authenticator_type', 'authenticator_type must be "platform" or "cross-platform".');
      }
      const passkey = isPasskey(body);
      const overrideId = optionalString(body, 'override_id');
      const label = userLabel(user.user);
      const name = optionalString(body, 'override_name') ?? label;
      const displayName = optionalString(body, 'override_display_name') ?? label;
      // `use_base64_url_encoding` is not read: binary fields are always base64url, which webauthn-json reads.

      // One registration pending per user, as Stytch keeps it: a new start replaces the previous one.
      for (const [challenge, pending] of state.webauthnChallenges) {
        if (pending.ceremony === 'register' && pending.userId === user.user.user_id) state.webauthnChallenges.delete(challenge);
      }
      const userHandle = base64UrlEncodeText(overrideId ?? user.user.user_id);
      const record = newChallenge({
        ceremony: 'register',
        userId: user.user.user_id,
        sessionToken: session.token,
        domain,
        userHandle,
        authenticatorType,
        userAgent: optionalString(body, 'user_agent') ?? request.headers.get('User-Agent') ?? '',
      });
      const options = {
        rp: { id: domain, name: paths.projectName },
        user: { id: userHandle, name, displayName },
        challenge: record.challenge,
        pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: 'public-key', alg })),
        timeout: WEBAUTHN_CHALLENGE_MINUTES * 60_000,
        // The browser refuses to make a second credential on an authenticator that holds one of these.
        excludeCredentials: credentialsOf(user).map(descriptor),
        authenticatorSelection: {
          ...(authenticatorType === '' ? {} : { authenticatorAttachment: authenticatorType }),
          ...(passkey ? { residentKey: 'required', requireResidentKey: true } : { residentKey: 'discouraged', requireResidentKey: false }),
          userVerification: 'preferred',
        },
        attestation: 'none',
      };
      return dataResponse({ user_id: user.user.user_id, public_key_credential_creation_options: JSON.stringify(options) });
    }),

    route('post', `${sdk}/webauthn/register`, async (request) => {
      const { session, user } = requireSession(request);
      const body = await readJsonObject(request);
      const duration = sessionDuration(body);
      const credential = readCredential(body, ['clientDataJSON', 'attestationObject']);
      const at = now();
      const pending = [...state.webauthnChallenges.values()].find(
        (record) => record.ceremony === 'register' && record.userId === user.user.user_id && record.usedAt === null && at <= record.expiresAt,
      );
      if (!pending) {
        throw new SandboxError(
          400,
          'no_pending_webauthn_registration',
          `No WebAuthn registration is pending for this user: call webauthn/register/start first (its challenge works once, for ${WEBAUTHN_CHALLENGE_MINUTES} minutes).`,
        );
      }
      // Spent by this attempt whatever its outcome, so a refused attestation cannot be retried with it.
      pending.usedAt = at;
      const failure = (why: string): SandboxError =>
        new SandboxError(400, 'unable_to_register_webauthn_registration', `WebAuthn registration could not be completed: ${why}`);

      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: credential as unknown as RegistrationResponseJSON,
          expectedChallenge: pending.challenge,
          expectedOrigin: expectedOrigin(request, failure),
          expectedRPID: pending.domain,
          // The options ask for "preferred": an authenticator that cannot verify the user still registers.
          requireUserVerification: false,
          supportedAlgorithmIDs: ALGORITHMS,
        });
      } catch (error) {
        if (error instanceof SandboxError) throw error;
        throw failure(reasonOf(error));
      }
      if (!verified.verified) throw failure('the attestation did not verify');
      const { credential: created } = verified.registrationInfo;
      if (state.webauthnCredentials.has(created.id)) {
        throw new SandboxError(409, 'duplicate_webauthn_registration', 'This WebAuthn credential is already registered.');
      }

      const registrationId = newId('webauthn-registration');
      const registration: StytchWebAuthnRegistration = {
        webauthn_registration_id: registrationId,
        domain: pending.domain,
        user_agent: pending.userAgent,
        authenticator_type: pending.authenticatorType,
        verified: true,
        // As Stytch names a new registration (stytch-browser's mocks: "WebAuthN 76b8d7d5", the
        // id's last 8 characters) until the user renames it.
        name: `WebAuthN ${registrationId.slice(-8)}`,
      };
      user.user.webauthn_registrations.push(registration);
      state.webauthnCredentials.set(created.id, {
        credentialId: created.id,
        registrationId,
        userId: user.user.user_id,
        publicKey: created.publicKey,
        counter: created.counter,
        transports: [...(created.transports ?? [])],
        userHandle: pending.userHandle,
        createdAt: at,
      });
      // Registered in the caller's session: the factor joins it (research §4: the SDK updates the session).
      const answer = addSessionFactor(session, user, webauthnFactor(registration, at), at, duration);
      return dataResponse({ ...answer, webauthn_registration_id: registrationId });
    }),

    route('post', `${sdk}/webauthn/authenticate/start/primary`, async (request) => {
      caller.sessionToken(request);
      return authenticateStart(request, await readJsonObject(request), null);
    }),

    route('post', `${sdk}/webauthn/authenticate/start/secondary`, async (request) => {
      const signedIn = requireSession(request);
      return authenticateStart(request, await readJsonObject(request), signedIn);
    }),

    route('post', `${sdk}/webauthn/authenticate`, async (request) => {
      caller.sessionToken(request);
      const body = await readJsonObject(request);
      const duration = sessionDuration(body);
      // The DFP and captcha fields the SDK sends are accepted and ignored, as with DFP off.
      const credential = readCredential(body, ['clientDataJSON', 'authenticatorData', 'signature']);
      const at = now();
      const stored = state.webauthnCredentials.get(String(credential['id']));
      const user = stored ? state.users.get(stored.userId) : undefined;
      const registration = user?.user.webauthn_registrations.find((entry) => entry.webauthn_registration_id === stored?.registrationId);
      if (!stored || !user || !registration) throw registrationNotFound();

      const record = state.webauthnChallenges.get(challengeOf(credential));
      if (!record || record.ceremony !== 'authenticate') throw unableToAuth('the challenge was not issued by authenticate/start');
      if (record.usedAt !== null) throw unableToAuth('the challenge was already used');
      if (at > record.expiresAt) throw unableToAuth(`the challenge expired (it works for ${WEBAUTHN_CHALLENGE_MINUTES} minutes)`);
      record.usedAt = at;
      // A secondary start named the caller: only their own credentials prove them.
      if (record.userId !== null && record.userId !== stored.userId) throw registrationNotFound();
      const signedIn = record.sessionToken === null ? null : findLiveSession(state, record.sessionToken, at);
      if (record.sessionToken !== null && !signedIn) {
        throw new SandboxError(401, 'unauthorized_credentials', 'The session that started this authentication is no longer valid.');
      }
      const userHandle = isJsonObject(credential['response']) ? credential['response']['userHandle'] : undefined;
      if (typeof userHandle === 'string' && userHandle !== '' && userHandle !== stored.userHandle) {
        throw unableToAuth('the userHandle does not belong to this credential');
      }

      let newCounter: number;
      try {
        const verified = await verifyAuthenticationResponse({
          response: credential as unknown as AuthenticationResponseJSON,
          expectedChallenge: record.challenge,
          expectedOrigin: expectedOrigin(request, unableToAuth),
          expectedRPID: record.domain,
          credential: { id: stored.credentialId, publicKey: stored.publicKey, counter: stored.counter, transports: stored.transports as AuthenticatorTransport[] },
          requireUserVerification: false,
        });
        if (!verified.verified) throw unableToAuth('the signature did not verify');
        newCounter = verified.authenticationInfo.newCounter;
      } catch (error) {
        if (error instanceof SandboxError) throw error;
        throw unableToAuth(reasonOf(error));
      }
      stored.counter = newCounter;

      const factor = webauthnFactor(registration, at);
      const answer = signedIn ? addSessionFactor(signedIn, user, factor, at, duration) : signIn(state, request, at, { user, factor, durationMinutes: duration });
      return dataResponse({ ...answer, webauthn_registration_id: registration.webauthn_registration_id });
    }),

    route('put', `${sdk}/webauthn/update/:id`, async (request, params) => {
      const { user } = requireSession(request);
      const registration = ownRegistration(user, params['id']);
      const body = await readJsonObject(request);
      const name = body['name'];
      if (name !== undefined && name !== null && typeof name !== 'string') throw new SandboxError(400, 'bad_request', 'name must be a string.');
      if (typeof name !== 'string' || name.trim() === '') {
        throw new SandboxError(400, 'empty_webauthn_registration_name', 'The WebAuthn registration name must not be empty.');
      }
      if ([...name].length > WEBAUTHN_NAME_MAX_LENGTH) {
        throw new SandboxError(400, 'invalid_argument', `The WebAuthn registration name must be at most ${WEBAUTHN_NAME_MAX_LENGTH} characters.`);
      }
      // Kept exactly as sent: it is text, escaped wherever it is shown.
      registration.name = name;
      return dataResponse({ user_id: user.user.user_id, webauthn_registration: { ...registration } });
    }),

    route('delete', `${sdk}/users/webauthn_registrations/:id`, (request, params) => {
      const { user } = requireSession(request);
      const registration = ownRegistration(user, params['id']);
      user.user.webauthn_registrations = user.user.webauthn_registrations.filter((entry) => entry !== registration);
      for (const [id, credential] of state.webauthnCredentials) {
        if (credential.registrationId === registration.webauthn_registration_id) state.webauthnCredentials.delete(id);
      }
      // As the SDK's other user deletions: it updates its user from `__user` (research §4).
      return dataResponse({ user_id: user.user.user_id, __user: user.user });
    }),
  ];
}
