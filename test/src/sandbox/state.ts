import type { Fault } from './faults';
import { type ConnectedApp, type GrantRecord, demoConnectedApp } from './idp';
import type { JsonObject, SandboxMessage, StytchSession, StytchUser } from './model';
import { type ProjectSettings, defaultProjectSettings } from './project';

export interface UserRecord {
  /** The wire object; handlers serialise it directly, so keep it complete. */
  user: StytchUser;
  /** Plain text on purpose: this is an in-memory sandbox, never a real credential store. */
  password: string | null;
}

export interface SessionRecord {
  /** The opaque session token the SDK keeps in the stytch_session cookie. */
  token: string;
  session: StytchSession;
  /** Epoch ms; revoked sessions are kept so tests can inspect them. */
  revokedAt: number | null;
}

export interface MagicLinkRecord {
  token: string;
  userId: string;
  emailId: string;
  email: string;
  kind: 'login' | 'signup';
  createdAt: number;
  /** Epoch ms; the link works while now <= expiresAt. */
  expiresAt: number;
  usedAt: number | null;
  /** PKCE challenge sent with the request, if any; authenticate must then prove the verifier. */
  codeChallenge: string | null;
}

/** A password-reset e-mail's token (POST /passwords/email/reset/start). */
export interface PasswordResetRecord {
  token: string;
  userId: string;
  emailId: string;
  email: string;
  createdAt: number;
  /** Epoch ms; the token works while now <= expiresAt. */
  expiresAt: number;
  usedAt: number | null;
  /** PKCE challenge sent with the start request, if any; the reset must then prove the verifier. */
  codeChallenge: string | null;
}

/**
 * The passcode (OTP) of one method (`method_id`: the e-mail's email_id or the phone's phone_id).
 * A new send replaces the code and its expiry; the failed attempts and the lock stay (./otps).
 */
export interface OtpRecord {
  methodId: string;
  userId: string;
  channel: 'email' | 'sms' | 'whatsapp';
  /** The e-mail address or E.164 number it went to. */
  destination: string;
  /** Six digits; null once used. */
  code: string | null;
  createdAt: number;
  /** Epoch ms; the code works while now <= expiresAt. */
  expiresAt: number;
  /** Consecutive wrong codes for this method. */
  failures: number;
  /** Epoch ms; every authenticate for this method is refused while now < lockedUntil. */
  lockedUntil: number | null;
}

/** Consecutive failed password sign-ins of one user, and the lock they led to. */
export interface PasswordLockRecord {
  failures: number;
  /** Epoch ms; password sign-ins are refused while now < lockedUntil. */
  lockedUntil: number | null;
}

/**
 * A token the emulated OAuth provider (or One Tap) sent the visitor back with; redeemed once at
 * POST /sdk/v1/oauth/authenticate. Issued through `issueOAuthToken` (oauth-tokens.ts).
 */
export interface OAuthTokenRecord {
  token: string;
  /** One of the SDK's provider types (`google`, `github`, …). */
  provider: string;
  /** The account picked or typed at the provider (an existing user's e-mail, or a new one). */
  email: string;
  /** 'cancelled': the visitor cancelled at the provider; authenticate answers `oauth_flow_callback_error`. */
  outcome: 'granted' | 'cancelled';
  /** How the round trip started: the redirect flow or Google One Tap (which has no PKCE). */
  via: 'redirect' | 'one_tap';
  customScopes: string[];
  providerParams: Record<string, string>;
  createdAt: number;
  /** Epoch ms; the token works while now <= expiresAt. */
  expiresAt: number;
  usedAt: number | null;
  /** PKCE challenge of the start request, if any; authenticate must then prove the verifier. */
  codeChallenge: string | null;
}

/** A One Tap attempt started at onetap/start; its callback id may submit one credential. */
interface OneTapCallbackRecord {
  callbackId: string;
  createdAt: number;
  usedAt: number | null;
}

/** An ID token the Google Identity Services emulator handed to a page (opaque, single use). */
interface GoogleIdTokenRecord {
  token: string;
  email: string;
  /** The client id it was issued for (its audience). */
  clientId: string;
  createdAt: number;
  usedAt: number | null;
}

/**
 * A credential registered at POST /sdk/v1/webauthn/register, by its credential id (base64url):
 * what assertions are verified against. Its wire object (name, domain, …) is the entry with the
 * same `registrationId` in the user's `webauthn_registrations`.
 */
export interface WebAuthnCredentialRecord {
  credentialId: string;
  registrationId: string;
  userId: string;
  /** The COSE public key from the attestation. */
  publicKey: Uint8Array<ArrayBuffer>;
  /** The authenticator's signature counter as last seen (0 = the authenticator keeps none). */
  counter: number;
  transports: string[];
  /** The `user.id` (base64url) it was created for; an assertion's userHandle must match it. */
  userHandle: string;
  createdAt: number;
}

/**
 * A challenge handed out by webauthn/register/start or authenticate/start: works once (it is
 * spent by the first finish that presents it, successful or not) and until `expiresAt`.
 */
