import { describe, expect, it } from 'vitest';
import { createStytchAdapters } from './create-stytch-adapters';
import { createStytchRuntime, type StytchAdaptersOptions } from './stytch-client';
import { StytchConfigurationError } from './stytch-cookie-options';

// Issue 20 "Cookies": cookie option names must be strings, or a configuration error names the
// option. Integrators may hand the options over from JSON, untyped, so the check runs when the
// adapters are created, whatever the types said; nothing loads the SDK for it.

const PUBLIC_TOKEN = 'public-token-test-cookie-options';

/** As an integrator's JSON would arrive: any value at all. */
const create = (cookieOptions: unknown) => () => createStytchRuntime({ publicToken: PUBLIC_TOKEN, cookieOptions } as StytchAdaptersOptions);

function configurationError(run: () => unknown): StytchConfigurationError {
  try {
    run();
  } catch (error) {
    if (error instanceof StytchConfigurationError) return error;
    throw error;
  }
  throw new Error('no configuration error was thrown');
}

const NAMES = ['opaqueTokenCookieName', 'jwtCookieName', 'istCookieName'] as const;

describe('cookieOptions: hostile values are refused when the adapters are created, naming the option', () => {
  const hostileNames: ReadonlyArray<readonly [string, unknown, RegExp]> = [
    ['a number', 42, /must be a string, not a number$/],
    ['an object', { name: 'x' }, /must be a string, not an object$/],
    ['an array', ['x'], /must be a string, not an array$/],
    ['a boolean', true, /must be a string, not a boolean$/],
    ['null', null, /must be a string, not null$/],
    ['an empty string', '', /must not be empty$/],
    ['a name with ";" (it would end the cookie string)', 'a;b', /must be a cookie name/],
    ['a name with "=" (it would split the pair elsewhere)', 'a=b', /must be a cookie name/],
    ['a name with a space', 'a b', /must be a cookie name/],
    ['a name with a tab', 'a\tb', /must be a cookie name/],
    ['a name with a newline', 'a\nb', /must be a cookie name/],
    ['a name with a comma', 'a,b', /must be a cookie name/],
    ['a name with "%" (the SDK would write it percent-encoded)', 'a%b', /must be a cookie name/],
    ['a name with a non-ASCII letter', 'sessión', /must be a cookie name/],
  ];

  for (const option of NAMES) {
    it.each(hostileNames)(`${option} as %s`, (_label, value, message) => {
      const error = configurationError(create({ [option]: value }));
      expect(error.option).toBe(`cookieOptions.${option}`);
      expect(error.message).toMatch(new RegExp(`^cookieOptions\\.${option} `));
      expect(error.message).toMatch(message);
      expect(error.name).toBe('StytchConfigurationError');
    });
  }

  it('the message reads as the issue asks: "cookieOptions.jwtCookieName must be a string, not a number"', () => {
    expect(create({ jwtCookieName: 7 })).toThrow(new StytchConfigurationError('cookieOptions.jwtCookieName', 'cookieOptions.jwtCookieName must be a string, not a number'));
  });

  it.each<readonly [string, unknown, string]>([
    ['path as a number', { path: 1 }, 'cookieOptions.path must be a string, not a number'],
    ['path as null', { path: null }, 'cookieOptions.path must be a string, not null'],
    ['path empty', { path: '' }, 'cookieOptions.path must not be empty'],
    ['path not starting with /', { path: 'app' }, 'cookieOptions.path must be a path starting with "/", without ";", spaces or control characters, not "app"'],
    ['path with ;', { path: '/app; Domain=evil.example' }, 'cookieOptions.path must be a path starting with "/", without ";", spaces or control characters, not "/app; Domain=evil.example"'],
    ['domain as an object', { domain: {} }, 'cookieOptions.domain must be a string, not an object'],
    ['domain empty', { domain: '' }, 'cookieOptions.domain must not be empty'],
    ['domain with ;', { domain: 'shop.example; Secure' }, 'cookieOptions.domain must be a host name such as "shop.example", not "shop.example; Secure"'],
    ['domain with a port', { domain: 'shop.example:8443' }, 'cookieOptions.domain must be a host name such as "shop.example", not "shop.example:8443"'],
    ['availableToSubdomains as a string', { availableToSubdomains: 'true' }, 'cookieOptions.availableToSubdomains must be a boolean, not a string'],
    ['availableToSubdomains as null', { availableToSubdomains: null }, 'cookieOptions.availableToSubdomains must be a boolean, not null'],
    ['availableToSubdomains as 1', { availableToSubdomains: 1 }, 'cookieOptions.availableToSubdomains must be a boolean, not a number'],
    ['a misspelt key', { jwtCookiename: 'x' }, 'cookieOptions.jwtCookiename is not a cookie option (one of opaqueTokenCookieName, jwtCookieName, istCookieName, path, domain, availableToSubdomains)'],
    ['a __proto__ key from JSON', JSON.parse('{"__proto__": {"jwtCookieName": "x"}}'), 'cookieOptions.__proto__ is not a cookie option (one of opaqueTokenCookieName, jwtCookieName, istCookieName, path, domain, availableToSubdomains)'],
    ['cookieOptions as a string', 'stytch_session', 'cookieOptions must be an object, not a string'],
    ['cookieOptions as null', null, 'cookieOptions must be an object, not null'],
    ['cookieOptions as an array', [], 'cookieOptions must be an object, not an array'],
  ])('%s', (_label, cookieOptions, message) => {
    expect(configurationError(create(cookieOptions)).message).toBe(message);
  });

  it('createStytchAdapters (the integrators\' entry) refuses them the same way', () => {
    expect(() => createStytchAdapters({ publicToken: PUBLIC_TOKEN, cookieOptions: JSON.parse('{"opaqueTokenCookieName": 1}') as never })).toThrow(
      'cookieOptions.opaqueTokenCookieName must be a string, not a number',
    );
  });
});

