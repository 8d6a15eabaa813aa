import { describe, expect, it } from 'vitest';
import type { WidgetConfig } from '../config/widget-config';
import { configuredOAuthProviders, oauthProviderName, orderOAuthButtons, parseLastUsedOAuth, readPendingOAuth } from './oauth-buttons';
import { writePendingOAuth } from './pending-oauth-note';

const config = (providers: WidgetConfig['oauthOptions']): WidgetConfig => ({ products: ['oauth', 'emailMagicLinks'], ...(providers ? { oauthOptions: providers } : {}) });

describe("OAuth buttons on Main (SPEC §2 'Last used')", () => {
  const three = configuredOAuthProviders(config({ providers: [{ type: 'github' }, { type: 'google' }, { type: 'apple' }] }));

  it('keeps the configured order when nothing was used before', () => {
    expect(orderOAuthButtons(three, null).map((button) => [button.provider, button.name, button.lastUsed])).toEqual([
      ['github', 'GitHub', false],
      ['google', 'Google', false],
      ['apple', 'Apple', false],
    ]);
  });

  it('puts the provider last used first, marked, and the others in configured order after it', () => {
    expect(orderOAuthButtons(three, 'apple').map((button) => [button.provider, button.lastUsed])).toEqual([
      ['apple', true],
      ['github', false],
      ['google', false],
    ]);
  });

  it('marks the first button when it is the one last used, without moving anything', () => {
    expect(orderOAuthButtons(three, 'github').map((button) => button.provider)).toEqual(['github', 'google', 'apple']);
    expect(orderOAuthButtons(three, 'github')[0]?.lastUsed).toBe(true);
  });

  it('ignores a remembered provider that this widget does not offer', () => {
    expect(orderOAuthButtons(three, 'yahoo').some((button) => button.lastUsed)).toBe(false);
  });

  it('offers nothing when the oauth product is not configured, and each known provider once', () => {
    expect(configuredOAuthProviders({ products: ['emailMagicLinks'], oauthOptions: { providers: [{ type: 'google' }] } })).toEqual([]);
    const messy = configuredOAuthProviders(config({ providers: [{ type: 'google' }, { type: 'google' }, { type: 'figma' }] }));
    expect(messy.map((option) => option.type)).toEqual(['google', 'figma']);
    expect(orderOAuthButtons(messy, 'toString').some((button) => button.lastUsed)).toBe(false);
  });

  it('names providers as their owners write them', () => {
    expect(['google', 'github', 'gitlab', 'linkedin', 'tiktok', 'yahoo'].map((type) => oauthProviderName(type as 'google'))).toEqual(['Google', 'GitHub', 'GitLab', 'LinkedIn', 'TikTok', 'Yahoo']);
  });

  it('reads only provider-shaped words back from storage', () => {
    expect(parseLastUsedOAuth('google')).toBe('google');
    expect(parseLastUsedOAuth('<img src=x>')).toBeNull();
    expect(parseLastUsedOAuth('x'.repeat(300))).toBeNull();
    expect(parseLastUsedOAuth(null)).toBeNull();
  });
});

describe("this tab's note of an OAuth round trip", () => {
  it('reads back what was written, and nothing from anything else', () => {
    expect(readPendingOAuth(writePendingOAuth({ provider: 'github', email: 'ada@example.com' }))).toEqual({ provider: 'github', email: 'ada@example.com' });
    expect(readPendingOAuth(writePendingOAuth({ provider: 'google', email: '' }))).toEqual({ provider: 'google', email: '' });
    expect(readPendingOAuth(writePendingOAuth({ provider: 'google', email: 'ada@example.com', outcome: 'cancelled' }))).toEqual({
      provider: 'google',
      email: 'ada@example.com',
      outcome: 'cancelled',
    });
    // An outcome this version does not know is read as a round trip still under way.
    expect(readPendingOAuth('google\nada@example.com\nexploded')).toEqual({ provider: 'google', email: 'ada@example.com' });
    expect(readPendingOAuth('<script>\nx')).toBeNull();
    expect(readPendingOAuth('')).toBeNull();
    expect(readPendingOAuth(null)).toBeNull();
  });
});