export interface WebAuthnChallengeRecord {
  challenge: string;
  ceremony: 'register' | 'authenticate';
  /** The signed-in caller (register, authenticate/start/secondary); null for a primary sign-in. */
  userId: string | null;
  /** The caller's session token, whose session the finish extends; null for a primary sign-in. */
  sessionToken: string | null;
  /** The `domain` of the start call: the relying party id the finish is verified against. */
  domain: string;
  /** Register only: the `user.id` the options named, and what the registration records. */
  userHandle: string;
  authenticatorType: string;
  userAgent: string;
  createdAt: number;
  /** Epoch ms; the challenge works while now <= expiresAt. */
  expiresAt: number;
  usedAt: number | null;
}

/**
 * A challenge handed out by crypto_wallets/authenticate/start, by {@link cryptoWalletKey}: one per
 * wallet (a new start replaces it), spent by the first authenticate for that wallet, successful or
 * not, and working until `expiresAt`.
 */
export interface CryptoWalletChallengeRecord {
  type: 'ethereum' | 'solana';
  /** As shown to the signer: EIP-55 checksummed for Ethereum, base58 as sent for Solana. */
  address: string;
  /** The exact text the wallet must sign. */
  message: string;
  /** The signed-in caller (start/secondary); null for a primary sign-in. */
  userId: string | null;
  /** The caller's session token, whose session a secondary authenticate extends. */
  sessionToken: string | null;
  createdAt: number;
  /** Epoch ms; the challenge works while now <= expiresAt. */
  expiresAt: number;
  /** Epoch ms from the SIWE `not_before`, if sent: refused before then. */
  notBefore: number | null;
  usedAt: number | null;
}

/** Ethereum addresses are case-insensitive (the case is only a checksum); Solana's base58 is not. */
export function cryptoWalletKey(type: string, address: string): string {
  return `${type}:${type === 'ethereum' ? address.toLowerCase() : address}`;
}

/**
 * An authorization code idp/oauth/authorize/submit issued: redeemed once at the token endpoint by
 * the client it was issued to, with the same redirect URI and, when it carries a challenge, the
 * PKCE verifier.
 */
export interface AuthorizationCodeRecord {
  code: string;
  clientId: string;
  /** The redirect URI as requested (exactly: the token request must repeat it). */
  redirectUri: string;
  userId: string;
  /** The scopes granted (the grantable ones requested). */
  scopes: string[];
  nonce: string | null;
  /** S256 challenge, if the request sent one. */
  codeChallenge: string | null;
  createdAt: number;
  /** Epoch ms; the code works while now <= expiresAt. */
  expiresAt: number;
  usedAt: number | null;
}

/** A trusted auth token minted by POST /__sandbox/api/trusted-tokens for sessions/attest. */
interface TrustedTokenRecord {
  token: string;
  profileId: string;
  /** The user it names (created on attest if none has this address). */
  email: string;
  createdAt: number;
  /** Epoch ms; the token works while now <= expiresAt, as often as it is presented (like a JWT). */
  expiresAt: number;
}

/** A round trip the relying-party page started: what its callback needs to finish it. */
interface RelyingPartyStateRecord {
  state: string;
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
  createdAt: number;
  expiresAt: number;
}

export interface SdkEventRecord {
  event_name: string;
  details: unknown;
  /** The SDK's telemetry blob as sent (`event_id`, `client_sent_at`, `app_session_id`, …). */
  telemetry: Record<string, unknown>;
  /** ISO 8601 */
  receivedAt: string;
  public_token: string | null;
}

/** An event posthog-js sent to the analytics sink (/__sandbox/posthog), decoded. */
export interface AnalyticsEventRecord {
  /** ISO 8601, the sandbox's clock. */
  received_at: string;
  /** The path under the sink it came to, e.g. `/e/`, `/i/v0/e/`, `/batch/`, `/s/`. */
  path: string;
  event: string;
  distinct_id: string | null;
  properties: JsonObject;
  uuid?: string;
  /** Every other top-level field of the event (`timestamp`, `$set`, …). */
  extras?: JsonObject;
}

/**
 * Everything the emulated provider remembers. Mutable on purpose: tests may read it and seed it,
 * but prefer the HTTP control API so the same steps work against the dev server.
 */
