// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { PROVIDER_LOG_BATCH_SIZE, type AuthError, type CallOptions, type Result } from '@vestibule/core';
import { TestEthereumWallet } from '@vestibule/test/sandbox/test-wallets';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStytchAdapters } from './create-stytch-adapters';
import { SANDBOX_ORIGIN as ORIGIN, SANDBOX_STYTCH, sandboxControl as control, sandboxedStytch } from './sandboxed-stytch.test-support';
import { createStytchRuntime } from './stytch-client';
import { createStytchCryptoWalletsAdapter } from './stytch-crypto-wallets.adapter';
import { createStytchIdentityProviderAdapter } from './stytch-identity-provider.adapter';
import { createStytchPasskeysAdapter } from './stytch-passkeys.adapter';
import { createStytchPasswordsAdapter } from './stytch-passwords.adapter';
import { createStytchSessionAdapter } from './stytch-session.adapter';
import { createStytchTelemetryAdapter } from './stytch-telemetry.adapter';

// The fault contract: every provider call of every Stytch port, the real SDK where the adapter
// uses it, under every fault a network and a provider produce (scripted through the sandbox's
// /__sandbox/api/faults, as the browser tests script them). What the core builds on is the
// port's error: its code, whether a retry may work, and how long a 429 asked to wait. The
// screens' side of each fault (message, kept input, no spinner, retry) is the machines' and the
// browser tests'.

const PUBLIC_TOKEN = 'public-token-test-fault-contract';
const { server, stytch } = sandboxedStytch(PUBLIC_TOKEN);

interface FaultKind {
  readonly name: string;
  /** The fault as POSTed to the control API, without its path. */
  readonly spec: Readonly<Record<string, unknown>>;
  /** The port's error: `retryAfterMs` and `status` are absent unless named. */
  readonly expected: Pick<AuthError, 'code' | 'retryable' | 'retryAfterMs' | 'status'>;
  /**
   * The call never gets an answer. The core's providerCall aborts its signal after 15 s; here the
   * signal is aborted as soon as the request has reached the sandbox.
   */
  readonly hangs?: true;
}

// The same faults as test/e2e/fault-matrix.e2e.ts.
const FAULT_KINDS: readonly FaultKind[] = [
  { name: 'network error', spec: { network_drop: true }, expected: { code: 'network_unreachable', retryable: true } },
  {
    name: '429 with Retry-After',
    spec: { status: 429, error_type: 'too_many_requests', error_message: 'Too many requests.', retry_after_seconds: 3 },
    expected: { code: 'too_many_requests', retryable: true, retryAfterMs: 3000, status: 429 },
  },
  { name: '500', spec: { status: 500, error_type: 'internal_server_error', error_message: 'Oops.' }, expected: { code: 'server_error', retryable: true, status: 500 } },
  { name: '503', spec: { status: 503, error_type: 'service_unavailable', error_message: 'Down.' }, expected: { code: 'server_error', retryable: true, status: 503 } },
  { name: 'malformed JSON', spec: { malformed_json: true }, expected: { code: 'invalid_response', retryable: true } },
  { name: 'hang past the call timeout', spec: { hang: true }, expected: { code: 'timeout', retryable: true }, hangs: true },
];

// Passkeys on a client of their own (createStytchAdapters has no passkeys port), under a token of
// its own so the two clients do not share one session manager; both send the one session cookie.
const passkeysRuntime = createStytchRuntime({ publicToken: `${PUBLIC_TOKEN}-passkeys`, apiBaseUrl: SANDBOX_STYTCH });
const passkeys = createStytchPasskeysAdapter(passkeysRuntime);
afterAll(() => passkeysRuntime.dispose());

// Wallets likewise; their start's path depends on whether this client holds a session, so it
// signs in and out through its own passwords and session ports.
const walletsRuntime = createStytchRuntime({ publicToken: `${PUBLIC_TOKEN}-wallets`, apiBaseUrl: SANDBOX_STYTCH });
const wallets = createStytchCryptoWalletsAdapter(walletsRuntime);
const walletsPasswords = createStytchPasswordsAdapter(walletsRuntime);
const walletsSession = createStytchSessionAdapter(walletsRuntime);
afterAll(() => walletsRuntime.dispose());

