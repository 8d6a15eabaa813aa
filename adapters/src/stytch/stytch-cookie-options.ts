/**
 * Where the Stytch SDK keeps the session in the browser: the SDK's own `cookieOptions`
 * (@stytch/vanilla-js 6.3.0, `StytchClientOptions.cookieOptions`), passed to it unchanged.
 */
export interface StytchCookieOptions {
  /** Name of the cookie holding the opaque session token (default `stytch_session`). */
  readonly opaqueTokenCookieName?: string;
  /** Name of the cookie holding the session JWT (default `stytch_session_jwt`). */
  readonly jwtCookieName?: string;
  /** Name of the cookie holding the intermediate session token (default `stytch_intermediate_session_token`). */
  readonly istCookieName?: string;
  /** The cookies' `Path` (default `/`). */
  readonly path?: string;
  /** The cookies' `Domain`; used only with `availableToSubdomains` (default: the page's host). */
  readonly domain?: string;
  /** Whether the cookies carry a `Domain`, so subdomains receive them (never on localhost). Default `false`. */
  readonly availableToSubdomains?: boolean;
}

/**
 * The Stytch adapters were configured with a value they cannot use. Thrown when they are created,
 * so a bad option fails the page at once rather than at the first sign-in.
 */
export class StytchConfigurationError extends Error {
  override readonly name = 'StytchConfigurationError';
  /** The option at fault, as written in the configuration (e.g. `cookieOptions.jwtCookieName`). */
  readonly option: string;

  constructor(option: string, message: string) {
    super(message);
    this.option = option;
  }
}

type CookieOptionKey = keyof StytchCookieOptions;

const NAME_KEYS = ['opaqueTokenCookieName', 'jwtCookieName', 'istCookieName'] as const satisfies readonly CookieOptionKey[];
const KNOWN_KEYS: readonly string[] = [...NAME_KEYS, 'path', 'domain', 'availableToSubdomains'] satisfies CookieOptionKey[];

/**
 * A cookie name the SDK's js-cookie writes verbatim: RFC 6265's token characters except `%`
 * (which js-cookie percent-encodes). Anything else (`;`, `=`, spaces, controls) would either
 * corrupt the `Set-Cookie` string or be written under another name than ours, so our own clearing
 * would miss the cookie.
 */
const COOKIE_NAME = /^[A-Za-z0-9!#$&'*+.^_`|~-]+$/;
/** A path attribute a browser honours (it must start with `/`) with nothing that ends the attribute or the header. */
const COOKIE_PATH = /^\/[\x21-\x3A\x3C-\x7E]*$/;
/** A host name (optionally with the leading dot browsers ignore); no port, no separators. */
const COOKIE_DOMAIN = /^\.?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function fail(option: string, message: string): never {
  throw new StytchConfigurationError(option, `${option} ${message}`);
}

function readString(option: string, value: unknown, pattern: RegExp, what: string): string {
  if (typeof value !== 'string') fail(option, `must be a string, not ${describe(value)}`);
  if (value === '') fail(option, 'must not be empty');
  // Quoted (JSON) so controls show; cut short so a huge value cannot swamp the message.
  if (!pattern.test(value)) fail(option, `must be ${what}, not ${JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}…` : value)}`);
  return value;
}

/**
 * Checks `cookieOptions` as an integrator may hand them over: untyped, from JSON. An option left
 * out (or `undefined`) is not set and the SDK's default applies; any other value must be usable,
 * `null` included, and an unknown key (a misspelt name) is refused rather than silently ignored.
 * Returns a frozen copy, so a later change to the caller's object cannot make the SDK's cookies and
 * ours disagree. Throws a {@link StytchConfigurationError} naming the first option at fault.
 */
export function readCookieOptions(value: unknown): StytchCookieOptions | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('cookieOptions', `must be an object, not ${describe(value)}`);
  const entries = Object.entries(value);
  for (const [key] of entries) {
    if (!KNOWN_KEYS.includes(key)) fail(`cookieOptions.${key}`, `is not a cookie option (one of ${KNOWN_KEYS.join(', ')})`);
  }
  const given = new Map(entries.filter(([, option]) => option !== undefined));
  const options: { -readonly [K in CookieOptionKey]?: StytchCookieOptions[K] } = {};
  for (const key of NAME_KEYS) {
    if (given.has(key)) options[key] = readString(`cookieOptions.${key}`, given.get(key), COOKIE_NAME, "a cookie name (letters, digits and !#$&'*+-.^_`|~)");
  }
  if (given.has('path')) options.path = readString('cookieOptions.path', given.get('path'), COOKIE_PATH, 'a path starting with "/", without ";", spaces or control characters');
  if (given.has('domain')) options.domain = readString('cookieOptions.domain', given.get('domain'), COOKIE_DOMAIN, 'a host name such as "shop.example"');
  if (given.has('availableToSubdomains')) {
    const subdomains = given.get('availableToSubdomains');
    if (typeof subdomains !== 'boolean') fail('cookieOptions.availableToSubdomains', `must be a boolean, not ${describe(subdomains)}`);
    options.availableToSubdomains = subdomains;
  }
  return Object.freeze(options);
}