export interface SandboxState {
  /** By user_id. */
  readonly users: Map<string, UserRecord>;
  /** By session token. */
  readonly sessions: Map<string, SessionRecord>;
  /** By magic-link token. */
  readonly magicLinks: Map<string, MagicLinkRecord>;
  /** By password-reset token. */
  readonly passwordResets: Map<string, PasswordResetRecord>;
  /** By method_id: passcodes sent by e-mail, SMS or WhatsApp. */
  readonly otps: Map<string, OtpRecord>;
  /** By user_id: failed password sign-ins and locks. */
  readonly passwordLocks: Map<string, PasswordLockRecord>;
  /** By OAuth token (redirect flow and One Tap). */
  readonly oauthTokens: Map<string, OAuthTokenRecord>;
  /** By One Tap callback id. */
  readonly oneTapCallbacks: Map<string, OneTapCallbackRecord>;
  /** By ID token (the Google Identity Services emulator's). */
  readonly googleIdTokens: Map<string, GoogleIdTokenRecord>;
  /** By credential id: registered passkeys and security keys. */
  readonly webauthnCredentials: Map<string, WebAuthnCredentialRecord>;
  /** By challenge: WebAuthn ceremonies started and not yet finished. */
  readonly webauthnChallenges: Map<string, WebAuthnChallengeRecord>;
  /** By {@link cryptoWalletKey}: wallet sign-ins started and not yet finished. */
  readonly cryptoWalletChallenges: Map<string, CryptoWalletChallengeRecord>;
  /** By client_id: the connected apps (OAuth clients) of the identity provider; the demo app after a reset. */
  readonly connectedApps: Map<string, ConnectedApp>;
  /** By `grantKey(userId, clientId)`: the scopes each user granted each app. */
  readonly idpGrants: Map<string, GrantRecord>;
  /** By code: authorization codes issued and not yet swept. */
  readonly authorizationCodes: Map<string, AuthorizationCodeRecord>;
  /** By token: trusted auth tokens for sessions/attest. */
  readonly trustedTokens: Map<string, TrustedTokenRecord>;
  /** By state: round trips the relying-party page started. */
  readonly relyingPartyStates: Map<string, RelyingPartyStateRecord>;
  /** The outbox, oldest first (the HTTP API lists newest first). */
  readonly messages: SandboxMessage[];
  /** SDK telemetry received on /events, oldest first. */
  readonly sdkEvents: SdkEventRecord[];
  /** How many requests each SDK endpoint received, by `METHOD /path` under `/sdk/v1` (e.g. `POST /sessions/authenticate`). */
  readonly sdkRequestCounts: Map<string, number>;
  /** Analytics events received at /__sandbox/posthog, oldest first, the newest 1,000 only. */
  readonly analyticsEvents: AnalyticsEventRecord[];
  /** The project's dashboard settings; replaced whole by PUT /__sandbox/api/project. */
  project: ProjectSettings;
  /** Scripted faults, first match wins. */
  readonly faults: Fault[];
  /** Releases every request a `hang` fault holds (reset and DELETE faults call them). */
  readonly hangs: Set<() => void>;
  /** Request times (epoch ms) per rate-limit key, oldest first. */
  readonly rateLimits: Map<string, number[]>;
}

export function createState(): SandboxState {
  return {
    users: new Map(),
    sessions: new Map(),
    magicLinks: new Map(),
    passwordResets: new Map(),
    otps: new Map(),
    passwordLocks: new Map(),
    oauthTokens: new Map(),
    oneTapCallbacks: new Map(),
    googleIdTokens: new Map(),
    webauthnCredentials: new Map(),
    webauthnChallenges: new Map(),
    cryptoWalletChallenges: new Map(),
    connectedApps: seededConnectedApps(),
    idpGrants: new Map(),
    authorizationCodes: new Map(),
    trustedTokens: new Map(),
    relyingPartyStates: new Map(),
    messages: [],
    sdkEvents: [],
    sdkRequestCounts: new Map(),
    analyticsEvents: [],
    project: defaultProjectSettings(),
    faults: [],
    hangs: new Set(),
    rateLimits: new Map(),
  };
}

/**
 * Empties every store in place, so references held by tests and handlers stay valid, and
 * restores the default project settings and the seeded connected app.
 */
export function clearState(state: SandboxState): void {
  state.users.clear();
  state.sessions.clear();
  state.magicLinks.clear();
  state.passwordResets.clear();
  state.otps.clear();
  state.passwordLocks.clear();
  state.oauthTokens.clear();
  state.oneTapCallbacks.clear();
  state.googleIdTokens.clear();
  state.webauthnCredentials.clear();
  state.webauthnChallenges.clear();
  state.cryptoWalletChallenges.clear();
  state.connectedApps.clear();
  for (const [clientId, app] of seededConnectedApps()) state.connectedApps.set(clientId, app);
  state.idpGrants.clear();
  state.authorizationCodes.clear();
  state.trustedTokens.clear();
  state.relyingPartyStates.clear();
  state.messages.length = 0;
  state.sdkEvents.length = 0;
  state.sdkRequestCounts.clear();
  state.analyticsEvents.length = 0;
  state.project = defaultProjectSettings();
  state.faults.length = 0;
  releaseHangs(state);
  state.rateLimits.clear();
}

/** The registry a sandbox starts with (and returns to on reset): the demo app only. */
function seededConnectedApps(): Map<string, ConnectedApp> {
  const demo = demoConnectedApp();
  return new Map([[demo.client_id, demo]]);
}

export function releaseHangs(state: SandboxState): void {
  for (const release of [...state.hangs]) release();
  state.hangs.clear();
}
