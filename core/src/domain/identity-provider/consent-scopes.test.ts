import { describe, expect, it } from 'vitest';
import { clientNameOf, consentScopes } from './consent-scopes';

const result = (scope: string, isGrantable = true, description: string | null = null) => ({ scope, isGrantable, description });

describe('the consent screen\'s scopes (SPEC §5, §6)', () => {
  it('lists grantable and ungrantable scopes apart, known ones in the catalogue\'s words', () => {
    expect(consentScopes([result('openid'), result('email'), result('full_access', false)], [])).toEqual({
      grantable: [
        { scope: 'openid', description: { key: 'idp.scope.openid' } },
        { scope: 'email', description: { key: 'idp.scope.email' } },
      ],
      ungrantable: [{ scope: 'full_access', description: { key: 'idp.scope.full_access' } }],
      custom: false,
    });
  });

  it('takes the project\'s description first, then the provider\'s, then the scope\'s name', () => {
    const scopes = consentScopes([result('email', true, 'Provider words'), result('read:orders', true, 'See your orders'), result('write:cart')], [{ scope: 'email', description: 'Project words' }]);
    expect(scopes.grantable.map((scope) => scope.description)).toEqual([{ text: 'Project words' }, { text: 'See your orders' }, { text: 'write:cart' }]);
    expect(scopes.custom).toBe(true);
  });

  it.each([
    ['every scope known', ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access'], false],
    ['one custom scope', ['openid', 'read:orders'], true],
    ['a known scope in another case', ['OpenID'], true],
  ])('%s: custom is %s', (_name, scopes, custom) => {
    expect(consentScopes(scopes.map((scope) => result(scope)), []).custom).toBe(custom);
  });

  it('keeps a client\'s 10,000-character description to a bounded text', () => {
    const [scope] = consentScopes([result('read:orders', true, 'x'.repeat(10_000))], []).grantable;
    expect(scope?.description).toEqual({ text: `${'x'.repeat(300)}…` });
  });
});

describe('the client\'s name (SPEC §6)', () => {
  it.each([
    ['the registered name', 'Shop Assistant', 'https://shop.example/cb', { text: 'Shop Assistant' }],
    ['the redirect host when unnamed', null, 'https://shop.example:8443/cb', { text: 'shop.example:8443' }],
    ['the redirect host when the name is blank', '  ', 'https://shop.example/cb', { text: 'shop.example' }],
    ["'The App' without either", null, 'not a url', { key: 'idp.defaultClientName' }],
  ])('is %s', (_name, registered, redirect, expected) => {
    expect(clientNameOf(registered, redirect)).toEqual(expected);
  });
});