describe('cookieOptions: usable values', () => {
  it('are taken as given, the names threaded through the runtime', () => {
    const options = { opaqueTokenCookieName: 'shop_sess', jwtCookieName: "__Host-shop.jwt!#$&'*+^_`|~", istCookieName: 'shop_ist', path: '/account', domain: '.shop.example', availableToSubdomains: false };
    const runtime = createStytchRuntime({ publicToken: PUBLIC_TOKEN, cookieOptions: options });
    expect(runtime.cookies).toEqual({
      sessionTokenName: 'shop_sess',
      sessionJwtName: "__Host-shop.jwt!#$&'*+^_`|~",
      intermediateTokenName: 'shop_ist',
      path: '/account',
      domain: '.shop.example',
      availableToSubdomains: false,
    });
  });

  it("left out (or undefined), the SDK's defaults", () => {
    const defaults = { sessionTokenName: 'stytch_session', sessionJwtName: 'stytch_session_jwt', intermediateTokenName: 'stytch_intermediate_session_token', path: undefined, domain: undefined, availableToSubdomains: false };
    expect(createStytchRuntime({ publicToken: PUBLIC_TOKEN }).cookies).toEqual(defaults);
    expect(createStytchRuntime({ publicToken: PUBLIC_TOKEN, cookieOptions: {} }).cookies).toEqual(defaults);
    expect(create({ jwtCookieName: undefined, path: undefined })().cookies).toEqual(defaults);
  });

  it("a later change to the caller's object changes nothing (the runtime keeps its own copy)", () => {
    const options: { jwtCookieName: string } = { jwtCookieName: 'shop_jwt' };
    const runtime = createStytchRuntime({ publicToken: PUBLIC_TOKEN, cookieOptions: options });
    options.jwtCookieName = 'a;b';
    expect(runtime.cookies.sessionJwtName).toBe('shop_jwt');
  });
});
