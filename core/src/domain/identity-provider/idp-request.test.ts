import { describe, expect, it } from 'vitest';
import { MAX_PARAM_LENGTH, parseIdpRequest } from './idp-request';

const REDIRECT = 'https://shop.example/callback';
const missing = (param: string) => ({ kind: 'invalid', problem: { key: 'idp.missingParam', params: { param } } });

describe('an authorize request (SPEC §3, §5)', () => {
  it('takes the required parameters, and defaults response_type and scope', () => {
    expect(parseIdpRequest(`?client_id=app-1&redirect_uri=${encodeURIComponent(REDIRECT)}`)).toEqual({
      kind: 'authorize',
      params: { clientId: 'app-1', redirectUri: REDIRECT, responseType: 'code', scopes: ['openid', 'email', 'profile'] },
    });
  });

  it('splits scope on spaces and passes code_challenge, state, nonce and prompt through', () => {
    const query = new URLSearchParams({ client_id: 'app-1', redirect_uri: REDIRECT, scope: 'openid  read:orders openid', code_challenge: 'abc', code_challenge_method: 'S256', state: 's1', nonce: 'n1', prompt: 'consent', response_type: 'code' });
    expect(parseIdpRequest(`?${query.toString()}`)).toEqual({
      kind: 'authorize',
      params: { clientId: 'app-1', redirectUri: REDIRECT, responseType: 'code', scopes: ['openid', 'read:orders'], codeChallenge: 'abc', codeChallengeMethod: 'S256', state: 's1', nonce: 'n1', prompt: 'consent' },
    });
  });

  it.each([
    ['client_id', `?redirect_uri=${encodeURIComponent(REDIRECT)}`],
    ['client_id', `?client_id=&redirect_uri=${encodeURIComponent(REDIRECT)}`],
    ['redirect_uri', '?client_id=app-1'],
    ['client_id', ''],
  ])('says %s is missing (%s)', (param, search) => {
    expect(parseIdpRequest(search)).toEqual(missing(param));
  });

  it.each([
    ['a repeated client_id', `?client_id=a&client_id=b&redirect_uri=${encodeURIComponent(REDIRECT)}`, 'idp.repeatedParam', 'client_id'],
    ['a repeated state', `?client_id=a&state=1&state=2&redirect_uri=${encodeURIComponent(REDIRECT)}`, 'idp.repeatedParam', 'state'],
    ['a 10,000-character client_id', `?client_id=${'a'.repeat(10_000)}&redirect_uri=${encodeURIComponent(REDIRECT)}`, 'idp.longParam', 'client_id'],
    ['a redirect one character too long', `?client_id=a&redirect_uri=${encodeURIComponent(`https://shop.example/${'a'.repeat(MAX_PARAM_LENGTH)}`)}`, 'idp.longParam', 'redirect_uri'],
    ['a non-URL redirect', '?client_id=a&redirect_uri=not%20a%20url', 'idp.badRedirect', 'redirect_uri'],
    ['a javascript: redirect', `?client_id=a&redirect_uri=${encodeURIComponent('javascript:alert(document.cookie)')}`, 'idp.badRedirect', 'redirect_uri'],
    ['a data: redirect', `?client_id=a&redirect_uri=${encodeURIComponent('data:text/html,<script>alert(1)</script>')}`, 'idp.badRedirect', 'redirect_uri'],
    ['a relative redirect', `?client_id=a&redirect_uri=${encodeURIComponent('/callback')}`, 'idp.badRedirect', 'redirect_uri'],
    ['plain http off this machine', `?client_id=a&redirect_uri=${encodeURIComponent('http://shop.example/cb')}`, 'idp.badRedirect', 'redirect_uri'],
    ['credentials in the redirect', `?client_id=a&redirect_uri=${encodeURIComponent('https://good.example@evil.example/cb')}`, 'idp.badRedirect', 'redirect_uri'],
    ['a fragment in the redirect', `?client_id=a&redirect_uri=${encodeURIComponent('https://shop.example/cb#x')}`, 'idp.badRedirect', 'redirect_uri'],
    ['51 scopes', `?client_id=a&redirect_uri=${encodeURIComponent(REDIRECT)}&scope=${Array.from({ length: 51 }, (_, i) => `s${i}`).join('+')}`, 'idp.longParam', 'scope'],
  ])('refuses %s with a clear message, never throwing', (_name, search, key, param) => {
    expect(parseIdpRequest(search)).toEqual({ kind: 'invalid', problem: { key, params: { param } } });
  });

  it('allows http on this machine, for development', () => {
    expect(parseIdpRequest(`?client_id=a&redirect_uri=${encodeURIComponent('http://localhost:5173/cb')}`).kind).toBe('authorize');
  });
});

describe('a logout request', () => {
  const LOGOUT = 'https://shop.example/bye';

  it('is what /oauth/authorize does when post_logout_redirect_uri is present, and what /oauth/logout always does', () => {
    const expected = { kind: 'logout', params: { clientId: 'app-1', postLogoutRedirectUri: LOGOUT, idTokenHint: 'hint', state: 's' } };
    const search = `?client_id=app-1&post_logout_redirect_uri=${encodeURIComponent(LOGOUT)}&id_token_hint=hint&state=s`;
    expect(parseIdpRequest(search)).toEqual(expected);
    expect(parseIdpRequest(search, true)).toEqual(expected);
  });

  it.each([
    ['post_logout_redirect_uri', '?client_id=app-1', true],
    ['client_id', `?post_logout_redirect_uri=${encodeURIComponent(LOGOUT)}`, false],
  ])('says %s is missing', (param, search, logoutPath) => {
    expect(parseIdpRequest(search, logoutPath)).toEqual(missing(param));
  });

  it('refuses a javascript: post-logout redirect', () => {
    expect(parseIdpRequest(`?client_id=a&post_logout_redirect_uri=${encodeURIComponent('javascript:alert(1)')}`)).toEqual({ kind: 'invalid', problem: { key: 'idp.badRedirect', params: { param: 'post_logout_redirect_uri' } } });
  });
});
