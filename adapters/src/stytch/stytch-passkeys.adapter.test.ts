// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { createSandbox } from '@vestibule/test/sandbox';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStytchRuntime } from './stytch-client';
import { createStytchPasskeysAdapter } from './stytch-passkeys.adapter';
import { createStytchPasswordsAdapter } from './stytch-passwords.adapter';
import { createStytchSessionAdapter } from './stytch-session.adapter';

// The adapter's own seams, with the real SDK against the sandbox and a stub of the browser's
// WebAuthn: what the browser answers (refusals, empty answers, which credential), the Signal API,
// and the options handed to the SDK. The ceremonies verified end to end, with a software
// authenticator, are test/contract/passkeys.contract.ts's.

const ORIGIN = 'http://localhost:5173';
const BASE = `${ORIGIN}/__sandbox/stytch`;
const API = `${BASE}/sdk/v1`;
const PASSWORD = 'Passkeys adapter horse battery 7';
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
const runtime = createStytchRuntime({ publicToken: 'public-token-test-passkeys-adapter', apiBaseUrl: BASE });
const passwords = createStytchPasswordsAdapter(runtime);
const session = createStytchSessionAdapter(runtime);
const SIGN_IN = { sessionDurationMinutes: 60, conditionalMediation: false } as const;

const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;

/** What a browser's `get` resolves to, as webauthn-json reads it; the sandbox looks the id up first. */
const assertion = (id = 'dW5rbm93bi1jcmVkZW50aWFs') => ({
  type: 'public-key',
  id,
  rawId: bytes(id),
  response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('a'), signature: bytes('s'), userHandle: null },
  getClientExtensionResults: () => ({}),
});

interface BrowserCall {
  readonly options: { readonly signal?: AbortSignal; readonly mediation?: string; readonly publicKey: Record<string, unknown> };
}

/** A stub of the page's `navigator.credentials` and `PublicKeyCredential`, answering as told. */
function stubBrowser(answer: { get?: (call: BrowserCall) => Promise<unknown>; create?: (call: BrowserCall) => Promise<unknown> }) {
  const calls: { kind: 'get' | 'create'; options: BrowserCall['options'] }[] = [];
  const credentials = {
    get: vi.fn((options: BrowserCall['options']) => {
      calls.push({ kind: 'get', options });
      return answer.get?.({ options }) ?? Promise.reject(new DOMException('no', 'NotAllowedError'));
    }),
    create: vi.fn((options: BrowserCall['options']) => {
      calls.push({ kind: 'create', options });
      return answer.create?.({ options }) ?? Promise.reject(new DOMException('no', 'NotAllowedError'));
    }),
  };
  const signalUnknownCredential = vi.fn((_options: { rpId: string; credentialId: string }) => Promise.resolve());
  const publicKeyCredential = { isConditionalMediationAvailable: vi.fn(() => Promise.resolve(true)), signalUnknownCredential };
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true, writable: true });
  vi.stubGlobal('PublicKeyCredential', publicKeyCredential);
  return { calls, credentials, publicKeyCredential, signalUnknownCredential };
}

async function signIn(email: string): Promise<void> {
  const seeded = await fetch(`${ORIGIN}/__sandbox/api/users`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(seeded.status).toBe(201);
  expect((await passwords.authenticate({ email, password: PASSWORD, sessionDurationMinutes: 60 })).ok).toBe(true);
}

/** The JSON bodies the SDK posted to `path` while `run` ran. */
async function bodiesOf(path: string, run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const bodies: Promise<Record<string, unknown>>[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.endsWith(path)) bodies.push(request.clone().json() as Promise<Record<string, unknown>>);
  };
  server.events.on('request:start', listener);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return Promise.all(bodies);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  runtime.dispose();
  server.close();
});
let passkeys = createStytchPasskeysAdapter(runtime);
beforeEach(() => {
  passkeys = createStytchPasskeysAdapter(runtime);
});
afterEach(async () => {
  server.resetHandlers();
  if (runtime.current?.session.getSync()) await session.revoke();
  sandbox.reset();
  delete (navigator as { credentials?: unknown }).credentials;
  vi.unstubAllGlobals();
});

