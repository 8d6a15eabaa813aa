import { describe, expect, it } from 'vitest';
import { isChrome, isLocalStyleHost, localRedirectTarget } from './local-redirect';

describe('local development redirects (SPEC §1)', () => {
  it('sends an IP-address host to localhost with the same port, path, query and hash', () => {
    expect(localRedirectTarget('http://127.0.0.1:5173/login?redirect=%2Fa&token=t#x', undefined)).toBe('http://localhost:5173/login?redirect=%2Fa&token=t#x');
    expect(localRedirectTarget('http://[::1]:8080/', undefined)).toBe('http://localhost:8080/');
    expect(localRedirectTarget('http://127.1.2.3/playground', undefined)).toBe('http://localhost/playground');
    expect(localRedirectTarget('http://0.0.0.0:5173/login', undefined)).toBe('http://localhost:5173/login');
    expect(localRedirectTarget('http://[::ffff:127.0.0.1]:5173/', undefined)).toBe('http://localhost:5173/');
    // Forms the URL parser writes as 127.0.0.1.
    expect(localRedirectTarget('http://127.1:5173/', undefined)).toBe('http://localhost:5173/');
  });

  it('leaves other IP addresses alone: another machine, whose localhost is not the one meant', () => {
    for (const href of ['http://192.168.1.5:5173/login', 'http://10.0.0.1/', 'http://[2001:db8::1]/', 'http://128.0.0.1/']) {
      expect(localRedirectTarget(href, 'vestibule.localhost'), href).toBeNull();
    }
  });

  it('on Chrome, sends localhost on to the configured local-style host, and nothing else', () => {
    expect(localRedirectTarget('http://localhost:5173/login?token=t#h', 'vestibule.localhost')).toBe('http://vestibule.localhost:5173/login?token=t#h');
    // Not Chrome, or none configured: localhost stays.
    expect(localRedirectTarget('http://localhost:5173/login', false)).toBeNull();
    expect(localRedirectTarget('http://localhost:5173/login', undefined)).toBeNull();
    // The host it arrives at is final: no loop.
    expect(localRedirectTarget('http://vestibule.localhost:5173/login', 'vestibule.localhost')).toBeNull();
    expect(localRedirectTarget('https://shop.example/login', 'vestibule.localhost')).toBeNull();
  });

  it('takes an IP host to localhost first; the page there goes on to the local-style host', () => {
    const first = localRedirectTarget('http://127.0.0.1:5173/x', 'vestibule.localhost');
    expect(first).toBe('http://localhost:5173/x');
    expect(localRedirectTarget(first ?? '', 'vestibule.localhost')).toBe('http://vestibule.localhost:5173/x');
  });

  it('accepts only <name>.localhost as the local-style host (checked at build time)', () => {
    for (const host of ['vestibule.localhost', 'a.b-c.localhost', 'x1.localhost']) expect(isLocalStyleHost(host), host).toBe(true);
    for (const host of ['localhost', '127.0.0.1', 'shop.example', 'evil.com/.localhost', '-a.localhost', 'a.localhost.', '.localhost', 'A.localhost', 'a..localhost']) {
      expect(isLocalStyleHost(host), host).toBe(false);
    }
  });

  it('knows Chrome by its user-agent brands', () => {
    const agent = (brands?: string[]) => ({ userAgentData: brands === undefined ? undefined : { brands: brands.map((brand) => ({ brand, version: '1' })) } }) as unknown as Navigator;
    expect(isChrome(agent(['Not A(Brand', 'Google Chrome', 'Chromium']))).toBe(true);
    expect(isChrome(agent(['Chromium', 'Not_A Brand']))).toBe(true);
    expect(isChrome(agent([]))).toBe(false);
    expect(isChrome(agent())).toBe(false); // Firefox, Safari
  });
});
