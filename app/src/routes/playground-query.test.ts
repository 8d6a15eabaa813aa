import { describe, expect, it } from 'vitest';
import { parsePlaygroundQuery, playgroundSearch } from './playground-query';

describe('playground query (ARCHITECTURE.md §5)', () => {
  it('reads the documented parameters', () => {
    const query = parsePlaygroundQuery('?products=emailMagicLinks,otp,passwords&otpMethods=sms,whatsapp,email&oauthProviders=google,github&locale=en&theme=dark');
    expect(query.config.products).toEqual(['emailMagicLinks', 'otp', 'passwords']);
    expect(query.config.otpOptions?.methods).toEqual(['sms', 'whatsapp', 'email']);
    expect(query.config.oauthOptions?.providers.map((provider) => provider.type)).toEqual(['google', 'github']);
    expect(query.theme).toBe('dark');
    expect(query.ignored).toEqual({ settings: 0, values: [] });
  });

  it('accepts repeated parameters from a plain form', () => {
    expect(parsePlaygroundQuery('?products=passkeys&products=emailMagicLinks').config.products).toEqual(['passkeys', 'emailMagicLinks']);
  });

  it('ignores unknown values and parameters, and reports them', () => {
    const query = parsePlaygroundQuery('?products=emailMagicLinks,sorcery&theme=neon&colour=red');
    expect(query.config.products).toEqual(['emailMagicLinks']);
    expect(query.theme).toBe('light');
    expect(query.ignored).toEqual({ settings: 1, values: [{ param: 'products', count: 1 }, { param: 'theme', count: 1 }] });
  });

  // Issue 16 §21: the notice used to print what it ignored, so a URL could put any text, of any
  // length, on the page. Only counts and the playground's own parameter names come back.
  it('keeps nothing of what it ignored but counts and its own parameter names', () => {
    const hostile = ['k'.repeat(10_000), '<img src=x onerror=alert(1)>', 'evil\u202Etxt.exe'];
    const search = `?${hostile.map((text, index) => `${encodeURIComponent(text)}=${index}`).join('&')}&products=emailMagicLinks,${hostile.map(encodeURIComponent).join(',')}&theme=${encodeURIComponent(hostile[1] ?? '')}`;
    const query = parsePlaygroundQuery(search);
    const kept = JSON.stringify(query);
    for (const text of [...hostile, 'kkkkkkkkkk', 'onerror', '\u202E']) expect(kept).not.toContain(text);
    expect(kept.length).toBeLessThan(1_000);
    expect(query.ignored).toEqual({ settings: 3, values: [{ param: 'products', count: 3 }, { param: 'theme', count: 1 }] });
  });

  it('takes a locale only as a tag of ordinary length (it is shown in the form and the link)', () => {
    const long = `en-x-${Array.from({ length: 1_000 }, (_, index) => `a${index.toString(36).padStart(4, '0')}`).join('-')}`;
    const query = parsePlaygroundQuery(`?locale=${long}`);
    expect(query.locale).toBe('en');
    expect(query.ignored).toEqual({ settings: 0, values: [{ param: 'locale', count: 1 }] });
    expect(parsePlaygroundQuery('?locale=fr-CA').locale).toBe('fr-CA');
  });

  it('keeps an empty product list (the page says to choose one) and round-trips it', () => {
    const query = parsePlaygroundQuery('?products=');
    expect(query.config.products).toEqual([]);
    expect(query.ignored).toEqual({ settings: 0, values: [] });
    expect(parsePlaygroundQuery(playgroundSearch(query))).toEqual(query);
    // The form sends an empty `products` before its boxes, so unticking them all reads as none.
    expect(parsePlaygroundQuery('?products=&products=otp').config.products).toEqual(['otp']);
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
    expect(parsePlaygroundQuery('?oneTap=everywhere')).toMatchObject({ oneTap: null, ignored: { settings: 0, values: [{ param: 'oneTap', count: 1 }] } });
    expect(parsePlaygroundQuery('').config.oauthOptions?.providers).toEqual([{ type: 'google' }]);
  });

  it("states a passcode expiry only when one is chosen (1 to 10 minutes); else the project's applies (SPEC §9)", () => {
    expect(parsePlaygroundQuery('?products=otp').config.otpOptions).toEqual({ methods: ['email'] });
    // The form's "project's setting" sends an empty value: no expiry, nothing ignored.
    expect(parsePlaygroundQuery('?products=otp&otpExpirationMinutes=')).toMatchObject({ config: { otpOptions: { methods: ['email'] } }, ignored: { values: [] } });
    expect(parsePlaygroundQuery('?products=otp&otpExpirationMinutes=')).not.toHaveProperty('config.otpOptions.expirationMinutes');
    const five = parsePlaygroundQuery('?products=otp&otpMethods=sms&otpExpirationMinutes=5');
    expect(five.config.otpOptions).toEqual({ methods: ['sms'], expirationMinutes: 5 });
    expect(playgroundSearch(five)).toContain('otpExpirationMinutes=5');
    expect(parsePlaygroundQuery(playgroundSearch(five))).toEqual(five);
    expect(playgroundSearch(parsePlaygroundQuery('?products=otp'))).not.toContain('otpExpirationMinutes');
    for (const value of ['0', '11', '2.5', 'soon']) {
      expect(parsePlaygroundQuery(`?otpExpirationMinutes=${value}`)).toMatchObject({
        config: { otpOptions: { methods: ['email'] } },
        ignored: { values: [{ param: 'otpExpirationMinutes', count: 1 }] },
      });
    }
  });

  it('round-trips through its canonical link', () => {
    const query = parsePlaygroundQuery('?products=otp&products=passkeys&otpMethods=sms&theme=dark');
    expect(parsePlaygroundQuery(playgroundSearch(query))).toEqual(query);
  });
});
