import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubTokens } from './scrub-tokens';

// Issue 20: `session_token` and `session_jwt` are removed at any depth, from keys and from URLs
// inside string values, before anything leaves.

const SECRET = 'SeCrEt_tok-en0123456789abcdef';

/** Byte-wise, repeated, tolerant of malformed sequences: what a careless reader of a log might do. */
function percentDecodeRounds(text: string, rounds: number): string {
  let decoded = text;
  for (let round = 0; round < rounds; round += 1) {
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return decoded;
}

// The core's tsconfig has no DOM or Node library (ARCHITECTURE.md §1).
const clock = (globalThis as unknown as { readonly performance: { now(): number } }).performance;

const leaks = (output: unknown, token: string): boolean => percentDecodeRounds(JSON.stringify(output) ?? '', 3).includes(token);

describe('scrubTokens: keys', () => {
  it.each<[string, unknown, unknown]>([
    ['top level', { session_token: SECRET, a: 1 }, { a: 1 }],
    ['both names', { session_token: SECRET, session_jwt: SECRET, b: 'x' }, { b: 'x' }],
    ['nested deep', { a: { b: { c: [{ session_jwt: SECRET, keep: true }] } } }, { a: { b: { c: [{ keep: true }] } } }],
    ['in arrays of arrays', [[{ session_token: SECRET }], [{ x: 1, session_jwt: SECRET }]], [[{}], [{ x: 1 }]]],
    ['upper case', { SESSION_TOKEN: SECRET, Session_Jwt: SECRET }, {}],
    ['camelCase', { sessionToken: SECRET, sessionJwt: SECRET, sessionId: 'kept' }, { sessionId: 'kept' }],
    ['kebab and dotted', { 'session-token': SECRET, 'session.jwt': SECRET }, {}],
    ['percent-encoded key', { 'session%5Ftoken': SECRET, 'session%255Fjwt': SECRET, '%73ession_token': SECRET }, {}],
    ['prefixed credential names', { intermediate_session_token: SECRET, stytch_session_jwt: SECRET }, {}],
    ['whatever the value is', { session_token: { nested: [SECRET] }, session_jwt: null }, {}],
    ['names that only start like one are kept', { session_token_expires_at: 1, session: { token_type: 'x' } }, { session_token_expires_at: 1, session: { token_type: 'x' } }],
  ])('drops the credential keys: %s', (_name, input, expected) => {
    expect(scrubTokens(input)).toEqual(expected);
  });

  it('keeps `__proto__` as a plain key and never touches a prototype', () => {
    const input: unknown = JSON.parse(`{"__proto__": {"polluted": true, "session_token": "${SECRET}"}, "a": 1}`);
    const output = scrubTokens(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.keys(output)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(JSON.stringify(output)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });

  it('never changes its input', () => {
    const input = { session_token: SECRET, a: [{ session_jwt: SECRET, url: `https://x/?session_token=${SECRET}` }] };
    const before: unknown = JSON.parse(JSON.stringify(input));
    scrubTokens(input);
    expect(input).toEqual(before);
  });
});

describe('scrubTokens: strings', () => {
  it.each<[string, string, string]>([
    ['first of several', `https://x.test/p?session_token=${SECRET}&x=1`, 'https://x.test/p?x=1'],
    ['last of several', `https://x.test/p?x=1&session_token=${SECRET}`, 'https://x.test/p?x=1'],
    ['middle', `https://x.test/p?a=1&session_jwt=${SECRET}&b=2`, 'https://x.test/p?a=1&b=2'],
    ['alone', `https://x.test/p?session_token=${SECRET}`, 'https://x.test/p'],
    ['before a fragment', `https://x.test/p?session_token=${SECRET}#top`, 'https://x.test/p#top'],
    ['both', `https://x.test/p?session_token=${SECRET}&session_jwt=${SECRET}&x=1`, 'https://x.test/p?x=1'],
    ['fragment', `https://x.test/p#session_jwt=${SECRET}`, 'https://x.test/p'],
    ['fragment with more', `https://x.test/p#session_jwt=${SECRET}&state=1`, 'https://x.test/p#state=1'],
    ['upper case', `https://x.test/p?SESSION_TOKEN=${SECRET}&x=1`, 'https://x.test/p?x=1'],
    ['camelCase', `https://x.test/p?sessionJwt=${SECRET}&x=1`, 'https://x.test/p?x=1'],
    ['encoded name', `https://x.test/p?session%5Ftoken=${SECRET}&x=1`, 'https://x.test/p?x=1'],
    ['lower-case escape', `https://x.test/p?session%5ftoken=${SECRET}&x=1`, 'https://x.test/p?x=1'],
    ['double-encoded name', `https://x.test/p?session%255Fjwt=${SECRET}&x=1`, 'https://x.test/p?x=1'],
    ['every letter encoded', `https://x.test/p?%73%65%73%73%69%6F%6E%5F%74%6F%6B%65%6E=${SECRET}&x=1`, 'https://x.test/p?x=1'],
    ['encoded separator', `https://x.test/p?session_token%3D${SECRET}&x=1`, 'https://x.test/p?x=1'],
    ['encoded URL in a value', `https://a.test/?redirect=https%3A%2F%2Fx%2F%3Fsession_token%3D${SECRET}%26y%3D1&z=2`, 'https://a.test/?redirect=https%3A%2F%2Fx%2F%3Fy%3D1&z=2'],
    ['encoded URL ending with it', `https://a.test/?redirect=https%3A%2F%2Fx%2F%3Fsession_token%3D${SECRET}&z=2`, 'https://a.test/?redirect=https%3A%2F%2Fx%2F&z=2'],
    ['doubly encoded URL in a value', `/?r=https%253A%252F%252Fx%252F%253Fa%253D1%2526session_jwt%253D${SECRET}%2526b%253D2`, '/?r=https%253A%252F%252Fx%252F%253Fa%253D1%2526b%253D2'],
    ['in running text', `opened https://x.test/?session_token=${SECRET} and left`, 'opened https://x.test/ and left'],
    ['quoted in text', `"https://x.test/?session_token=${SECRET}"`, '"https://x.test/"'],
    ['JSON in a string', `{"a":1,"session_jwt":"${SECRET}"}`, '{"a":1,""}'],
    ['a log line', `refresh failed session_token: ${SECRET}, retrying`, 'refresh failed , retrying'],
    ['a prefixed name between others', `https://x.test/p?a=1&intermediate_session_token=${SECRET}&b=2`, 'https://x.test/p?a=1&intermediate_&b=2'],
    ['a cookie header', `stytch_session_jwt=${SECRET}; theme=dark`, 'stytch_; theme=dark'],
    ['empty value', 'https://x.test/?session_token=&x=1', 'https://x.test/?x=1'],
  ])('removes the parameter: %s', (_name, input, expected) => {
    expect(scrubTokens(input)).toBe(expected);
    expect(scrubTokens({ value: input })).toEqual({ value: expected });
  });

  it.each([
    'https://x.test/?session=1&token=2',
    'session_token is missing',
    'https://x.test/?session_token_expiry=10',
    'plain text, 100% sure',
    '%E0%A4%A',
    '',
  ])('leaves strings without a credential parameter as they are: %s', (text) => {
    expect(scrubTokens(text)).toBe(text);
  });

  it('scrubs the remaining keys too, and drops a key that scrubbing turns into a credential name', () => {
    expect(scrubTokens({ [`https://x.test/?session_token=${SECRET}`]: 1 })).toEqual({ 'https://x.test/': 1 });
    expect(scrubTokens({ [`session_tokensession_jwt=${SECRET}`]: SECRET, ok: 1 })).toEqual({ ok: 1 });
  });

  it('scans again when a removal joins the text around it into another parameter', () => {
    expect(scrubTokens(`session_tokensession_jwt=x =${SECRET}`)).toBe('');
    expect(scrubTokens(`a session_tokensession_jwt=x"=${SECRET} b`)).toBe('a  b');
    // Each scan removes the innermost parameter and reveals the one around it.
    const nested = (levels: number): string => {
      let inner = 'session_jwt=x';
      for (let level = 0; level < levels; level += 1) inner = `session_jwt${inner} =y`;
      return `session_token${inner} =${SECRET}`;
    };
    expect(scrubTokens(`<${nested(3)}>`)).toBe('<>');
    expect(scrubTokens(`<${nested(20)}>`)).toBe('[redacted]');
  });

  it.each<[string, string]>([
    ['plain text', 'lorem ipsum dolor sit amet '.repeat(40_000)],
    ['names without a separator', 'session_token'.repeat(80_000)],
    ['an endless value', `?session_token=${'a'.repeat(1_000_000)}`],
    ['a long run of %25', `session%${'25'.repeat(500_000)}`],
    ['percent signs', '%'.repeat(1_000_000)],
    ['many parameters', `?session_jwt=${SECRET}&`.repeat(30_000)],
    ['encoded delimiters after values', `session_token=a%${'25'.repeat(200_000)}`.repeat(2)],
  ])('scans a megabyte in linear time: %s', (_name, text) => {
    const started = clock.now();
    const output = scrubTokens(text);
    expect(typeof output).toBe('string');
    // About 10 ms each here; a scan that backtracked over the string would take minutes.
    expect(clock.now() - started).toBeLessThan(1_000);
  });
});

describe('scrubTokens: other values', () => {
  it('marks a cycle instead of looping, and copies a shared object on each path', () => {
    const shared = { url: `https://x/?session_jwt=${SECRET}` };
    const cyclic: Record<string, unknown> = { a: shared, b: shared, session_token: SECRET };
    cyclic['self'] = cyclic;
    const list: unknown[] = [1];
    list.push(list);
    expect(scrubTokens(cyclic)).toEqual({ a: { url: 'https://x/' }, b: { url: 'https://x/' }, self: '[cycle]' });
    expect(scrubTokens(list)).toEqual([1, '[cycle]']);
  });

  it('marks containers nested more than 64 deep', () => {
    let deep: unknown = { session_token: SECRET, end: true };
    for (let level = 0; level < 10_000; level += 1) deep = level % 2 === 0 ? { next: deep } : [deep];
    const output = scrubTokens(deep);
    const text = JSON.stringify(output);
    expect(text).toContain('"[too deep]"');
    expect(text).not.toContain(SECRET);
    let levels = 0;
    for (let node: unknown = output; typeof node === 'object' && node !== null; levels += 1) node = Array.isArray(node) ? node[0] : (node as { next: unknown }).next;
    expect(levels).toBe(64);
  });

  it('keeps a shallow nesting whole', () => {
    let deep: unknown = { session_token: SECRET, end: true };
    for (let level = 0; level < 62; level += 1) deep = { next: deep };
    expect(JSON.stringify(scrubTokens(deep))).toBe(`${'{"next":'.repeat(62)}{"end":true}${'}'.repeat(62)}`);
  });

  it('follows JSON: functions and symbols are left out (null in arrays), toJSON is called, bigint becomes a string', () => {
    const when = new Date('2026-11-26T00:00:00.000Z');
    const input = { f: () => 1, s: Symbol('x'), u: undefined, list: [() => 1, Symbol('y'), undefined, 1], when, big: 10n, n: null, ok: true, num: 1.5 };
    expect(scrubTokens(input)).toEqual({ list: [null, null, null, 1], when: '2026-11-26T00:00:00.000Z', big: '10', n: null, ok: true, num: 1.5 });
    expect(scrubTokens({ toJSON: () => ({ session_token: SECRET, a: `?session_jwt=${SECRET}` }) })).toEqual({ a: '' });
  });

  it('passes primitives through, and turns an object whose reading throws into a marker', () => {
    for (const value of [1, 0, -1.5, true, false, null, undefined]) expect(scrubTokens(value)).toBe(value);
    const hostile = {
      get boom(): never {
        throw new Error('no');
      },
    };
    expect(scrubTokens({ a: hostile, b: 1 })).toEqual({ a: '[unreadable]', b: 1 });
  });
});

// ---- Fuzzing -----------------------------------------------------------------------------------

const token = fc.stringMatching(/^[A-Za-z0-9_-]{20,60}$/);
const NAMES = ['session_token', 'session_jwt', 'sessionToken', 'sessionJwt', 'SESSION_TOKEN', 'Session_Jwt', 'session-token', 'stytch_session_jwt'];

/** `char` percent-encoded `times` times (0: as it is), in either case of hex digit. */
const encodeTimes = (char: string, times: number, upper: boolean): string => {
  if (times === 0) return char;
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${'25'.repeat(times - 1)}${upper ? hex.toUpperCase() : hex}`;
};

/** A credential name with each character encoded 0–2 times (mostly as it is). */
const credentialName = fc
  .tuple(fc.constantFrom(...NAMES), fc.array(fc.constantFrom(0, 0, 0, 1, 2), { minLength: 20, maxLength: 20 }), fc.boolean())
  .map(([name, times, upper]) => [...name].map((char, index) => encodeTimes(char, times[index] ?? 0, upper)).join(''));

const separator = fc.constantFrom('=', '=', '%3D', '%3d', '%253D');
const plainText = fc.string({ unit: fc.constantFrom('a', 'b', '1', '/', '.', ' ', '%', '=', '&', '?', '#'), maxLength: 12 });

/** A URL carrying the token in its query or fragment, maybe encoded into another URL's parameter, maybe in text. */
const urlWithToken = (secret: string) =>
  fc
    .record({
      name: credentialName,
      separator,
      before: fc.array(fc.constantFrom('a=1', 'b=x%20y', 'redirect=%2Fhome'), { maxLength: 2 }),
      after: fc.array(fc.constantFrom('c=2', 'state=abc', 'd='), { maxLength: 2 }),
      inFragment: fc.boolean(),
      wrapped: fc.constantFrom(0, 0, 1, 2),
      prefix: plainText,
      suffix: fc.constantFrom('', ' ', ' and more', '"', '#top', ', then'),
    })
    .map(({ name, separator: equals, before, after, inFragment, wrapped, prefix, suffix }) => {
      const parameters = [...before, `${name}${equals}${secret}`, ...after].join('&');
      let url = `https://app.test/path${inFragment ? '#' : '?'}${parameters}`;
      for (let round = 0; round < wrapped; round += 1) url = `https://outer.test/?redirect=${encodeURIComponent(url)}&z=9`;
      return `${prefix}${url}${suffix}`;
    });

/** A value holding the token: under a credential key, in a URL in a string or a key, in JSON in a string. */
const injection = (secret: string) =>
  fc.oneof(
    urlWithToken(secret),
    fc.tuple(credentialName, fc.constantFrom<unknown>(secret, [secret], { inner: secret })).map(([name, value]) => ({ [name]: value })),
    urlWithToken(secret).map((url) => ({ [url]: 1 })),
    fc.tuple(credentialName, fc.constantFrom('', ' ')).map(([name, space]) => `{"a":1,"${name}":${space}"${secret}"}`),
  );

/** Builds with `JSON.parse` semantics, so a generated `__proto__` key stays a key. */
const toObject = (entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> => {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
};

const payload = (secret: string) =>
  fc.letrec<{ node: unknown; object: Record<string, unknown>; array: unknown[] }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom('__proto__', 'session', 'token')),
      injection(secret),
      tie('object'),
      tie('array'),
    ),
    object: fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'session')), tie('node')), { maxLength: 4 }).map(toObject),
    array: fc.array(tie('node'), { maxLength: 4 }),
  })).node;

/** The payload with at least one injection, buried `depth` containers down. */
const hostileCase = token.chain((secret) =>
  fc
    .tuple(payload(secret), injection(secret), fc.array(fc.constantFrom('object', 'array'), { maxLength: 12 }))
    .map(([data, buried, path]) => ({
      secret,
      value: [data, path.reduce<unknown>((inner, kind) => (kind === 'array' ? [inner] : { deeper: inner }), buried)],
    })),
);

describe('scrubTokens: fuzzed', () => {
  it('lets no generated token through, at any depth, in any encoding', () => {
    fc.assert(
      fc.property(hostileCase, ({ secret, value }) => {
        expect(leaks(value, secret)).toBe(true);
        expect(leaks(scrubTokens(value), secret)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