describe('Stytch passkeys adapter: the Signal API', () => {
  it('tells the browser a credential the provider does not know, with the rp id used', async () => {
    const browser = stubBrowser({ get: () => Promise.resolve(assertion('Z29uZS1wYXNza2V5')) });
    expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'webauthn_registration_not_found', status: 404 } });
    expect(browser.calls[0]?.options.publicKey['rpId']).toBe('localhost');
    expect(browser.signalUnknownCredential).toHaveBeenCalledExactlyOnceWith({ rpId: 'localhost', credentialId: 'Z29uZS1wYXNza2V5' });
    // Called as a static method of PublicKeyCredential.
    expect(browser.signalUnknownCredential.mock.contexts[0]).toBe(browser.publicKeyCredential);
  });

  it('is a no-op where the browser lacks it, or where it throws or rejects', async () => {
    stubBrowser({ get: () => Promise.resolve(assertion()) });
    vi.stubGlobal('PublicKeyCredential', { isConditionalMediationAvailable: () => Promise.resolve(true) });
    expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'webauthn_registration_not_found' } });
    vi.stubGlobal('PublicKeyCredential', undefined);
    expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'webauthn_registration_not_found' } });
    for (const signalUnknownCredential of [() => Promise.reject(new DOMException('no', 'SecurityError')), () => { throw new TypeError('no'); }]) {
      vi.stubGlobal('PublicKeyCredential', { signalUnknownCredential });
      expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'webauthn_registration_not_found' } });
    }
  });

  it('is not used for a signed-in sign-in, whose "not found" may be another user\'s credential', async () => {
    await signIn('ada@example.com');
    const browser = stubBrowser({ get: () => Promise.resolve(assertion()) });
    expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'webauthn_registration_not_found' } });
    expect(browser.calls).toHaveLength(1);
    expect(browser.signalUnknownCredential).not.toHaveBeenCalled();
  });

  it('is not used for other failures', async () => {
    const browser = stubBrowser({ get: () => Promise.resolve(assertion()) });
    server.use(http.post(`${API}/webauthn/authenticate`, () => HttpResponse.json({ status_code: 401, error_type: 'unable_to_auth_webauthn_registration', error_message: 'No.' }, { status: 401 })));
    expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'provider_error', providerType: 'unable_to_auth_webauthn_registration', serverMessage: 'No.' } });
    expect(browser.signalUnknownCredential).not.toHaveBeenCalled();
  });
});

describe("Stytch passkeys adapter: the browser's answers", () => {
  it.each(['NotAllowedError', 'AbortError'])('maps %s to passkey_cancelled, for a sign-in and a registration', async (name) => {
    stubBrowser({ get: () => Promise.reject(new DOMException('declined', name)), create: () => Promise.reject(new DOMException('declined', name)) });
    expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'passkey_cancelled', retryable: false } });
    await signIn('ada@example.com');
    expect(await passkeys.register({ sessionDurationMinutes: 60 })).toMatchObject({ ok: false, error: { code: 'passkey_cancelled', retryable: false } });
  });

  it("maps a create's InvalidStateError (an excluded credential) to duplicate_webauthn_registration", async () => {
    await signIn('ada@example.com');
    stubBrowser({ create: () => Promise.reject(new DOMException('The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.', 'InvalidStateError')) });
    expect(await passkeys.register({ sessionDurationMinutes: 60 })).toMatchObject({ ok: false, error: { code: 'duplicate_webauthn_registration', retryable: false } });
  });

  it("maps the provider's duplicate (409) to duplicate_webauthn_registration too", async () => {
    await signIn('ada@example.com');
    stubBrowser({ create: () => Promise.resolve({ ...assertion(), response: { clientDataJSON: bytes('{}'), attestationObject: bytes('a'), getTransports: () => [] } }) });
    server.use(
      http.post(`${API}/webauthn/register`, () =>
        HttpResponse.json({ status_code: 409, error_type: 'duplicate_webauthn_registration', error_message: 'This WebAuthn credential is already registered.' }, { status: 409 }),
      ),
    );
    expect(await passkeys.register({ sessionDurationMinutes: 60 })).toMatchObject({ ok: false, error: { code: 'duplicate_webauthn_registration', status: 409 } });
  });

  it('maps other refusals (a wrong rp id, an unsupported authenticator) to unexpected, not to the network', async () => {
    stubBrowser({ get: () => Promise.reject(new DOMException('rp id', 'SecurityError')) });
    expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'unexpected', retryable: false } });
    stubBrowser({ get: () => Promise.reject(new TypeError('bad options')) });
    expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'unexpected' } });
  });

  it('maps an empty answer (no credential, or one without a response) to invalid_response, sending nothing', async () => {
    for (const empty of [null, undefined, { id: 'abc' }]) {
      stubBrowser({ get: () => Promise.resolve(empty), create: () => Promise.resolve(empty) });
      const finishes = await bodiesOf('/webauthn/authenticate', async () => {
        expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'invalid_response', retryable: true } });
      });
      expect(finishes).toEqual([]);
    }
    await signIn('ada@example.com');
    stubBrowser({ create: () => Promise.resolve(null) });
    expect(await passkeys.register({ sessionDurationMinutes: 60 })).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('fails without any request where the browser has no WebAuthn', async () => {
    const starts = await bodiesOf('/start/primary', async () => {
      expect(await passkeys.authenticate(SIGN_IN)).toMatchObject({ ok: false, error: { code: 'unexpected' } });
    });
    expect(starts).toEqual([]);
  });
});