// The identity provider likewise; an attestation that fails must leave its client signed out.
const idpRuntime = createStytchRuntime({ publicToken: `${PUBLIC_TOKEN}-idp`, apiBaseUrl: SANDBOX_STYTCH });
const idp = createStytchIdentityProviderAdapter(idpRuntime);
const idpSession = createStytchSessionAdapter(idpRuntime);
afterAll(() => idpRuntime.dispose());

/**
 * The browser's side of a ceremony, answered at once: a well-formed credential, enough to reach
 * the finish request (a fault answers it before the sandbox reads the credential).
 */
const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;
const credential = (response: Record<string, unknown>) => ({
  type: 'public-key',
  id: 'ZmF1bHQtY29udHJhY3Q',
  rawId: bytes('fault-contract'),
  response,
  getClientExtensionResults: () => ({}),
});
beforeAll(() => {
  const credentials = {
    get: () => Promise.resolve(credential({ clientDataJSON: bytes('{}'), authenticatorData: bytes('a'), signature: bytes('s'), userHandle: null })),
    create: () => Promise.resolve(credential({ clientDataJSON: bytes('{}'), attestationObject: bytes('a'), getTransports: () => ['internal'] })),
  };
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
});
afterAll(() => {
  delete (navigator as { credentials?: unknown }).credentials;
});

const STRONG = 'Fault contract horse battery 7';
const SIGNED_IN = { email: 'signed-in@example.com', password: STRONG, sessionDurationMinutes: 60 };
beforeAll(() => control('POST', '/users', { email: SIGNED_IN.email, password: STRONG }));

/** Signs in with a password (a new session each time), so the SDK holds a session to check or revoke. */
async function signedIn(): Promise<void> {
  const result = await stytch.passwords.authenticate(SIGNED_IN);
  if (!result.ok) throw new Error(`sign-in failed: ${result.error.code}`);
}

interface Operation {
  /** The port and method, e.g. `passwords.create`. */
  readonly name: string;
  /** The request path the fault names (after /__sandbox/stytch); a trailing `*` matches any rest. */
  readonly path: string;
  /** What the call needs before it can reach the provider. */
  readonly prepare?: () => Promise<void>;
  readonly call: (options: CallOptions) => Promise<Result<unknown>>;
  /** What else holds as soon as the call has failed, the fault still in place. */
  readonly failed?: () => void;
  /** What holds once the fault is gone (and a held request has been let go). */
  readonly afterwards?: () => Promise<void>;
}

const CALLBACK = `${ORIGIN}/login/callback`;
const PASSKEY_SIGN_IN = { sessionDurationMinutes: 60, conditionalMediation: false } as const;

/** A wallet with a real key: its address and a signature of its own are well-formed. */
const WALLET = new TestEthereumWallet();
const WALLET_SIGN_IN = { address: WALLET.address, chain: 'ethereum', signature: WALLET.personalSign('Fault contract'), sessionDurationMinutes: 60 } as const;

/** The wallets client holds a session (the start is then the SDK's secondary one), or holds none (primary). */
async function walletsSignedIn(): Promise<void> {
  const result = await walletsPasswords.authenticate(SIGNED_IN);
  if (!result.ok) throw new Error(`sign-in failed: ${result.error.code}`);
}
async function walletsSignedOut(): Promise<void> {
  if (walletsRuntime.current?.session.getSync()) await walletsSession.revoke();
}

/** An authorize request of the sandbox's demo app (a fault answers before anything is checked). */
const AUTHORIZE = {
  clientId: 'connected-app-test-demo',
  redirectUri: `${ORIGIN}/__sandbox/relying-party/callback`,
  responseType: 'code',
  scopes: ['openid', 'email'],
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  state: 'fault-contract',
} as const;

