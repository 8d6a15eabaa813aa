import { describe, expect, it } from 'vitest';
import { MAX_PROVIDER_URL_LENGTH, toProviderUrl } from './provider-url';

describe('a URL a provider returned, for leaving the site (toProviderUrl)', () => {
  it.each([
    ['an https URL with a code and state', 'https://client.example/callback?code=abc&state=xyz', 'https://client.example/callback?code=abc&state=xyz'],
    ['an https URL with a port and a fragment', 'https://client.example:8443/cb#done', 'https://client.example:8443/cb#done'],
    ["a wallet's download page", 'https://metamask.io/download/', 'https://metamask.io/download/'],
    ['http on localhost (development)', 'http://localhost:3000/callback?code=1', 'http://localhost:3000/callback?code=1'],
    ['http on a subdomain of localhost', 'http://app.localhost:5173/cb', 'http://app.localhost:5173/cb'],
    ['http on 127.0.0.1', 'http://127.0.0.1:8080/cb', 'http://127.0.0.1:8080/cb'],
    ['http on [::1]', 'http://[::1]:8080/cb', 'http://[::1]:8080/cb'],
    ['a host in capitals, normalised', 'HTTPS://Client.Example/cb', 'https://client.example/cb'],
  ])('takes %s', (_name, raw, expected) => {
    expect(toProviderUrl(raw)).toBe(expected);
  });

  it.each([
    ['javascript:', 'javascript:alert(document.domain)'],
    ['javascript: in capitals', 'JavaScript:alert(1)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['blob:', 'blob:https://client.example/1234'],
    ['ftp:', 'ftp://client.example/x'],
    ['a scheme-relative URL', '//evil.example/cb'],
    ['a rooted path', '/login/callback'],
    ['a relative path', 'callback?code=1'],
    ['http to another host', 'http://evil.example/cb'],
    ['http to a host that only starts with localhost', 'http://localhost.evil.example/cb'],
    ['http to a host that ends in localhost without the dot', 'http://evillocalhost/cb'],
    ['http to a private, not loopback, address', 'http://192.168.1.10/cb'],
    ['credentials that make the host look trusted', 'https://client.example@evil.example/cb'],
    ['a password in the URL', 'https://user:secret@client.example/cb'],
    ['a leading space', ' https://client.example/cb'],
    ['a trailing newline', 'https://client.example/cb\n'],
    ['a tab inside the scheme', 'java\tscript:alert(1)'],
    ['a line break inside the scheme', 'java\nscript:alert(1)'],
    ['a leading control character', '\u0000https://client.example/cb'],
    ['an escape character', 'https://client.example/\u001bcb'],
    ['a DEL character', 'https://client.example/\u007fcb'],
    ['a non-breaking space', 'https://client.example/\u00a0cb'],
    ['a right-to-left override', 'https://client.example/\u202ecb'],
    ['a backslash host trick', 'https:\\\\evil.example/cb'],
    ['a backslash after the host', 'https://client.example\\@evil.example/cb'],
    ['a full-width look-alike host', 'https://ｅｖｉｌ.example/cb'],
    ['a scheme with no host', 'https:'],
    ['an empty string', ''],
    ['10,000 characters', `https://client.example/${'a'.repeat(10_000)}`],
    ['one character past the limit', `https://client.example/${'a'.repeat(MAX_PROVIDER_URL_LENGTH - 'https://client.example/'.length + 1)}`],
  ])('refuses %s', (_name, raw) => {
    expect(toProviderUrl(raw)).toBeNull();
  });

  it('takes a URL of exactly the longest length', () => {
    const raw = `https://client.example/${'a'.repeat(MAX_PROVIDER_URL_LENGTH - 'https://client.example/'.length)}`;
    expect(toProviderUrl(raw)).toBe(raw);
  });

  it.each([null, undefined, 42, {}, ['https://client.example/'], { toString: () => 'https://client.example/' }])('refuses a non-string (%o)', (raw) => {
    expect(toProviderUrl(raw)).toBeNull();
  });
});