describe('Stytch passkeys adapter: what it asks the SDK for', () => {
  it('signs in as a passkey, with the session duration, and the signal the browser request carries', async () => {
    const browser = stubBrowser({ get: () => Promise.resolve(assertion()) });
    const starts = await bodiesOf('/webauthn/authenticate/start/primary', async () => {
      const finishes = await bodiesOf('/webauthn/authenticate', () => passkeys.authenticate({ sessionDurationMinutes: 45, conditionalMediation: false }));
      expect(finishes[0]).toMatchObject({ session_duration_minutes: 45, public_key_credential: expect.stringContaining('"id":"dW5rbm93bi1jcmVkZW50aWFs"') });
    });
    expect(starts).toEqual([expect.objectContaining({ domain: 'localhost', return_passkey_credential_options: true })]);
    expect(browser.calls[0]?.options.signal).toBeInstanceOf(AbortSignal);
    expect(browser.calls[0]?.options.mediation).toBeUndefined();
  });

  it('aborts the browser request when the call is aborted, and answers at once', async () => {
    let asked: AbortSignal | undefined;
    stubBrowser({
      get: ({ options }) =>
        new Promise((_, reject) => {
          asked = options.signal;
          options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const controller = new AbortController();
    const pending = passkeys.authenticate({ sessionDurationMinutes: 60, conditionalMediation: true }, { signal: controller.signal });
    await vi.waitFor(() => expect(asked).toBeDefined(), { interval: 5 });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout', cause: 'aborted' } });
    expect(asked?.aborted).toBe(true);
  });

  it('runs autofill (conditional mediation) without looking for the input itself', async () => {
    const browser = stubBrowser({ get: () => Promise.resolve(assertion()) });
    // No input[autocomplete*=webauthn] in this document: the SDK's own check would answer null.
    expect(document.querySelector('input')).toBeNull();
    expect(await passkeys.authenticate({ sessionDurationMinutes: 60, conditionalMediation: true })).toMatchObject({ ok: false, error: { code: 'webauthn_registration_not_found' } });
    expect(browser.calls[0]?.options.mediation).toBe('conditional');
  });

  it("fails a conditional sign-in with unexpected where the browser offers no autofill (the SDK's null)", async () => {
    const browser = stubBrowser({});
    browser.publicKeyCredential.isConditionalMediationAvailable.mockResolvedValue(false);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await passkeys.authenticate({ sessionDurationMinutes: 60, conditionalMediation: true })).toMatchObject({ ok: false, error: { code: 'unexpected', retryable: false } });
    expect(browser.calls).toEqual([]);
    expect(logged.mock.calls.flat()).toContain('Browser does not support WebAuthn autofill');
    logged.mockRestore();
  });

  it('registers as a passkey, adding the call\'s signal to the browser request, and names the registration from the answer', async () => {
    await signIn('ada@example.com');
    let asked: AbortSignal | undefined;
    stubBrowser({
      create: ({ options }) => {
        asked = options.signal;
        return Promise.resolve({ ...assertion('bmV3LWtleQ'), response: { clientDataJSON: bytes('{}'), attestationObject: bytes('a'), getTransports: () => ['internal'] } });
      },
    });
    server.use(
      http.post(`${API}/webauthn/register`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        expect(body).toMatchObject({ session_duration_minutes: 30, public_key_credential: expect.stringContaining('"id":"bmV3LWtleQ"') });
        // The caller's session as the sandbox answers it, with the new registration on its user.
        const current = await fetch(`${API}/sessions/authenticate`, {
          method: 'POST',
          headers: { Authorization: request.headers.get('Authorization') ?? '', 'Content-Type': 'application/json' },
          body: '{}',
        });
        const { data } = (await current.json()) as { data: { user: Record<string, unknown> } };
        const registration = { webauthn_registration_id: 'webauthn-registration-test-1', domain: 'localhost', user_agent: '', authenticator_type: '', verified: true, name: 'WebAuthN n-test-1' };
        const user = { ...data.user, webauthn_registrations: [registration] };
        return HttpResponse.json({ status_code: 200, data: { ...data, user, __user: user, webauthn_registration_id: 'webauthn-registration-test-1' } });
      }),
    );
    const starts = await bodiesOf('/webauthn/register/start', async () => {
      expect(await passkeys.register({ sessionDurationMinutes: 30 })).toEqual({ ok: true, value: { id: 'webauthn-registration-test-1', name: 'WebAuthN n-test-1' } });
    });
    expect(starts).toEqual([expect.objectContaining({ domain: 'localhost', return_passkey_credential_options: true })]);
    expect(asked).toBeInstanceOf(AbortSignal);
  });

  it('answers invalid_response for a registration answer without its id, and for a malformed list', async () => {
    await signIn('ada@example.com');
    stubBrowser({ create: () => Promise.resolve({ ...assertion(), response: { clientDataJSON: bytes('{}'), attestationObject: bytes('a'), getTransports: () => [] } }) });
    server.use(
      http.post(`${API}/webauthn/register`, () => HttpResponse.json({ status_code: 200, data: { user_id: 'user-test-1' } })),
      http.get(`${API}/users/me`, () => HttpResponse.json({ status_code: 200, data: { user_id: 'user-test-1', webauthn_registrations: [{ name: 'no id' }] } }), { once: true }),
    );
    expect(await passkeys.register({ sessionDurationMinutes: 60 })).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    expect(await passkeys.list()).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });
});

describe('Stytch passkeys adapter: navigator.credentials while it watches', () => {
  it('puts navigator.credentials back after each ceremony, and lets other requests through', async () => {
    const browser = stubBrowser({ get: () => Promise.resolve(assertion()) });
    const { get, create } = browser.credentials;
    let otp: unknown;
    browser.credentials.get.mockImplementationOnce(async () => {
      // Another request during the ceremony (WebOTP): answered by the page's own method, untouched.
      otp = await (navigator as unknown as { credentials: { get(options: unknown): Promise<unknown> } }).credentials.get({ otp: { transport: ['sms'] } });
      return assertion();
    });
    expect((await passkeys.authenticate(SIGN_IN)).ok).toBe(false);
    expect(otp).toMatchObject({ id: 'dW5rbm93bi1jcmVkZW50aWFs' });
    const credentials = (navigator as unknown as { credentials: typeof browser.credentials }).credentials;
    expect(credentials.get).toBe(get);
    expect(credentials.create).toBe(create);
    expect(Object.keys(credentials).sort()).toEqual(['create', 'get']);
  });

  it('leaves a browser whose methods are inherited as it was (own properties removed)', async () => {
    class CredentialsContainer {
      get(): Promise<unknown> {
        return Promise.resolve(assertion());
      }
      create(): Promise<unknown> {
        return Promise.resolve(null);
      }
    }
    const container = new CredentialsContainer();
    Object.defineProperty(navigator, 'credentials', { value: container, configurable: true });
    expect((await passkeys.authenticate(SIGN_IN)).ok).toBe(false);
    expect(Object.getOwnPropertyNames(container)).toEqual([]);
  });
});