// A fault answers before the sandbox reads the request, so tokens, codes and ids need only be
// well-formed (the SDK checks their types).
const OPERATIONS: readonly Operation[] = [
  {
    name: 'session.check',
    path: '/sdk/v1/sessions/authenticate',
    prepare: signedIn,
    call: (options) => stytch.session.check(options),
    // A failed check is not a sign-out: 'Try again' finds the session.
    afterwards: async () => expect(await stytch.session.check()).toMatchObject({ ok: true, value: { user: { email: SIGNED_IN.email } } }),
  },
  { name: 'session.adopt', path: '/sdk/v1/sessions/authenticate', call: (options) => stytch.session.adopt('session-token-handed-over', options) },
  {
    name: 'session.revoke',
    path: '/sdk/v1/sessions/revoke',
    prepare: signedIn,
    call: (options) => stytch.session.revoke(options),
    // Whatever the revoke answered, the visitor leaves signed out: the next page finds no session
    // cookie at once (even while the revoke still hangs), and this page's SDK none once it ends.
    failed: () => expect(document.cookie).not.toContain('stytch_session='),
    afterwards: async () => expect(await stytch.session.check()).toEqual({ ok: true, value: null }),
  },
  {
    name: 'magicLinks.send',
    path: '/sdk/v1/magic_links/email/login_or_create',
    call: (options) =>
      stytch.magicLinks.send(
        { email: 'ada@example.com', loginRedirectUrl: CALLBACK, signupRedirectUrl: CALLBACK, loginExpirationMinutes: 30, signupExpirationMinutes: 30 },
        options,
      ),
  },
  { name: 'magicLinks.authenticate', path: '/sdk/v1/magic_links/authenticate', call: (options) => stytch.magicLinks.authenticate('magic-link-token', 60, options) },
  { name: 'passwords.searchUser', path: '/sdk/v1/users/search', call: (options) => stytch.passwords.searchUser('ada@example.com', options) },
  { name: 'passwords.strengthCheck', path: '/sdk/v1/passwords/strength_check', call: (options) => stytch.passwords.strengthCheck(STRONG, 'ada@example.com', options) },
  {
    name: 'passwords.create',
    path: '/sdk/v1/passwords',
    call: (options) => stytch.passwords.create({ email: 'ada@example.com', password: STRONG, sessionDurationMinutes: 60 }, options),
  },
  {
    name: 'passwords.authenticate',
    path: '/sdk/v1/passwords/authenticate',
    call: (options) => stytch.passwords.authenticate({ email: 'ada@example.com', password: STRONG, sessionDurationMinutes: 60 }, options),
  },
  {
    name: 'passwords.resetByEmailStart',
    path: '/sdk/v1/passwords/email/reset/start',
    call: (options) => stytch.passwords.resetByEmailStart({ email: 'ada@example.com', resetPasswordRedirectUrl: `${ORIGIN}/login/password/reset` }, options),
  },
  { name: 'passwords.resetByEmail', path: '/sdk/v1/passwords/email/reset', call: (options) => stytch.passwords.resetByEmail('reset-token', STRONG, 60, options) },
  // Each channel's send has its own path, which Retry-After is read for.
  { name: 'passcodes.send (e-mail)', path: '/sdk/v1/otps/email/login_or_create', call: (options) => stytch.passcodes.send({ channel: 'email', destination: 'ada@example.com' }, options) },
  { name: 'passcodes.send (SMS)', path: '/sdk/v1/otps/sms/login_or_create', call: (options) => stytch.passcodes.send({ channel: 'sms', destination: '+12015550123' }, options) },
  {
    name: 'passcodes.send (WhatsApp)',
    path: '/sdk/v1/otps/whatsapp/login_or_create',
    call: (options) => stytch.passcodes.send({ channel: 'whatsapp', destination: '+12015550123' }, options),
  },
  { name: 'passcodes.verify', path: '/sdk/v1/otps/authenticate', call: (options) => stytch.passcodes.verify('123456', 'phone-number-test-1', 60, options) },
  // oauth.start asks the start URL before leaving (issue 16 §11); its faults are in
  // stytch-oauth.adapter.test.ts, since a redirect or a page there means "leave" rather than data.
  { name: 'oauth.authenticate', path: '/sdk/v1/oauth/authenticate', call: (options) => stytch.oauth.authenticate('oauth-token', 60, options) },
  { name: 'oauth.oneTapSettings', path: '/v1/public/oauth/google/onetap/start', call: (options) => stytch.oauth.oneTapSettings(options) },
  {
    name: 'oauth.oneTapSubmit',
    path: '/v1/oauth/callback/*',
    call: (options) =>
      stytch.oauth.oneTapSubmit({ credential: 'google-id-token', callbackId: 'oauth-callback-test-1', loginRedirectUrl: CALLBACK, signupRedirectUrl: CALLBACK }, options),
  },
  // A passkey ceremony is two requests around the browser: each one's faults, each one's Retry-After.
  // The start is primary or secondary as the SDK holds a session or not.
  { name: 'passkeys.authenticate (start)', path: '/sdk/v1/webauthn/authenticate/start/*', call: (options) => passkeys.authenticate(PASSKEY_SIGN_IN, options) },
  { name: 'passkeys.authenticate (finish)', path: '/sdk/v1/webauthn/authenticate', call: (options) => passkeys.authenticate(PASSKEY_SIGN_IN, options) },
  { name: 'passkeys.register (start)', path: '/sdk/v1/webauthn/register/start', prepare: signedIn, call: (options) => passkeys.register({ sessionDurationMinutes: 60 }, options) },
  { name: 'passkeys.register (finish)', path: '/sdk/v1/webauthn/register', prepare: signedIn, call: (options) => passkeys.register({ sessionDurationMinutes: 60 }, options) },
  { name: 'passkeys.list', path: '/sdk/v1/users/me', prepare: signedIn, call: (options) => passkeys.list(options) },
  { name: 'passkeys.rename', path: '/sdk/v1/webauthn/update/*', call: (options) => passkeys.rename('webauthn-registration-test-1', 'Laptop', options) },
  { name: 'passkeys.remove', path: '/sdk/v1/users/webauthn_registrations/*', call: (options) => passkeys.remove('webauthn-registration-test-1', options) },
  // A wallet start is primary or secondary as the SDK holds a session or not: each path's faults,
  // each one's Retry-After (read for the path the SDK used, so the adapter must name it).
  {
    name: 'cryptoWallets.authenticateStart (primary)',
    path: '/sdk/v1/crypto_wallets/authenticate/start/primary',
    prepare: walletsSignedOut,
    call: (options) => wallets.authenticateStart(WALLET.address, 'ethereum', options),
  },
  {
    name: 'cryptoWallets.authenticateStart (secondary)',
    path: '/sdk/v1/crypto_wallets/authenticate/start/secondary',
    prepare: walletsSignedIn,
    call: (options) => wallets.authenticateStart(WALLET.address, 'ethereum', options),
  },
  {
    name: 'cryptoWallets.authenticate',
    path: '/sdk/v1/crypto_wallets/authenticate',
    prepare: walletsSignedOut,
    call: (options) => wallets.authenticate(WALLET_SIGN_IN, options),
    // Nobody signed in on a failure.
    afterwards: async () => expect(await walletsSession.check()).toEqual({ ok: true, value: null }),
  },
  { name: 'identityProvider.authorizeStart', path: '/sdk/v1/idp/oauth/authorize/start', call: (options) => idp.authorizeStart(AUTHORIZE, options) },
  { name: 'identityProvider.authorizeSubmit', path: '/sdk/v1/idp/oauth/authorize/submit', call: (options) => idp.authorizeSubmit(AUTHORIZE, true, options) },
  {
    name: 'identityProvider.logoutStart',
    path: '/sdk/v1/oauth/logout/start',
    call: (options) => idp.logoutStart({ clientId: AUTHORIZE.clientId, postLogoutRedirectUri: `${ORIGIN}/__sandbox/relying-party/`, state: 'fault-contract' }, options),
  },
  {
    name: 'identityProvider.attestSession',
    path: '/sdk/v1/sessions/attest',
    call: (options) => idp.attestSession({ token: 'trusted-token-test-fault-contract', profileId: 'trusted-token-profile-test-sandbox', sessionDurationMinutes: 60 }, options),
    // Nobody signed in on a failure.
    afterwards: async () => expect(await idpSession.check()).toEqual({ ok: true, value: null }),
  },
  {
    name: 'projectSettings.get',
    path: '/sdk/v1/projects/bootstrap/*',
    // A fresh adapter each time: a success is kept for the page's life, so only a first get asks.
    call: (options) => createStytchAdapters({ publicToken: PUBLIC_TOKEN, apiBaseUrl: SANDBOX_STYTCH }).projectSettings.get(options),
  },
  {
    // The role policy comes from the same bootstrap request, read apart from the settings.
    name: 'projectSettings.rbacPolicy',
    path: '/sdk/v1/projects/bootstrap/*',
    call: (options) => {
      const { projectSettings } = createStytchAdapters({ publicToken: PUBLIC_TOKEN, apiBaseUrl: SANDBOX_STYTCH });
      return projectSettings.rbacPolicy ? projectSettings.rbacPolicy(options) : Promise.reject(new Error('the Stytch adapter reads the role policy'));
    },
  },
];

