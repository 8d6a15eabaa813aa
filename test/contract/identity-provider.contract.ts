import type { AuthError, AuthorizeParams, IdentityProviderPort, Result, SessionPort } from '@vestibule/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PortSubject } from './contract-subject';

/**
 * What an identity-provider contract runs against: the port, the provider's session on the same
 * client, and what only the provider's side can do (its users and roles, its registry, its trusted
 * tokens).
 */
interface IdentityProviderSubject extends PortSubject<IdentityProviderPort> {
  readonly session: SessionPort;
  /** Gives the provider a user with this address and these roles, and signs them in on this client. */
  signIn(email: string, roles?: readonly string[]): Promise<void>;
  signOut(): Promise<void>;
  /** Adds or replaces a connected app (the control API's body). */
  registerApp(app: Readonly<Record<string, unknown>>): Promise<void>;
  /** A trusted auth token naming `email`, and the profile it is for. */
  mintTrustedToken(email: string): Promise<{ readonly token: string; readonly profileId: string }>;
}

export type MakeIdentityProviderSubject = () => IdentityProviderSubject | Promise<IdentityProviderSubject>;

const ORIGIN = 'http://localhost:5173';
const CALLBACK = `${ORIGIN}/__sandbox/relying-party/callback`;
const POST_LOGOUT = `${ORIGIN}/__sandbox/relying-party/`;
/** base64url(SHA-256) of some verifier: 43 characters. */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const DEMO = 'connected-app-test-demo';

const PARAMS: AuthorizeParams = {
  clientId: DEMO,
  redirectUri: CALLBACK,
  responseType: 'code',
  scopes: ['openid', 'email', 'read:orders', 'write:orders'],
  codeChallenge: CHALLENGE,
  codeChallengeMethod: 'S256',
  state: 'state-1',
  nonce: 'nonce-1',
};

/** A first-party public app that asks no consent, registered for the callback. */
const QUIET_APP = {
  client_id: 'connected-app-test-quiet',
  client_name: 'Quiet Portal',
  client_type: 'first_party_public',
  consent_required: false,
  redirect_uris: [CALLBACK],
  post_logout_redirect_uris: [POST_LOGOUT],
  scopes: ['openid', 'email', 'full_access'],
};

function valueOf<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new Error(`${what} failed: ${result.error.code} ${result.error.providerType ?? ''} ${result.error.serverMessage ?? ''}`);
  return result.value;
}

const refused = (providerType: string, status: number, code: AuthError['code'] = 'provider_error'): { ok: false; error: Partial<AuthError> } => ({
  ok: false,
  error: { code, providerType, status, retryable: false },
});
const INVALID_REDIRECT = ['connected_app_invalid_redirect_url', 400] as const;

/**
 * What every {@link IdentityProviderPort} implementation promises (SPEC §2–§6, issue 19): authorize
 * needs a session and a registered client, redirect URI (compared exactly) and scopes; it tells
 * whether the user must consent and which scopes they may grant by their roles; a denial
 * redirects with `access_denied`, a grant with a code and the state, and is remembered; logout
 * names the registered URI and asks first while a session is live; a trusted token attests a
 * session for the user it names.
 */
