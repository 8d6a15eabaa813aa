// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
// Google One Tap in the sandbox: Stytch's onetap/start and callback endpoints, the Google Identity
// Services emulator's JSON endpoints, and its client script run in jsdom against both.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GSI_CLIENT_SCRIPT } from './gsi-emulator';
import { SANDBOX_GOOGLE_CLIENT_ID } from './index';
import { CALLBACK_URL, ORIGIN, PUBLIC_TOKEN, arr, controlCall, obj, str, type JsonReply, SANDBOX_TEST_START, sandboxUnderTest } from './test-support';

const START = SANDBOX_TEST_START;
const { sandbox } = sandboxUnderTest(START);

const STYTCH = `${ORIGIN}/__sandbox/stytch`;
const SIGNUP_URL = `${ORIGIN}/login/callback/web?redirect=%2Fwelcome`;
const HOSTILE = '<img/src=x/onerror=alert(1)>@mail.vestibule.test';

async function reply(response: Response): Promise<JsonReply> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? null : (JSON.parse(text) as unknown) };
}

function expectStytchError(result: JsonReply, status: number, errorType: string): void {
  expect(result.status, JSON.stringify(result.json)).toBe(status);
  expect(obj(result.json)).toMatchObject({ status_code: status, error_type: errorType, error_message: expect.any(String), request_id: expect.any(String) });
}

async function start(publicToken: string | null = PUBLIC_TOKEN, headers: Record<string, string> = {}): Promise<JsonReply> {
  const url = new URL(`${STYTCH}/v1/public/oauth/google/onetap/start`);
  if (publicToken !== null) url.searchParams.set('public_token', publicToken);
  return reply(await fetch(url, { credentials: 'include', headers }));
}

async function callbackId(): Promise<string> {
  const result = await start();
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  return str(obj(result.json)['oauth_callback_id']);
}