/** How many requests the scripted faults have answered. */
async function faultHits(): Promise<number> {
  const faults = (await (await fetch(`${ORIGIN}/__sandbox/api/faults`)).json()) as { hits: number }[];
  return faults.reduce((sum, fault) => sum + fault.hits, 0);
}

/**
 * Requests msw is still answering (a request its client aborted is answered no more), so a row
 * starts only once the late answers of the one before are in: a held session check the SDK sees
 * fail after the next row signed in would be sent again.
 */
const unanswered = new Map<string, Request>();
server.events.on('request:start', ({ request, requestId }) => unanswered.set(requestId, request));
server.events.on('request:end', ({ requestId }) => unanswered.delete(requestId));
const stillAnswering = () => [...unanswered.values()].filter((request) => !request.signal.aborted).map((request) => request.url);

/** Clears the faults, which also lets go of a held request (it then fails as a dropped connection). */
async function clearFaults(): Promise<void> {
  await control('DELETE', '/faults');
  await vi.waitFor(() => expect(stillAnswering()).toEqual([]), { interval: 5 });
}
afterEach(clearFaults);

const WATCHDOG_MS = 1_000;
/** The call's result, or a failure naming it when it is still pending after the watchdog. */
async function settled<T>(call: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watchdog = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} was still pending ${WATCHDOG_MS} ms after its signal aborted`)), WATCHDOG_MS);
  });
  try {
    return await Promise.race([call, watchdog]);
  } finally {
    clearTimeout(timer);
  }
}

const errorOf = (result: Result<unknown>) => {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  const { code, retryable, retryAfterMs, status } = result.error;
  return { code, retryable, retryAfterMs, status };
};

describe.each(OPERATIONS)('fault contract: $name', (operation) => {
  it.each(FAULT_KINDS)('under $name: fails with $expected.code', async (fault) => {
    await operation.prepare?.();
    await control('POST', '/faults', { path: operation.path, ...fault.spec });
    const controller = new AbortController();
    const call = operation.call({ signal: controller.signal });
    if (fault.hangs) {
      await vi.waitFor(async () => expect(await faultHits()).toBe(1), { interval: 5 });
      controller.abort();
    }
    const result = fault.hangs ? await settled(call, operation.name) : await call;
    expect(errorOf(result)).toEqual({ retryAfterMs: undefined, status: undefined, ...fault.expected });
    // One request per call: neither the SDK nor the adapter tries again behind the core's back.
    expect(await faultHits()).toBe(1);
    operation.failed?.();
    await clearFaults();
    await operation.afterwards?.();
  });
});

// Telemetry reports nothing back: a batch that fails is dropped, and sending never throws.
describe('fault contract: telemetry.send', () => {
  it.each(FAULT_KINDS)('drops a batch under $name without throwing', async (fault) => {
    const sent: Promise<Response>[] = [];
    const host = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const response = fetch(input, init);
        sent.push(response);
        return response;
      },
    };
    const telemetry = createStytchTelemetryAdapter({ apiBaseUrl: SANDBOX_STYTCH, publicToken: PUBLIC_TOKEN }, host);
    await control('POST', '/faults', { path: '/sdk/v1/events', ...fault.spec });
    // A full batch, as the core hands it over. A failure it did not catch would fail the run as unhandled.
    const record = (i: number) => ({ id: `e${i}`, sentAt: 1_700_000_000_000 + i, name: 'email_sent', details: { email: `ada+${i}@example.com`, type: 'login_or_create_eml' } }) as const;
    expect(() => telemetry.send(Array.from({ length: PROVIDER_LOG_BATCH_SIZE }, (_, i) => record(i)))).not.toThrow();
    expect(sent).toHaveLength(1);
    // At least: the SDK's own event log posts to the same path.
    await vi.waitFor(async () => expect(await faultHits()).toBeGreaterThanOrEqual(1), { interval: 5 });
  });
});