export function describeIdentityProviderContract(name: string, makeSubject: MakeIdentityProviderSubject): void {
  describe(`identityProvider contract: ${name}`, () => {
    let subject: IdentityProviderSubject;
    let port: IdentityProviderPort;
    beforeEach(async () => {
      subject = await makeSubject();
      port = subject.port;
    });
    afterEach(() => subject.dispose());

    const redirectOf = async (params: AuthorizeParams, granted: boolean): Promise<URL> => {
      const { redirectUri } = valueOf(await port.authorizeSubmit(params, granted), 'authorizeSubmit');
      if (redirectUri === null) throw new Error('the submit answered no redirect');
      return new URL(redirectUri);
    };

    it('needs a signed-in user', async () => {
      expect(await port.authorizeStart(PARAMS)).toMatchObject(refused('user_unauthenticated', 401, 'user_unauthenticated'));
      expect(await port.authorizeSubmit(PARAMS, true)).toMatchObject(refused('user_unauthenticated', 401, 'user_unauthenticated'));
    });

    it('names the client and judges each scope by the user\'s roles', async () => {
      await subject.signIn('ada@example.com');
      expect(valueOf(await port.authorizeStart(PARAMS), 'authorizeStart')).toEqual({
        consentRequired: true,
        clientName: 'Demo Shop Assistant',
        clientDescription: 'An assistant that looks up your orders and places new ones for you.',
        scopeResults: [
          { scope: 'openid', isGrantable: true, description: 'Confirm who you are.' },
          { scope: 'email', isGrantable: true, description: 'See your email address.' },
          { scope: 'read:orders', isGrantable: true, description: 'See your orders.' },
          { scope: 'write:orders', isGrantable: false, description: 'Place and cancel orders for you.' },
        ],
      });
    });

    it('lets an administrator grant what an ordinary user cannot', async () => {
      await subject.signIn('root@example.com', ['shop_admin']);
      const start = valueOf(await port.authorizeStart({ ...PARAMS, scopes: ['write:orders'] }), 'authorizeStart');
      expect(start.scopeResults).toEqual([expect.objectContaining({ scope: 'write:orders', isGrantable: true })]);
    });

    it('refuses an unknown client, a redirect URI not registered exactly, foreign scopes and a public client without PKCE', async () => {
      await subject.signIn('ada@example.com');
      expect(await port.authorizeStart({ ...PARAMS, clientId: 'connected-app-test-nobody' })).toMatchObject(refused('invalid_client_id', 400));
      for (const redirectUri of [`${CALLBACK}/`, CALLBACK.replace('callback', 'Callback'), 'https://evil.example/callback']) {
        expect(await port.authorizeStart({ ...PARAMS, redirectUri }), redirectUri).toMatchObject(refused(...INVALID_REDIRECT));
        expect(await port.authorizeSubmit({ ...PARAMS, redirectUri }, true), redirectUri).toMatchObject(refused(...INVALID_REDIRECT));
      }
      expect(await port.authorizeStart({ ...PARAMS, scopes: ['openid', 'full_access'] })).toMatchObject(refused('oauth_invalid_scope_requested', 400));
      const { codeChallenge: _challenge, codeChallengeMethod: _method, ...withoutPkce } = PARAMS;
      expect(await port.authorizeStart(withoutPkce)).toMatchObject(refused('pkce_required_for_idp_authorization_flow', 400));
    });

    it('redirects a denial with access_denied and the state, and a grant with a code and the state', async () => {
      await subject.signIn('ada@example.com');
      const denied = await redirectOf(PARAMS, false);
      expect(`${denied.origin}${denied.pathname}`).toBe(CALLBACK);
      expect(denied.searchParams.get('error')).toBe('access_denied');
      expect(denied.searchParams.get('state')).toBe('state-1');
      expect(denied.searchParams.has('code')).toBe(false);

      const granted = await redirectOf(PARAMS, true);
      expect(`${granted.origin}${granted.pathname}`).toBe(CALLBACK);
      expect(granted.searchParams.get('code')).toEqual(expect.any(String));
      expect(granted.searchParams.get('state')).toBe('state-1');
      expect(granted.searchParams.has('error')).toBe(false);
    });

    it('remembers a grant: the same scopes need no consent again, new ones and prompt=consent do', async () => {
      await subject.signIn('ada@example.com');
      await redirectOf(PARAMS, true);
      expect(valueOf(await port.authorizeStart(PARAMS), 'authorizeStart').consentRequired).toBe(false);
      // As the consent screen does when none is required: submit without consent, and get a code.
      expect((await redirectOf(PARAMS, false)).searchParams.get('code')).toEqual(expect.any(String));
      expect(valueOf(await port.authorizeStart({ ...PARAMS, scopes: ['openid', 'profile'] }), 'authorizeStart').consentRequired).toBe(true);
      expect(valueOf(await port.authorizeStart({ ...PARAMS, prompt: 'consent' }), 'authorizeStart').consentRequired).toBe(true);
      // Another user has granted nothing.
      await subject.signOut();
      await subject.signIn('bob@example.com');
      expect(valueOf(await port.authorizeStart(PARAMS), 'authorizeStart').consentRequired).toBe(true);
    });

    it('asks no consent for an app that does not require it', async () => {
      await subject.registerApp(QUIET_APP);
      await subject.signIn('ada@example.com');
      const params = { ...PARAMS, clientId: QUIET_APP.client_id, scopes: ['openid', 'full_access'] };
      const start = valueOf(await port.authorizeStart(params), 'authorizeStart');
      expect(start).toMatchObject({ consentRequired: false, clientName: 'Quiet Portal', clientDescription: null });
      expect(start.scopeResults).toContainEqual(expect.objectContaining({ scope: 'full_access', isGrantable: false }));
      expect((await redirectOf(params, false)).searchParams.get('code')).toEqual(expect.any(String));
    });

    it('logs out to the registered URI with the state, asking first while a session is live', async () => {
      const params = { clientId: DEMO, postLogoutRedirectUri: POST_LOGOUT, state: 'bye-1' };
      expect(valueOf(await port.logoutStart(params), 'logoutStart')).toEqual({ consentRequired: false, redirectUri: `${POST_LOGOUT}?state=bye-1` });
      await subject.signIn('ada@example.com');
      expect(valueOf(await port.logoutStart(params), 'logoutStart')).toEqual({ consentRequired: true, redirectUri: `${POST_LOGOUT}?state=bye-1` });
      await subject.registerApp(QUIET_APP);
      expect(valueOf(await port.logoutStart({ ...params, clientId: QUIET_APP.client_id }), 'logoutStart').consentRequired).toBe(false);
      expect(await port.logoutStart({ ...params, postLogoutRedirectUri: `${POST_LOGOUT}x` })).toMatchObject(refused(...INVALID_REDIRECT));
      expect(await port.logoutStart({ ...params, clientId: 'connected-app-test-nobody' })).toMatchObject(refused('invalid_client_id', 400));
    });

    it('attests a session for the user a trusted token names', async () => {
      const { token, profileId } = await subject.mintTrustedToken('trusted@example.com');
      const attested = valueOf(await port.attestSession({ token, profileId, sessionDurationMinutes: 60 }), 'attestSession');
      expect(attested?.user.email).toBe('trusted@example.com');
      expect(await subject.session.check()).toMatchObject({ ok: true, value: { user: { email: 'trusted@example.com' } } });
      expect(await port.attestSession({ token: 'trusted-token-forged', profileId, sessionDurationMinutes: 60 })).toMatchObject(refused('invalid_trusted_auth_token', 401));
      expect(await port.attestSession({ token, profileId: 'trusted-token-profile-other', sessionDurationMinutes: 60 })).toMatchObject(refused('trusted_token_profile_not_found', 404));
    });
  });
}
