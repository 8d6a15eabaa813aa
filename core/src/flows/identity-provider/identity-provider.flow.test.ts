import { describe, expect, it } from 'vitest';
import { authError, fail, ok } from '../../domain/errors/auth-error';
import { parseIdpRequest } from '../../domain/identity-provider/idp-request';
import { providerError } from '../../domain/errors/provider-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { AttestRequest, AuthorizeParams, AuthorizeStart, LogoutParams } from '../../ports/identity-provider.port';
import type { ProviderSession } from '../../ports/session.port';
import type { ProviderLogEvent } from '../../ports/telemetry.port';
import { PROVIDER_LOG_FLUSH_MS } from '../../state/event-bus';
import { byName } from '../../testing/failure-view';
import { CALL_TIMEOUT_MS, PROVIDER_FAULTS, scriptedCall } from '../../testing/provider-faults';
import { providerUrlForTest } from '../../testing/provider-url-for-test';
import { virtualTimeHost } from '../../testing/virtual-time-host';
import { openIdentityProviderFlow } from './open-identity-provider-flow';
import { identityProviderView } from './identity-provider.view';

// SPEC §4's consent and logout flows on virtual time, through the page's view model, with a
// scripted identity provider and session: what is called in which order, what is shown, and
// where the page goes (only ever the provider's redirect).

const SESSION: NonNullable<ProviderSession> = { user: { userId: 'user-1', email: 'ada@example.com', roles: [], untrustedMetadata: {} }, session: { sessionId: 's-1', expiresAt: '2030-01-01T00:00:00Z' } };
const QUERY_REDIRECT = 'https://shop.example/callback';
const PROVIDER_REDIRECT = providerUrlForTest('https://shop.example/callback?code=c-1&state=s-1');
const AUTHORIZE = `?client_id=app-1&redirect_uri=${encodeURIComponent(QUERY_REDIRECT)}&state=s-1&scope=openid+email+read:orders`;
const LOGOUT = `?client_id=app-1&post_logout_redirect_uri=${encodeURIComponent('https://shop.example/bye')}`;

const start = (consentRequired: boolean, ungrantable: readonly string[] = []): AuthorizeStart => ({
  consentRequired,
  clientName: 'Shop <b>Assistant</b>',
  clientDescription: 'Helps you shop',
  scopeResults: [
    { scope: 'openid', isGrantable: !ungrantable.includes('openid'), description: null },
    { scope: 'email', isGrantable: !ungrantable.includes('email'), description: null },
    { scope: 'read:orders', isGrantable: !ungrantable.includes('read:orders'), description: 'See your orders' },
  ],
});

function setUp(search: string, options: { readonly session?: ProviderSession; readonly consentRequired?: boolean; readonly ungrantable?: readonly string[]; readonly attestation?: boolean; readonly revokeFails?: boolean; readonly submitRedirect?: typeof PROVIDER_REDIRECT | null } = {}) {
  const log: string[] = [];
  const telemetry: ProviderLogEvent[] = [];
  const authorizeStart = scriptedCall((params: AuthorizeParams) => (log.push(`start ${params.clientId} ${params.scopes.join(' ')}`), start(options.consentRequired ?? true, options.ungrantable)));
  const authorizeSubmit = scriptedCall((_params: AuthorizeParams, granted: boolean) => (log.push(`submit ${String(granted)}`), { redirectUri: options.submitRedirect === undefined ? PROVIDER_REDIRECT : options.submitRedirect }));
  const logoutStart = scriptedCall((_params: LogoutParams) => (log.push('logout start'), { consentRequired: options.consentRequired ?? true, redirectUri: providerUrlForTest('https://shop.example/bye?state=x') }));
  const attestSession = scriptedCall((request: AttestRequest) => (log.push(`attest ${request.profileId} ${request.sessionDurationMinutes}`), SESSION as ProviderSession));
  const test = virtualTimeHost({
    identityProvider: { authorizeStart, authorizeSubmit, logoutStart, attestSession },
    telemetry: { send: (batch) => void telemetry.push(...batch.map(({ name, details }) => ({ name, details }) as ProviderLogEvent)) },
    session: {
      // The core's session store checks once for the page; the flow reads its answer.
      check: () => Promise.resolve(ok(options.session === undefined ? SESSION : options.session)),
      adopt: () => Promise.resolve(ok(null)),
      subscribe: () => () => undefined,
      revoke: () => (log.push('revoke'), Promise.resolve(options.revokeFails === true ? fail(authError('network_unreachable')) : ok(undefined))),
    },
  });
  const flow = openIdentityProviderFlow(test.core, `idp-${Math.random()}`, {
    request: parseIdpRequest(search),
    attestation: options.attestation === true ? { token: 'trusted-token', profileId: 'profile-1' } : null,
    loginPath: '/login?redirect=%2Foauth%2Fauthorize' as SafePath,
    projectName: 'Vestibule',
  });
  flow.subscribe(() => undefined);
  // Started by its first subscriber; a second start (a front end mounting twice) changes nothing.
  flow.send({ type: 'started' });
  return { test, flow, log, telemetry, authorizeStart, authorizeSubmit, view: () => identityProviderView(flow.getSnapshot()) };
}

