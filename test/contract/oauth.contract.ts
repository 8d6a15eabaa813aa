import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractSubject, MakeSubject } from './contract-subject';

/** A start as the login widget builds it, to redirect URLs every provider the contracts run against accepts. */
const startRequest = {
  provider: 'google',
  loginRedirectUrl: 'http://localhost:5173/login/callback?redirect=%2Forders',
  signupRedirectUrl: 'http://localhost:5173/login/callback/web',
  customScopes: ['calendar', 'drive'],
  providerParams: { prompt: 'consent', login_hint: 'ada@example.com' },
} as const;

/**
 * What every {@link OAuthPort} implementation promises (SPEC §7 OAuth): the start reaches the
 * provider with what was asked for, and the token the visitor returns with signs in once; a
 * cancelled round trip and a token the provider never issued fail with the provider's types.
 */
export function describeOAuthContract(name: string, makeSubject: MakeSubject): void {
  describe(`OAuth contract: ${name}`, () => {
    let subject: ContractSubject;
    beforeEach(async () => {
      subject = await makeSubject();
    });
    afterEach(() => subject.dispose());

    const startAndFinish = async (choice: { readonly email: string } | 'cancel') => {
      expect(await subject.oauth.start(startRequest)).toEqual({ ok: true, value: undefined });
      return subject.finishOAuthAtProvider(choice);
    };

    it('starts at the provider with the redirect URLs, scopes and provider parameters', async () => {
      expect(await subject.oauth.start(startRequest)).toEqual({ ok: true, value: undefined });
      expect(subject.lastOAuthStart()).toEqual({
        provider: 'google',
        loginRedirectUrl: startRequest.loginRedirectUrl,
        signupRedirectUrl: startRequest.signupRedirectUrl,
        customScopes: ['calendar', 'drive'],
        providerParams: { prompt: 'consent', login_hint: 'ada@example.com' },
      });
      expect(await subject.oauth.start({ provider: 'github', loginRedirectUrl: startRequest.loginRedirectUrl, signupRedirectUrl: startRequest.signupRedirectUrl })).toEqual({ ok: true, value: undefined });
      expect(subject.lastOAuthStart()).toMatchObject({ provider: 'github', customScopes: [], providerParams: {} });
    });

    it('signs in with the returned token, reporting the user and the provider', async () => {
      const token = await startAndFinish({ email: 'ada@example.com' });
      expect(await subject.oauth.authenticate(token, 60)).toMatchObject({
        ok: true,
        value: { provider: 'google', session: { user: { email: 'ada@example.com' }, session: { sessionId: expect.any(String) } } },
      });
      expect(await subject.session.check()).toMatchObject({ ok: true, value: { user: { email: 'ada@example.com' } } });
    });

    it('fails a second use of the same token with oauth_token_not_found', async () => {
      const token = await startAndFinish({ email: 'ada@example.com' });
      expect((await subject.oauth.authenticate(token, 60)).ok).toBe(true);
      expect(await subject.oauth.authenticate(token, 60)).toMatchObject({ ok: false, error: { code: 'oauth_token_not_found', status: 404, retryable: false } });
    });

    it('fails a round trip cancelled at the provider with oauth_flow_callback_error, signed out', async () => {
      const token = await startAndFinish('cancel');
      expect(await subject.oauth.authenticate(token, 60)).toMatchObject({ ok: false, error: { code: 'oauth_flow_callback_error', status: 400, retryable: false } });
      expect(await subject.session.check()).toEqual({ ok: true, value: null });
      subject.oauth.abandon();
    });

    it('does not sign in with a token the provider never issued', async () => {
      expect(await subject.oauth.authenticate('never-issued-token', 60)).toMatchObject({ ok: false, error: { code: 'oauth_token_not_found', retryable: false } });
    });

    it('fails a start whose caller already gave up', async () => {
      const controller = new AbortController();
      controller.abort();
      expect(await subject.oauth.start(startRequest, { signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'timeout' } });
    });
  });
}
