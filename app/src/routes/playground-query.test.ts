import { describe, expect, it } from 'vitest';
import { parsePlaygroundQuery, playgroundSearch } from './playground-query';

describe('playground query (ARCHITECTURE.md §5)', () => {
  it('reads the documented parameters', () => {
    const query = parsePlaygroundQuery('?products=emailMagicLinks,otp,passwords&otpMethods=sms,whatsapp,email&oauthProviders=google,github&locale=en&theme=dark');
    expect(query.config.products).toEqual(['emailMagicLinks', 'otp', 'passwords']);
    expect(query.config.otpOptions?.methods).toEqual(['sms', 'whatsapp', 'email']);
    expect(query.config.oauthOptions?.providers.map((provider) => provider.type)).toEqual(['google', 'github']);
    expect(query.theme).toBe('dark');
    expect(query.ignored).toEqual([]);
  });

  it('accepts repeated parameters from a plain form', () => {
    expect(parsePlaygroundQuery('?products=passkeys&products=emailMagicLinks').config.products).toEqual(['passkeys', 'emailMagicLinks']);
  });

  it('ignores unknown values and parameters, and reports them', () => {
    const query = parsePlaygroundQuery('?products=emailMagicLinks,sorcery&theme=neon&colour=red');
    expect(query.config.products).toEqual(['emailMagicLinks']);
    expect(query.theme).toBe('light');
    expect(query.ignored).toEqual(['colour', 'products=sorcery', 'theme=neon']);
  });

  it('has defaults for everything', () => {
    const query = parsePlaygroundQuery('');
    expect(query.config.products).toEqual(['emailMagicLinks']);
    expect(query.locale).toBe('en');
    expect(query.theme).toBe('light');
  });

  it('turns Google One Tap on with its position, and round-trips it', () => {
    const query = parsePlaygroundQuery('?products=oauth,emailMagicLinks&oauthProviders=github,google&oneTap=floating');
    expect(query.oneTap).toBe('floating');
    expect(query.config.oauthOptions?.providers).toEqual([{ type: 'github' }, { type: 'google', one_tap: true, position: 'floating' }]);
    expect(parsePlaygroundQuery(playgroundSearch(query))).toEqual(query);
    expect(parsePlaygroundQuery('?oneTap=everywhere')).toMatchObject({ oneTap: null, ignored: ['oneTap=everywhere'] });
    expect(parsePlaygroundQuery('').config.oauthOptions?.providers).toEqual([{ type: 'google' }]);
  });

  it('round-trips through its canonical link', () => {
    const query = parsePlaygroundQuery('?products=otp&products=passkeys&otpMethods=sms&theme=dark');
    expect(parsePlaygroundQuery(playgroundSearch(query))).toEqual(query);
  });
});