async function submit(id: string, body: Record<string, unknown>, headers: Record<string, string> = { 'x-stytch-oauth-type': 'google-one-tap' }): Promise<JsonReply> {
  return reply(
    await fetch(`${STYTCH}/v1/oauth/callback/${encodeURIComponent(id)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
}

async function issueCredential(email: string, clientId: string = SANDBOX_GOOGLE_CLIENT_ID): Promise<JsonReply> {
  return reply(
    await fetch(`${ORIGIN}/__sandbox/gsi/credential`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, client_id: clientId }),
    }),
  );
}

async function credential(email: string): Promise<string> {
  const result = await issueCredential(email);
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  return str(obj(result.json)['credential']);
}

async function accounts(clientId: string | null = SANDBOX_GOOGLE_CLIENT_ID): Promise<JsonReply> {
  const url = new URL(`${ORIGIN}/__sandbox/gsi/accounts`);
  if (clientId !== null) url.searchParams.set('client_id', clientId);
  return reply(await fetch(url));
}

const body = (idToken: string, extra: Record<string, unknown> = {}) => ({
  id_token: idToken,
  stytch_csrf_token: '',
  login_redirect_url: CALLBACK_URL,
  signup_redirect_url: SIGNUP_URL,
  ...extra,
});

const seedUser = async (email: string) => expect((await controlCall('POST', '/users', { email })).status).toBe(201);
const setProject = async (patch: Record<string, unknown>) => {
  const result = await controlCall('PUT', '/project', patch);
  expect(result.status, JSON.stringify(result.json)).toBe(200);
};

describe('GET /v1/public/oauth/google/onetap/start', () => {
  it('answers the client id and a fresh callback id each time, without an envelope', async () => {
    const first = await start();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(obj(first.json)).toEqual({
      request_id: expect.stringMatching(/^request-id-test-/),
      status_code: 200,
      google_client_id: 'sandbox-google-client.apps.googleusercontent.com',
      oauth_callback_id: expect.stringMatching(/^oauth-callback-test-[0-9a-f-]{36}$/),
    });
    const second = obj((await start()).json);
    expect(second['oauth_callback_id']).not.toBe(obj(first.json)['oauth_callback_id']);
    expect(sandbox.state.oneTapCallbacks.size).toBe(2);
  });

  it('answers the configured client id', async () => {
    await setProject({ google_client_id: '1234-abc.apps.googleusercontent.com' });
    expect(obj((await start()).json)['google_client_id']).toBe('1234-abc.apps.googleusercontent.com');
  });

  it('checks the public token, the page domain and the oauth product', async () => {
    expectStytchError(await start('public-token-live-x'), 401, 'public_token_not_found');
    expectStytchError(await start(null), 401, 'public_token_not_found');
    expectStytchError(await start(PUBLIC_TOKEN, { 'X-SDK-Parent-Host': 'https://evil.example' }), 403, 'bad_domain_for_stytch_sdk');
    await setProject({ sdk_products: { oauth: false } });
    expectStytchError(await start(), 403, 'endpoint_not_authorized_for_sdk');
    expect(sandbox.state.oneTapCallbacks.size).toBe(0);
  });

  it.each([
    ['oauth_config_not_found', 404],
    ['no_login_redirect_urls_set', 400],
    ['no_signup_redirect_urls_set', 400],
    ['default_provider_not_allowed', 400],
  ] as const)('answers the configured error %s (%i)', async (error, status) => {
    await setProject({ one_tap_error: error });
    expectStytchError(await start(), status, error);
    expect(sandbox.state.oneTapCallbacks.size).toBe(0);
  });

  it('leaves the errors that are Google’s to the prompt', async () => {
    for (const error of ['origin_not_allowed_for_client', 'invalid_client']) {
      await setProject({ one_tap_error: error });
      expect((await start()).status).toBe(200);
    }
    await setProject({ one_tap_error: null });
    expect(obj((await controlCall('GET', '/project')).json)['one_tap_error']).toBeNull();
  });

  it('answers no_*_redirect_urls_set when the project has none of that type', async () => {
    await setProject({ redirect_urls: { login: [] } });
    expectStytchError(await start(), 400, 'no_login_redirect_urls_set');
    await setProject({ redirect_urls: { login: [CALLBACK_URL], signup: [] } });
    expectStytchError(await start(), 400, 'no_signup_redirect_urls_set');
  });

  it('fails as scripted by faults', async () => {
    await controlCall('POST', '/faults', { path: '/v1/public/oauth/google/onetap/start', status: 503, times: 1 });
    expectStytchError(await start(), 503, 'service_unavailable');
    expect((await start()).status).toBe(200);
    await controlCall('POST', '/faults', { path: '/v1/public/oauth/google/*', network_drop: true, times: 1 });
    await expect(start()).rejects.toThrow(TypeError);
  });
});

describe('project settings for One Tap', () => {
  it('defaults, validates and resets one_tap_error and google_client_id', async () => {
    expect(obj((await controlCall('GET', '/project')).json)).toMatchObject({ one_tap_error: null, google_client_id: SANDBOX_GOOGLE_CLIENT_ID });
    for (const patch of [{ one_tap_error: 'nope' }, { one_tap_error: 1 }, { google_client_id: '' }, { google_client_id: 'a b' }, { google_client_id: null }]) {
      const rejected = await controlCall('PUT', '/project', patch);
      expect(rejected.status, JSON.stringify(patch)).toBe(400);
      expect(obj(rejected.json)['error_type']).toBe('invalid_project_settings');
    }
    await setProject({ one_tap_error: 'invalid_client' });
    await controlCall('POST', '/reset');
    expect(obj((await controlCall('GET', '/project')).json)['one_tap_error']).toBeNull();
  });
});

describe('POST /v1/oauth/callback/:oauth_callback_id', () => {
  it('sends an existing user to the login URL with a single-use One Tap OAuth token', async () => {
    await seedUser('ada@mail.vestibule.test');
    const id = await callbackId();
    const result = await submit(id, body(await credential('Ada@mail.vestibule.test')));
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    expect(obj(result.json)).toEqual({ status_code: 200, request_id: expect.stringMatching(/^request-id-test-/), redirect_url: expect.any(String) });
    const redirect = new URL(str(obj(result.json)['redirect_url']));
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${ORIGIN}/login/callback`);
    // The URL's own query is kept.
    expect(redirect.searchParams.get('redirect')).toBe('/account');
    expect(redirect.searchParams.get('source')).toBe('web');
    expect(redirect.searchParams.get('stytch_token_type')).toBe('oauth');
    const token = str(redirect.searchParams.get('token'));
    expect(sandbox.state.oauthTokens.get(token)).toEqual({
      token,
      provider: 'google',
      email: 'ada@mail.vestibule.test',
      outcome: 'granted',
      via: 'one_tap',
      customScopes: [],
      providerParams: {},
      createdAt: START,
      expiresAt: expect.any(Number),
      usedAt: null,
      codeChallenge: null,
    });
  });

  it('sends a new user to the sign-up URL', async () => {
    const result = await submit(await callbackId(), body(await credential('new@mail.vestibule.test')));
    const redirect = new URL(str(obj(result.json)['redirect_url']));
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${ORIGIN}/login/callback/web`);
    expect(redirect.searchParams.get('redirect')).toBe('/welcome');
    expect(sandbox.state.oauthTokens.get(str(redirect.searchParams.get('token')))?.email).toBe('new@mail.vestibule.test');
  });

  it('uses the project default redirect URLs when none are sent', async () => {
    const result = await submit(await callbackId(), { id_token: await credential('new@mail.vestibule.test') }, { 'x-stytch-oauth-type': 'google-one-tap', Origin: ORIGIN });
    expect(str(obj(result.json)['redirect_url'])).toMatch(/^http:\/\/localhost:5173\/login\/callback\?stytch_token_type=oauth&token=/);
  });

  it('accepts a callback id once', async () => {
    const id = await callbackId();
    expect((await submit(id, body(await credential('a@mail.vestibule.test')))).status).toBe(200);
    expectStytchError(await submit(id, body(await credential('a@mail.vestibule.test'))), 400, 'oauth_flow_callback_error');
    expectStytchError(await submit('oauth-callback-test-unknown', body(await credential('a@mail.vestibule.test'))), 400, 'oauth_flow_callback_error');
  });

  it('accepts only ID tokens the Google emulator issued, once, for this client', async () => {
    const idToken = await credential('a@mail.vestibule.test');
    expect((await submit(await callbackId(), body(idToken))).status).toBe(200);
    expectStytchError(await submit(await callbackId(), body(idToken)), 400, 'oauth_flow_callback_error');
    expectStytchError(await submit(await callbackId(), body('eyJhbGciOiJSUzI1NiJ9.made-up.token')), 400, 'oauth_flow_callback_error');
    expectStytchError(await submit(await callbackId(), { login_redirect_url: CALLBACK_URL, signup_redirect_url: SIGNUP_URL }), 400, 'oauth_flow_callback_error');

    const other = await credential('a@mail.vestibule.test');
    await setProject({ google_client_id: 'another-client.apps.googleusercontent.com' });
    expectStytchError(await submit(await callbackId(), body(other)), 400, 'oauth_flow_callback_error');
    expect(sandbox.state.oauthTokens.size).toBe(1);
  });

  it('requires registered redirect URLs, and uses nothing up when it refuses', async () => {
    const id = await callbackId();
    const idToken = await credential('a@mail.vestibule.test');
    for (const extra of [
      { login_redirect_url: 'https://evil.example/login/callback' },
      { signup_redirect_url: 'https://evil.example/login/callback' },
      { login_redirect_url: 'javascript:alert(1)' },
      { login_redirect_url: `${ORIGIN}/login/password/reset` },
    ]) {
      expectStytchError(await submit(id, body(idToken, extra)), 400, 'no_match_for_provided_oauth_url');
    }
    expect((await submit(id, body(idToken))).status).toBe(200);
  });

  it('requires the One Tap header, and obeys faults', async () => {
    const id = await callbackId();
    const idToken = await credential('a@mail.vestibule.test');
    expectStytchError(await submit(id, body(idToken), {}), 400, 'bad_request');
    await controlCall('POST', '/faults', { path: '/v1/oauth/callback/*', status: 500, times: 1 });
    expectStytchError(await submit(id, body(idToken)), 500, 'internal_server_error');
    expect((await submit(id, body(idToken))).status).toBe(200);
  });
});

describe('Google Identity Services emulator endpoints', () => {
  it('lists the sandbox users as signed-in Google accounts', async () => {
    await seedUser('ada@mail.vestibule.test');
    await seedUser('bob@mail.vestibule.test');
    expect((await accounts()).json).toEqual({ not_displayed_reason: null, accounts: ['ada@mail.vestibule.test', 'bob@mail.vestibule.test'] });
  });

  it('says why the prompt would not show, and then lists nobody', async () => {
    await seedUser('ada@mail.vestibule.test');
    expect((await accounts(null)).json).toEqual({ not_displayed_reason: 'missing_client_id', accounts: [] });
    expect((await accounts('someone-else.apps.googleusercontent.com')).json).toEqual({ not_displayed_reason: 'invalid_client', accounts: [] });
    await setProject({ one_tap_error: 'invalid_client' });
    expect(obj((await accounts()).json)['not_displayed_reason']).toBe('invalid_client');
    await setProject({ one_tap_error: 'origin_not_allowed_for_client' });
    expect((await accounts()).json).toEqual({ not_displayed_reason: 'unregistered_origin', accounts: [] });
    // Stytch's own errors do not stop Google's prompt.
    await setProject({ one_tap_error: 'oauth_config_not_found' });
    expect(obj((await accounts()).json)['not_displayed_reason']).toBeNull();
  });

  it('issues single-use ID tokens for this client only', async () => {
    const idToken = await credential(' Ada@Mail.Vestibule.test ');
    expect(idToken).toMatch(/^sandbox-google-id-token-/);
    expect(sandbox.state.googleIdTokens.get(idToken)).toMatchObject({ email: 'ada@mail.vestibule.test', clientId: SANDBOX_GOOGLE_CLIENT_ID, usedAt: null });
    expectStytchError(await issueCredential('ada@mail.vestibule.test', 'someone-else'), 400, 'invalid_client');
    expectStytchError(await issueCredential('not an address'), 400, 'invalid_email');
    await setProject({ one_tap_error: 'origin_not_allowed_for_client' });
    expectStytchError(await issueCredential('ada@mail.vestibule.test'), 400, 'unregistered_origin');
  });

  it('applies faults that name its paths, and only those', async () => {
    await controlCall('POST', '/faults', { path: '/__sandbox/gsi/accounts', status: 503, times: 1 });
    await controlCall('POST', '/faults', { path: '/*', status: 500 });
    expectStytchError(await accounts(), 503, 'service_unavailable');
    expect(arr((await controlCall('GET', '/faults')).json)).toHaveLength(1);
    expect((await accounts()).status).toBe(200);
    await controlCall('DELETE', '/faults');
    await controlCall('POST', '/faults', { path: '/__sandbox/gsi/*', network_drop: true, times: 2 });
    await expect(accounts()).rejects.toThrow(TypeError);
    await expect(fetch(`${ORIGIN}/__sandbox/gsi/client`)).rejects.toThrow(TypeError);
    expect(arr((await controlCall('GET', '/faults')).json)).toHaveLength(0);
  });

  it('serves a CSP-safe script', async () => {
    const response = await fetch(`${ORIGIN}/__sandbox/gsi/client`);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await response.text();
    expect(script).toBe(GSI_CLIENT_SCRIPT);
    // No eval, no HTML parsing, no style attributes or elements (CSP: script-src/style-src 'self').
    expect(script).not.toMatch(/\beval\(|new Function|innerHTML|outerHTML|insertAdjacentHTML|document\.write|setAttribute\('style'|cssText|createElement\('style'\)/);
  });
});

// ── the client script in jsdom ─────────────────────────────────────────────────────────────

interface Notification {
  getMomentType(): string;
  isDisplayMoment(): boolean;
  isDisplayed(): boolean;
  isNotDisplayed(): boolean;
  getNotDisplayedReason(): string | undefined;
  isSkippedMoment(): boolean;
  getSkippedReason(): string | undefined;
  isDismissedMoment(): boolean;
  getDismissedReason(): string | undefined;
}

interface GsiId {
  initialize(config: Record<string, unknown>): void;
  prompt(listener?: (notification: Notification) => void): void;
  cancel(): void;
  disableAutoSelect(): void;
}

type GoogleWindow = Window & { google?: { accounts?: { id?: GsiId } } };

/** A moment as plain data, for assertions. */
function describeMoment(notification: Notification): string {
  if (notification.isDisplayMoment()) return notification.isDisplayed() ? 'displayed' : `notDisplayed:${notification.getNotDisplayedReason() ?? '?'}`;
  if (notification.isSkippedMoment()) return `skipped:${notification.getSkippedReason() ?? '?'}`;
  if (notification.isDismissedMoment()) return `dismissed:${notification.getDismissedReason() ?? '?'}`;
  return `other:${notification.getMomentType()}`;
}

describe('the emulated google.accounts.id in jsdom', () => {
  let id: GsiId;
  const moments: string[] = [];
  const credentials: unknown[] = [];
  const listener = (notification: Notification) => moments.push(describeMoment(notification));

  // A prompt left open would still listen for taps outside it.
  afterEach(() => id.cancel());

  beforeEach(async () => {
    moments.length = 0;
    credentials.length = 0;
    document.body.replaceChildren();
    delete (window as GoogleWindow).google;
    // The served text, run as a page would run it (the jsdom globals stand in for the page's).
    const script = await (await fetch(`${ORIGIN}/__sandbox/gsi/client`)).text();
    new Function(script)();
    const loaded = (window as GoogleWindow).google?.accounts?.id;
    if (!loaded) throw new Error('the script did not define google.accounts.id');
    id = loaded;
  });

  const promptElement = () => document.querySelector<HTMLElement>('[data-sandbox-gsi="prompt"]');
  const buttonNamed = (name: string) =>
    [...document.querySelectorAll('button')].find((button) => button.textContent === name || button.getAttribute('aria-label') === name);
  const initialize = (extra: Record<string, unknown> = {}) =>
    id.initialize({ client_id: SANDBOX_GOOGLE_CLIENT_ID, callback: (response: unknown) => credentials.push(response), ...extra });
  const displayed = async () => {
    await vi.waitFor(() => expect(moments).toEqual(['displayed']));
    const element = promptElement();
    if (!element) throw new Error('no prompt on the page');
    return element;
  };

  it('shows a floating prompt with one button per account, then hands over a credential', async () => {
    await seedUser('ada@mail.vestibule.test');
    await seedUser('bob@mail.vestibule.test');
    initialize();
    id.prompt(listener);
    const element = await displayed();
    expect(element.parentElement).toBe(document.body);
    expect(element.style.position).toBe('fixed');
    expect(element.style.top).toBe('16px');
    expect(element.style.right).toBe('16px');
    expect(Number.parseInt(element.style.minHeight, 10)).toBeGreaterThan(47);
    expect(element.getAttribute('role')).toBe('dialog');
    expect(element.textContent).toContain('Sandbox Google');
    expect(element.querySelector('h2')?.textContent).toBe('Sign in to localhost with Google');
    expect([...element.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['×', 'Continue as ada@mail.vestibule.test', 'Continue as bob@mail.vestibule.test']);
    expect(buttonNamed('Close')).toBeDefined();

    buttonNamed('Continue as bob@mail.vestibule.test')?.click();
    await vi.waitFor(() => expect(moments).toEqual(['displayed', 'dismissed:credential_returned']));
    expect(promptElement()).toBeNull();
    expect(credentials).toEqual([{ credential: expect.stringMatching(/^sandbox-google-id-token-/), select_by: 'btn', clientId: SANDBOX_GOOGLE_CLIENT_ID }]);

    // The credential is what Stytch's One Tap callback takes.
    const idToken = str(obj(credentials[0])['credential']);
    const result = await submit(await callbackId(), body(idToken));
    expect(str(obj(result.json)['redirect_url'])).toMatch(/^http:\/\/localhost:5173\/login\/callback\?redirect=%2Faccount&source=web&stytch_token_type=oauth&token=/);
  });

  it('renders inside prompt_parent_id when given', async () => {
    await seedUser('ada@mail.vestibule.test');
    const parent = document.createElement('div');
    parent.id = 'google-parent-prompt';
    document.body.append(parent);
    initialize({ prompt_parent_id: 'google-parent-prompt' });
    id.prompt(listener);
    const element = await displayed();
    expect(element.parentElement).toBe(parent);
    expect(element.style.position).toBe('');
    expect(element.style.width).toBe('100%');
  });

  it('closes on Close as user_cancel', async () => {
    await seedUser('ada@mail.vestibule.test');
    initialize();
    id.prompt(listener);
    await displayed();
    buttonNamed('Close')?.click();
    expect(moments).toEqual(['displayed', 'skipped:user_cancel']);
    expect(promptElement()).toBeNull();
    expect(credentials).toEqual([]);
  });

  it('closes on a tap outside unless cancel_on_tap_outside is false', async () => {
    await seedUser('ada@mail.vestibule.test');
    const outside = document.createElement('button');
    document.body.append(outside);
    initialize({ cancel_on_tap_outside: false });
    id.prompt(listener);
    const element = await displayed();
    outside.click();
    element.click();
    expect(moments).toEqual(['displayed']);
    id.cancel();
    expect(moments).toEqual(['displayed', 'skipped:auto_cancel']);
    expect(promptElement()).toBeNull();

    moments.length = 0;
    initialize();
    id.prompt(listener);
    await displayed();
    outside.click();
    expect(moments).toEqual(['displayed', 'skipped:tap_outside']);
    expect(promptElement()).toBeNull();
  });

  it('cancel() before the prompt shows ends it without showing it', async () => {
    await seedUser('ada@mail.vestibule.test');
    initialize();
    id.prompt(listener);
    id.cancel();
    expect(moments).toEqual(['skipped:auto_cancel']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(moments).toEqual(['skipped:auto_cancel']);
    expect(promptElement()).toBeNull();
  });

  it.each([
    ['origin_not_allowed_for_client', 'unregistered_origin'],
    ['invalid_client', 'invalid_client'],
  ])('is not displayed when one_tap_error is %s (%s)', async (error, reason) => {
    await seedUser('ada@mail.vestibule.test');
    await setProject({ one_tap_error: error });
    initialize();
    id.prompt(listener);
    await vi.waitFor(() => expect(moments).toEqual([`notDisplayed:${reason}`]));
    expect(promptElement()).toBeNull();
  });

  it('is not displayed without accounts, without a client id, or when Google cannot be reached', async () => {
    initialize();
    id.prompt(listener);
    await vi.waitFor(() => expect(moments).toEqual(['notDisplayed:opt_out_or_no_session']));

    moments.length = 0;
    id.initialize({ callback: () => undefined });
    id.prompt(listener);
    await vi.waitFor(() => expect(moments).toEqual(['notDisplayed:missing_client_id']));

    moments.length = 0;
    await seedUser('ada@mail.vestibule.test');
    initialize({ client_id: 'someone-else.apps.googleusercontent.com' });
    id.prompt(listener);
    await vi.waitFor(() => expect(moments).toEqual(['notDisplayed:invalid_client']));

    moments.length = 0;
    await controlCall('POST', '/faults', { path: '/__sandbox/gsi/accounts', network_drop: true, times: 1 });
    initialize();
    id.prompt(listener);
    await vi.waitFor(() => expect(moments).toEqual(['notDisplayed:unknown_reason']));
    expect(promptElement()).toBeNull();
  });

  it('reports issuing_failed when the credential cannot be issued', async () => {
    await seedUser('ada@mail.vestibule.test');
    await controlCall('POST', '/faults', { path: '/__sandbox/gsi/credential', status: 500, times: 1 });
    initialize();
    id.prompt(listener);
    await displayed();
    buttonNamed('Continue as ada@mail.vestibule.test')?.click();
    await vi.waitFor(() => expect(moments).toEqual(['displayed', 'skipped:issuing_failed']));
    expect(credentials).toEqual([]);
    expect(promptElement()).toBeNull();
  });

  it('shows hostile addresses as text', async () => {
    await seedUser(HOSTILE);
    initialize();
    id.prompt(listener);
    const element = await displayed();
    expect(element.querySelector('img')).toBeNull();
    expect(buttonNamed(`Continue as ${HOSTILE}`)).toBeDefined();
  });

  it('ends a shown prompt when prompt() is called again', async () => {
    await seedUser('ada@mail.vestibule.test');
    initialize();
    id.prompt(listener);
    await displayed();
    const second: string[] = [];
    id.prompt((notification) => second.push(describeMoment(notification)));
    expect(moments).toEqual(['displayed', 'skipped:auto_cancel']);
    await vi.waitFor(() => expect(second).toEqual(['displayed']));
    expect(document.querySelectorAll('[data-sandbox-gsi="prompt"]')).toHaveLength(1);
    id.disableAutoSelect();
  });
});