describe('authorize (SPEC §4 consent flow)', () => {
  it('shows a refused request\'s message and calls nothing', async () => {
    const { test, log, view } = setUp('?redirect_uri=https%3A%2F%2Fshop.example%2Fcb');
    await test.advance(0);
    expect(view()).toEqual({ screen: 'invalid', problem: { key: 'idp.missingParam', params: { param: 'client_id' } } });
    expect(test.core.i18n.text({ key: 'idp.missingParam', params: { param: 'client_id' } })).toBe('Required parameter is missing: client_id. Please reach out to the application developer.');
    expect(log).toEqual([]);
    expect(test.departures).toEqual([]);
  });

  it('without a session, says so and offers a sign-in that returns here, calling the provider for nothing else', async () => {
    const { test, log, view, telemetry } = setUp(AUTHORIZE, { session: null });
    await test.advance(0);
    expect(view()).toEqual({ screen: 'noSession', loginPath: '/login?redirect=%2Foauth%2Fauthorize' });
    expect(test.core.i18n.t('idp.noSession')).toBe('No active session detected. Please log in to continue.');
    expect(log).toEqual([]);
    // Once, though the test started it a second time (sent with the provider log's next batch).
    await test.advance(PROVIDER_LOG_FLUSH_MS);
    expect(telemetry).toEqual([{ name: 'render_idp_screen', details: { flow: 'authorize' } }]);
  });

  it('consent not required: submits at once with consent_granted false and goes where the provider says', async () => {
    const { test, log } = setUp(AUTHORIZE, { consentRequired: false });
    await test.advance(0);
    expect(log).toEqual(['start app-1 openid email read:orders', 'submit false']);
    expect(test.departures).toEqual([PROVIDER_REDIRECT]);
  });

  it('consent required: Allow and Deny, the client\'s text kept as text, a custom scope\'s title', async () => {
    const { test, flow, log, view } = setUp(AUTHORIZE);
    await test.advance(0);
    expect(view()).toMatchObject({
      screen: 'consent',
      title: 'idp.accessTitleCustom',
      clientName: { text: 'Shop <b>Assistant</b>' },
      scopes: { grantable: [{ scope: 'openid' }, { scope: 'email' }, { scope: 'read:orders', description: { text: 'See your orders' } }], ungrantable: [], custom: true },
      submitting: null,
    });
    flow.send({ type: 'allowClicked' });
    flow.send({ type: 'denyClicked' });
    expect(view()).toMatchObject({ screen: 'consent', submitting: 'allow' });
    await test.advance(0);
    expect(log.slice(1)).toEqual(['submit true']);
    // The provider's redirect, never the query's.
    expect(test.departures).toEqual([PROVIDER_REDIRECT]);
  });

  it('grants only what the user may grant, and with nothing grantable Allow does nothing', async () => {
    const { test, flow, authorizeSubmit } = setUp(AUTHORIZE, { ungrantable: ['read:orders'] });
    await test.advance(0);
    flow.send({ type: 'allowClicked' });
    await test.advance(0);
    expect(authorizeSubmit.calls.map(([params, granted]) => [params.scopes, granted])).toEqual([[['openid', 'email'], true]]);

    const none = setUp(AUTHORIZE, { ungrantable: ['openid', 'email', 'read:orders'] });
    await none.test.advance(0);
    none.flow.send({ type: 'allowClicked' });
    await none.test.advance(0);
    expect(none.view()).toMatchObject({ screen: 'consent', submitting: null, scopes: { grantable: [] } });
    expect(none.authorizeSubmit.calls).toEqual([]);
    none.flow.send({ type: 'denyClicked' });
    await none.test.advance(0);
    expect(none.authorizeSubmit.calls.map(([, granted]) => granted)).toEqual([false]);
  });

  it("logs the screen for a refused request too (render_idp_screen)", async () => {
    const { test, telemetry } = setUp('?client_id=a');
    await test.advance(PROVIDER_LOG_FLUSH_MS);
    expect(telemetry).toEqual([{ name: 'render_idp_screen', details: { flow: 'invalid' } }]);
  });

  it('Deny with no redirect from the provider shows the denial', async () => {
    const { test, flow, view } = setUp(AUTHORIZE, { submitRedirect: null });
    await test.advance(0);
    flow.send({ type: 'denyClicked' });
    await test.advance(0);
    expect(view()).toEqual({ screen: 'denied' });
    expect(test.core.i18n.t('idp.denied')).toBe('Access to the application was denied.');
    expect(test.departures).toEqual([]);
  });

  it('with a trusted token in the page settings: revokes any session, attests one for 60 minutes, then the preflight', async () => {
    const { test, log } = setUp(AUTHORIZE, { attestation: true, revokeFails: true });
    await test.advance(0);
    expect(log).toEqual(['revoke', 'attest profile-1 60', 'start app-1 openid email read:orders']);
  });

  it("a start error shows the provider's message under the error title, and Try again asks again", async () => {
    const { test, flow, view, authorizeStart } = setUp(AUTHORIZE);
    authorizeStart.failNext({ name: 'refused', error: providerError('connected_app_invalid_redirect_url', { status: 400, serverMessage: 'The redirect_uri is not registered for this app.' }), message: 'error.unexpected', words: '' });
    await test.advance(0);
    await test.advance(0);
    expect(view()).toEqual({ screen: 'error', message: { text: 'The redirect_uri is not registered for this app.' } });
    flow.send({ type: 'retryClicked' });
    await test.advance(0);
    expect(view()).toMatchObject({ screen: 'consent' });
    expect(test.reportedErrors.map((error) => error.providerType)).toEqual(['connected_app_invalid_redirect_url']);
  });

  it.each(byName(PROVIDER_FAULTS))('the start call under %s: its message, no spinner left', async (_name, fault) => {
    const { test, view, authorizeStart } = setUp(AUTHORIZE);
    authorizeStart.failNext(fault);
    await test.advance(0);
    if (fault.error === null) {
      await test.advance(CALL_TIMEOUT_MS - 1);
      expect(view().screen).toBe('busy');
      await test.advance(1);
    }
    expect(view()).toEqual({ screen: 'error', message: { key: fault.message } });
  });
});

