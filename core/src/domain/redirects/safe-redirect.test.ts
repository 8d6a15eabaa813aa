import { describe, expect, it } from 'vitest';
import { buildReturnUrl } from './return-url';
import { appPath } from './app-paths';
import { allowedSource, readReturnContext, safeRedirect, type SafePath } from './safe-redirect';

const ORIGIN = 'http://localhost:5173';

// research/reliability.md §1.3: the 38 verified open-redirect payloads.
const hostile: Array<[string, string]> = [
  ['absolute same origin', `${ORIGIN}/dashboard`],
  ['https elsewhere', 'https://evil.example/'],
  ['http elsewhere', 'http://evil.example/'],
  ['scheme-relative', '//evil.example'],
  ['scheme-relative with path', '//evil.example/login'],
  ['triple slash', '///evil.example'],
  ['slash backslash', '/\\evil.example'],
  ['backslash slash', '\\/evil.example'],
  ['double backslash', '\\\\evil.example'],
  ['slash tab slash', '/\t/evil.example'],
  ['slash LF slash', '/\n/evil.example'],
  ['slash CR slash', '/\r/evil.example'],
  ['leading space', ' //evil.example'],
  ['leading NUL', '\u0000//evil.example'],
  ['scheme without slashes', 'https:evil.example'],
  ['scheme with backslashes', 'https:\\\\evil.example'],
  ['userinfo', `${ORIGIN}@evil.example`],
  ['scheme-relative userinfo', '//localhost:5173@evil.example'],
  ['host suffix', `${ORIGIN}.evil.example`],
  ['javascript', 'javascript:alert(document.domain)'],
  ['mixed-case javascript with tab', 'JaVa\tScRiPt:alert(1)'],
  ['space javascript', ' javascript:alert(1)'],
  ['javascript comment', 'javascript://%0aalert(1)'],
  ['data', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript', 'vbscript:msgbox(1)'],
  ['blob', 'blob:https://evil.example/uuid'],
  ['encoded slashes', '/%2F%2Fevil.example'],
  ['encoded backslash', '/%5Cevil.example'],
  ['double-encoded slashes', '%252F%252Fevil.example'],
  ['dot segments to scheme-relative', '/..//evil.example'],
  ['fullwidth solidus', '/\uFF0F/evil.example'],
  ['ideographic full stop', '//evil\u3002example'],
  ['over-long', `/${'a'.repeat(4096)}`],
  ['empty', ''],
  ['loop into the callback', '/login/callback?redirect=/login/callback'],
];

describe('safeRedirect (ARCHITECTURE.md §7, reliability.md §1.3)', () => {
  it('keeps a rooted same-origin path', () => {
    expect(safeRedirect('/dashboard', ORIGIN)).toBe('/dashboard');
  });

  it('keeps query and fragment of a rooted path', () => {
    expect(safeRedirect('/settings/security?tab=passkeys#list', ORIGIN)).toBe('/settings/security?tab=passkeys#list');
  });

  it('normalises dot segments that stay on the origin', () => {
    expect(safeRedirect('/./../../evil.example', ORIGIN)).toBe('/evil.example');
  });

  it.each(hostile)('refuses %s', (_name, payload) => {
    expect(safeRedirect(payload, ORIGIN)).toBeNull();
  });

  it('never returns a value that leaves the origin, and is idempotent', () => {
    const samples = [...hostile.map(([, value]) => value), '/a/../b', '/.//', '/x?y=//z', '/%20', '/ok#//frag'];
    for (const sample of samples) {
      const once = safeRedirect(sample, ORIGIN) ?? '/';
      expect(once.startsWith('/') && !once.startsWith('//')).toBe(true);
      expect(new URL(once, ORIGIN).origin).toBe(ORIGIN);
      expect(safeRedirect(once, ORIGIN) ?? '/').toBe(once);
    }
  });

  it('gives null for anything that is not a path, so callers choose their own default', () => {
    expect(safeRedirect('https://evil.example', ORIGIN)).toBeNull();
    expect(safeRedirect(undefined, ORIGIN)).toBeNull();
  });

  it('brands only plain application paths', () => {
    expect(appPath('/login/callback')).toBe('/login/callback');
    expect(() => appPath('//evil.example')).toThrow();
    expect(() => appPath('https://evil.example')).toThrow();
    expect(() => appPath('/x"><script>')).toThrow();
  });
});

describe('source allowlist', () => {
  it.each(['web', 'ios', 'android'])('accepts %s', (value) => expect(allowedSource(value)).toBe(value));
  it.each(['<svg onload=alert(1)>', 'javascript:', 'myapp://x', 'x'.repeat(4096), ''])('drops %j', (value) => {
    expect(allowedSource(value)).toBeNull();
  });
});

describe('return context', () => {
  it('reads a safe redirect and an allowed source', () => {
    expect(readReturnContext('?redirect=%2Forders%3Fid%3D7&source=web', ORIGIN)).toEqual({ redirect: '/orders?id=7', source: 'web' });
  });

  it('drops hostile values', () => {
    expect(readReturnContext('?redirect=//evil.example&source=<b>', ORIGIN)).toEqual({ redirect: null, source: null });
  });

  it('takes the first of repeated values only', () => {
    expect(readReturnContext('?source=web&source=ios', ORIGIN).source).toBe('web');
  });

  it('builds the provider return URL carrying both values', () => {
    const url = buildReturnUrl(ORIGIN, appPath('/login/callback'), { redirect: '/orders?id=7' as SafePath, source: 'web' });
    expect(url).toBe(`${ORIGIN}/login/callback?redirect=%2Forders%3Fid%3D7&source=web`);
    expect(buildReturnUrl(ORIGIN, appPath('/login/callback'), { redirect: null, source: null })).toBe(`${ORIGIN}/login/callback`);
  });
});
