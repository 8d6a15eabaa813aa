// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import type { AuthError, AuthorizeParams, Result } from '@vestibule/core';
import { createSandbox } from '@vestibule/test/sandbox';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStytchRuntime } from './stytch-client';
import { createStytchIdentityProviderAdapter } from './stytch-identity-provider.adapter';
import { createStytchPasswordsAdapter } from './stytch-passwords.adapter';
import { createStytchSessionAdapter } from './stytch-session.adapter';

// The adapter with the real SDK against the sandbox's identity provider. What the fake must answer
// the same way is test/contract/identity-provider.contract.ts's; these are the adapter's own
// seams: the wire paths and bodies, and the answers it refuses.

const ORIGIN = 'http://localhost:5173';
const BASE = `${ORIGIN}/__sandbox/stytch`;
const API = `${BASE}/sdk/v1`;
const PASSWORD = 'Identity provider horse battery 7';
const CALLBACK = `${ORIGIN}/__sandbox/relying-party/callback`;
const POST_LOGOUT = `${ORIGIN}/__sandbox/relying-party/`;
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
const runtime = createStytchRuntime({ publicToken: 'public-token-test-identity-provider-adapter', apiBaseUrl: BASE });
const idp = createStytchIdentityProviderAdapter(runtime);
const session = createStytchSessionAdapter(runtime);
const passwords = createStytchPasswordsAdapter(runtime);