describe('logout (SPEC §4 logout flow)', () => {
  it('no consent needed: revokes the session and goes to the returned address', async () => {
    const { test, log } = setUp(LOGOUT, { consentRequired: false });
    await test.advance(0);
    expect(log).toEqual(['logout start', 'revoke']);
    expect(test.departures).toEqual(['https://shop.example/bye?state=x']);
  });

  it("'Log out?' Yes revokes — a failure ignored — and redirects", async () => {
    const { test, flow, view } = setUp(LOGOUT, { revokeFails: true });
    await test.advance(0);
    expect(view()).toEqual({ screen: 'logoutConsent', projectName: 'Vestibule', busy: false });
    flow.send({ type: 'yesClicked' });
    await test.advance(0);
    expect(test.departures).toEqual(['https://shop.example/bye?state=x']);
  });

  it("'Log out?' No says the visitor was not logged out, and ends nothing", async () => {
    const { test, flow, view, log } = setUp(LOGOUT);
    await test.advance(0);
    flow.send({ type: 'noClicked' });
    expect(view()).toEqual({ screen: 'notLoggedOut' });
    expect(test.core.i18n.t('idp.notLoggedOut')).toBe('You have not been logged out. You may close this page.');
    expect(log).toEqual(['logout start']);
    expect(test.departures).toEqual([]);
  });
});