const PARAMS: AuthorizeParams = {
  clientId: 'connected-app-test-demo',
  redirectUri: CALLBACK,
  responseType: 'code',
  scopes: ['openid', 'email', 'write:orders'],
  codeChallenge: CHALLENGE,
  codeChallengeMethod: 'S256',
  state: 'state-1',
  nonce: 'nonce-1',
};

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected a success, got ${result.error.code} ${result.error.providerType ?? ''} ${result.error.serverMessage ?? ''}`);
  return result.value;
}

const refusal = (providerType: string, status: number, code: AuthError['code'] = 'provider_error'): { ok: false; error: Partial<AuthError> } => ({
  ok: false,
  error: { code, providerType, status, retryable: false },
});
const invalid = { ok: false, error: expect.objectContaining({ code: 'invalid_response' }) };

async function signIn(email = 'ada@example.com'): Promise<void> {
  const seeded = await fetch(`${ORIGIN}/__sandbox/api/users`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(seeded.status).toBe(201);
  valueOf(await passwords.authenticate({ email, password: PASSWORD, sessionDurationMinutes: 60 }));
}

/** The bodies the SDK posted to `path` while `run` ran. */
async function bodiesOf(path: string, run: () => Promise<unknown>): Promise<unknown[]> {
  const bodies: Promise<unknown>[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname === `/__sandbox/stytch/sdk/v1${path}`) bodies.push(request.clone().json());
  };
  server.events.on('request:start', listener);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return Promise.all(bodies);
}

/** The next answer of `path` replaced by `data` (a malformed or hostile provider). */
const answerNext = (path: string, data: unknown) =>
  server.use(http.post(`${API}${path}`, () => HttpResponse.json({ data: { request_id: 'request-test-1', status_code: 200, ...(data as object) } }), { once: true }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  runtime.dispose();
  server.close();
});
afterEach(async () => {
  server.resetHandlers();
  if (runtime.current?.session.getSync()) await session.revoke();
  sandbox.reset();
});

describe('Stytch identity-provider adapter: authorize', () => {
  it('starts with every parameter, and reads the client and each scope', async () => {
    await signIn();
    let start: unknown;
    const bodies = await bodiesOf('/idp/oauth/authorize/start', async () => {
      start = valueOf(await idp.authorizeStart(PARAMS));
    });
    expect(bodies).toEqual([
      { client_id: PARAMS.clientId, redirect_uri: CALLBACK, response_type: 'code', scopes: PARAMS.scopes, state: 'state-1', nonce: 'nonce-1', code_challenge: CHALLENGE, code_challenge_method: 'S256' },
    ]);
    expect(start).toEqual({
      consentRequired: true,
      clientName: 'Demo Shop Assistant',
      clientDescription: 'An assistant that looks up your orders and places new ones for you.',
      scopeResults: [
        { scope: 'openid', isGrantable: true, description: 'Confirm who you are.' },
        { scope: 'email', isGrantable: true, description: 'See your email address.' },
        { scope: 'write:orders', isGrantable: false, description: 'Place and cancel orders for you.' },
      ],
    });
  });

  it("submits the decision and hands on the provider's redirect: a code, or access_denied", async () => {
    await signIn();
    const denied = valueOf(await idp.authorizeSubmit(PARAMS, false)).redirectUri;
    expect(new URL(denied ?? '').searchParams.get('error')).toBe('access_denied');
    let granted: string | null = null;
    const bodies = await bodiesOf('/idp/oauth/authorize/submit', async () => {
      granted = valueOf(await idp.authorizeSubmit(PARAMS, true)).redirectUri;
    });
    expect(bodies).toEqual([expect.objectContaining({ consent_granted: true, state: 'state-1', code_challenge: CHALLENGE })]);
    const redirect = new URL(granted ?? '');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(CALLBACK);
    expect(redirect.searchParams.get('code')).toEqual(expect.any(String));
    expect(redirect.searchParams.get('state')).toBe('state-1');
  });

  it("passes on the provider's refusals", async () => {
    expect(await idp.authorizeStart(PARAMS)).toMatchObject(refusal('user_unauthenticated', 401, 'user_unauthenticated'));
    await signIn();
    expect(await idp.authorizeStart({ ...PARAMS, redirectUri: `${CALLBACK}/` })).toMatchObject(refusal('connected_app_invalid_redirect_url', 400));
    expect(await idp.authorizeSubmit({ ...PARAMS, clientId: 'nobody' }, true)).toMatchObject(refusal('invalid_client_id', 400));
  });

  it('refuses answers it cannot use: no consent flag, unbounded text, a redirect the browser may not follow', async () => {
    await signIn();
    const client = { client_id: 'c', client_type: 'third_party', client_name: 'App', client_description: '' };
    answerNext('/idp/oauth/authorize/start', { client, scope_results: [] });
    expect(await idp.authorizeStart(PARAMS)).toEqual(invalid);
    answerNext('/idp/oauth/authorize/start', { client: { ...client, client_name: 'x'.repeat(201) }, consent_required: true, scope_results: [] });
    expect(await idp.authorizeStart(PARAMS)).toEqual(invalid);
    answerNext('/idp/oauth/authorize/start', { client, consent_required: true, scope_results: [{ scope: 'openid', is_grantable: 'yes' }] });
    expect(await idp.authorizeStart(PARAMS)).toEqual(invalid);
    // An empty description is none.
    answerNext('/idp/oauth/authorize/start', { client, consent_required: false, scope_results: [{ scope: 'openid', is_grantable: true, description: '' }] });
    expect(valueOf(await idp.authorizeStart(PARAMS))).toEqual({ consentRequired: false, clientName: 'App', clientDescription: null, scopeResults: [{ scope: 'openid', isGrantable: true, description: null }] });

    for (const hostile of ['javascript:alert(1)', 'http://evil.example/cb?code=1', 'https://user@evil.example/', '/relative']) {
      answerNext('/idp/oauth/authorize/submit', { redirect_uri: hostile });
      expect(await idp.authorizeSubmit(PARAMS, true), hostile).toEqual(invalid);
    }
    answerNext('/idp/oauth/authorize/submit', {});
    expect(await idp.authorizeSubmit(PARAMS, true)).toEqual({ ok: true, value: { redirectUri: null } });
  });
});

describe('Stytch identity-provider adapter: logout', () => {
  it('answers where to go and whether to ask, and refuses an unusable answer', async () => {
    const params = { clientId: 'connected-app-test-demo', postLogoutRedirectUri: POST_LOGOUT, state: 'bye' };
    expect(valueOf(await idp.logoutStart(params))).toEqual({ consentRequired: false, redirectUri: `${POST_LOGOUT}?state=bye` });
    await signIn();
    expect(valueOf(await idp.logoutStart(params))).toEqual({ consentRequired: true, redirectUri: `${POST_LOGOUT}?state=bye` });
    expect(await idp.logoutStart({ ...params, postLogoutRedirectUri: 'https://evil.example/' })).toMatchObject(refusal('connected_app_invalid_redirect_url', 400));
    answerNext('/oauth/logout/start', { redirect_uri: 'data:text/html,hi', consent_required: false });
    expect(await idp.logoutStart(params)).toEqual(invalid);
    answerNext('/oauth/logout/start', { redirect_uri: POST_LOGOUT });
    expect(await idp.logoutStart(params)).toEqual(invalid);
  });
});

describe('Stytch identity-provider adapter: attestation', () => {
  it('takes over a session from a trusted token, which the SDK then holds', async () => {
    const minted = await fetch(`${ORIGIN}/__sandbox/api/trusted-tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'trusted@example.com' }) });
    const { token, profile_id: profileId } = (await minted.json()) as { token: string; profile_id: string };
    const attested = valueOf(await idp.attestSession({ token, profileId, sessionDurationMinutes: 60 }));
    expect(attested?.user.email).toBe('trusted@example.com');
    expect(await session.check()).toMatchObject({ ok: true, value: { user: { email: 'trusted@example.com' } } });

    expect(await idp.attestSession({ token: 'forged', profileId, sessionDurationMinutes: 60 })).toMatchObject(refusal('invalid_trusted_auth_token', 401));
    expect(await idp.attestSession({ token, profileId: 'other', sessionDurationMinutes: 60 })).toMatchObject(refusal('trusted_token_profile_not_found', 404));
  });
});
