import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { sendRawRequest, type RawReply } from '@vestibule/test/raw-http';
import { preview, resolveConfig, type Plugin, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EARLY_PRESS_SCRIPT_SOURCE } from './early-press';
import { notFoundPlugin } from './not-found-plugin';
import { formPostRedirectTarget, prerenderedPagesPlugin } from './prerendered-pages-plugin';
import { PUBLIC_TOKEN_VARIABLE, SANDBOX_FLAG, chooseProvider, sandboxPlugin } from './sandbox-plugin';
import { analyticsConnectSources, CONTENT_SECURITY_POLICY, OAUTH_ICON_CACHE_CONTROL, SECURITY_HEADERS, cacheControlFor, cacheControlPlugin, referrerPolicyFor } from './security-headers';

// The preview server as `pnpm start` assembles it (the plugins of vite.config.ts), over a small
// stand-in build, so these run without building the app.

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const LOGIN_HTML = '<!doctype html><title>Sign in</title><form method="post"><input name="email"></form>';
const ICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>';

/** Throws for /explode: stands for any middleware bug (ours, Vite's, a dependency's). */
const explodingPlugin: Plugin = {
  name: 'test-exploding',
  configurePreviewServer(server) {
    server.middlewares.use((req, _res, next) => {
      if ((req.url ?? '').startsWith('/explode')) throw new Error(`ENOENT: no such file, open '${APP_DIR}secret/config.ts'`);
      next();
    });
  },
};

let root = '';
let server: PreviewServer;
let port = 0;
const printed: string[] = [];

/** node:http, so paths such as `//[` reach the server as written. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawReply> {
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return sendRawRequest({ host: 'localhost', port, method, path, headers: { ...headers, ...length }, ...(body === undefined ? {} : { body }) });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'vestibule-server-'));
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(join(root, 'dist', 'login.html'), LOGIN_HTML);
  writeFileSync(join(root, 'dist', 'assets', 'entry-abc123.js'), 'export {};');
  mkdirSync(join(root, 'dist', 'oauth-icons'));
  writeFileSync(join(root, 'dist', 'oauth-icons', 'google.svg'), ICON_SVG);
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  server = await preview({
    root,
    configFile: false,
    logLevel: 'silent',
    preview: { host: 'localhost', port: 0, cors: false, headers: { ...SECURITY_HEADERS } },
    plugins: [explodingPlugin, cacheControlPlugin(), notFoundPlugin(), prerenderedPagesPlugin(), sandboxPlugin()],
  });
  port = Number(new URL(server.resolvedUrls?.local[0] ?? '').port);
  await vi.waitFor(() => expect(printed.join('\n')).toContain('SANDBOX MODE'));
  log.mockRestore();
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a form post to the pre-rendered /login (no scripts ran)', () => {
  it('answers 303 See Other back to the page, keeping the return context and not the e-mail', async () => {
    const reply = await send('POST', '/login?redirect=%2Forders&source=newsletter', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=ada%40example.com');
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/login?redirect=%2Forders&source=newsletter');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(reply)).not.toMatch(/ada|example\.com/);
    const page = await send('GET', reply.headers.location ?? '');
    expect(page.status).toBe(200);
    expect(page.text).toBe(LOGIN_HTML);
  });

  it('answers the same without a query string and for /login/', async () => {
    expect((await send('POST', '/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=a%40b.c')).headers.location).toBe('/login');
    expect((await send('POST', '/login/', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=a%40b.c')).headers.location).toBe('/login/');
  });

  it('drops an e-mail an old GET form left in the address', async () => {
    const reply = await send('POST', '/login?email=ada%40example.com&redirect=%2Forders', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=ada%40example.com');
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/login?redirect=%2Forders');
    expect(formPostRedirectTarget(new URL('http://localhost/login?email=x&redirect=%2F'))).toBe('/login?redirect=%2F');
  });

  it('still serves the pre-rendered page to GET and HEAD', async () => {
    expect((await send('GET', '/login?redirect=%2Forders')).text).toBe(LOGIN_HTML);
    expect((await send('HEAD', '/login')).status).toBe(200);
  });
});

describe('errors of the preview server', () => {
  const noDetails = (reply: RawReply) => {
    expect(reply.text).not.toContain(APP_DIR);
    expect(reply.text).not.toMatch(/\bat\s.+:\d+:\d+|node_modules|file:\/\/|Error:/);
  };

  it('answer a middleware crash with a bare 500 and keep the details in the server log', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const reply = await send('GET', '/explode?token=secret-token');
      expect(reply.status).toBe(500);
      expect(reply.text).toBe('Internal Server Error');
      expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-store');
      noDetails(reply);
      const line = logged.mock.calls.map((call) => format(...call)).join('\n');
      expect(line).toContain('GET /explode failed');
      expect(line).toContain('secret/config.ts');
      expect(line).not.toContain('secret-token'); // a query may hold a magic-link token
    } finally {
      logged.mockRestore();
    }
  });

  it('log a failing path literally, even one that looks like a format directive', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await send('GET', '/explode/%ff%s%d')).status).toBe(500);
      // As the terminal shows it: console formats its arguments the way util.format does.
      const line = logged.mock.calls.map((call) => format(...call)).join('\n');
      expect(line).toContain('GET /explode/%ff%s%d failed');
      expect(line).toContain('secret/config.ts');
    } finally {
      logged.mockRestore();
    }
  });

  it('answer unparsable request targets without a stack trace or a file path', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const [method, path] of [['GET', '//['], ['POST', '//['], ['HEAD', '//['], ['GET', '/%E0%A4%A'], ['GET', '/login/%']] as const) {
        const reply = await send(method, path);
        expect(reply.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        noDetails(reply);
      }
    } finally {
      logged.mockRestore();
    }
  });
});

describe('the provider check (SPEC: the sandbox only when asked for)', () => {
  it('refuses without a Stytch token and without the sandbox flag, saying what to set', () => {
    expect(() => chooseProvider({}, 'serve the build')).toThrow(/refusing to serve the build without a provider/);
    expect(() => chooseProvider({ [PUBLIC_TOKEN_VARIABLE]: '  ', [SANDBOX_FLAG]: 'yes' }, 'build')).toThrow(
      new RegExp(`${PUBLIC_TOKEN_VARIABLE}=public-token-[\\s\\S]*${SANDBOX_FLAG}=1`),
    );
  });

  it('uses Stytch when a token is set (the sandbox is then not mounted), the sandbox only when enabled', () => {
    expect(chooseProvider({ [PUBLIC_TOKEN_VARIABLE]: 'public-token-live-1', [SANDBOX_FLAG]: '1' }, 'build')).toEqual({ kind: 'stytch', publicToken: 'public-token-live-1' });
    expect(chooseProvider({ [SANDBOX_FLAG]: '1' }, 'build')).toEqual({ kind: 'sandbox' });
  });

  it.each([
    ['build', 'build', false],
    ['serve the build', 'serve', true],
  ] as const)('makes the app config refuse to %s without either', async (what, command, isPreview) => {
    const saved = { flag: process.env[SANDBOX_FLAG], token: process.env[PUBLIC_TOKEN_VARIABLE] };
    delete process.env[SANDBOX_FLAG];
    delete process.env[PUBLIC_TOKEN_VARIABLE];
    try {
      const resolving = resolveConfig({ configFile: join(APP_DIR, 'vite.config.ts'), configLoader: 'runner', logLevel: 'silent' }, command, 'production', 'production', isPreview);
      await expect(resolving).rejects.toThrow(`Vestibule: refusing to ${what} without a provider.`);
    } finally {
      if (saved.flag !== undefined) process.env[SANDBOX_FLAG] = saved.flag;
      if (saved.token !== undefined) process.env[PUBLIC_TOKEN_VARIABLE] = saved.token;
    }
  });

  it('`pnpm start` enables the sandbox explicitly, and the server says so loudly', () => {
    const scripts = (JSON.parse(readFileSync(join(APP_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(new RegExp(`${SANDBOX_FLAG}=1 pnpm run build && ${SANDBOX_FLAG}=1 pnpm run serve`));
    const banner = printed.join('\n');
    expect(banner).toContain('⚠  SANDBOX MODE — no real Stytch project.');
    expect(banner).toContain("shows every user's magic links");
    expect(banner).toContain(`http://localhost:${port}/__sandbox/`);
  });
});

describe('cache policy of the preview server', () => {
  it('caches provider icons for a week, publicly, with the page headers', async () => {
    for (const path of ['/oauth-icons/google.svg', '/oauth-icons/google.svg?v=2']) {
      const reply = await send('GET', path);
      expect(reply.status, path).toBe(200);
      expect(reply.text).toBe(ICON_SVG);
      expect(reply.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(reply.headers['cache-control'], path).toBe('public, max-age=604800');
      expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await send('HEAD', '/oauth-icons/google.svg')).headers['cache-control']).toBe(OAUTH_ICON_CACHE_CONTROL);
  });

  it('never stores a missing icon, the folder itself, or a page reached through the folder', async () => {
    for (const path of ['/oauth-icons/nope.svg', '/oauth-icons/', '/oauth-icons', '/oauth-icons/../login', '/oauth-icons/%2e%2e/login', '/oauth-icons/google.svg/..']) {
      const reply = await send('GET', path);
      expect(reply.headers['cache-control'], path).toBe('no-store');
      expect(reply.text, path).not.toBe(ICON_SVG);
    }
    expect((await send('GET', '/oauth-icons/nope.svg')).status).toBe(404);
    // Served (the static server merges slashes) but not under the canonical name: not cached either.
    expect((await send('GET', '//oauth-icons/google.svg')).headers['cache-control']).toBe('no-store');
  });

  it('keeps pages at no-store and hashed assets immutable', async () => {
    expect((await send('GET', '/login')).headers['cache-control']).toBe('no-store');
    expect((await send('GET', '/')).headers['cache-control']).toBe('no-store');
    expect((await send('GET', '/assets/entry-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gives the icon policy only to an existing /oauth-icons/<name>.svg (cacheControlFor)', () => {
    const exists = () => true;
    expect(cacheControlFor('/oauth-icons/google.svg', exists)).toBe(OAUTH_ICON_CACHE_CONTROL);
    expect(cacheControlFor('/oauth-icons/google.svg', () => false)).toBe('no-store');
    for (const url of ['/oauth-icons/Google.SVG', '/oauth-icons/a/b.svg', '/oauth-icons/google.png', '/oauth-iconsx/google.svg', '/login?next=/oauth-icons/google.svg', '//[']) {
      expect(cacheControlFor(url, exists), url).toBe('no-store');
    }
  });
});

describe('Content-Security-Policy (Google Identity Services for One Tap)', () => {
  const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((directive) => {
    const [name = '', ...sources] = directive.split(' ');
    return [name, sources] as const;
  }));

  it('names exactly the GIS paths Google documents, and nothing wider on accounts.google.com', () => {
    expect(directives.get('script-src')).toEqual(["'self'", EARLY_PRESS_SCRIPT_SOURCE, 'https://accounts.google.com/gsi/client']);
    expect(directives.get('style-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/style']);
    expect(directives.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://test.stytch.com', 'https://api.stytch.com', 'https://accounts.google.com/gsi/']);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/accounts\.google\.com(?!\/gsi\/)|'unsafe-|\*/);
  });

  it('allows the analytics ingestion hosts the build is configured with, as origins, and no others', () => {
    expect(analyticsConnectSources({})).toEqual([]);
    expect(
      analyticsConnectSources({
        VITE_PRODUCTION_HOST: 'shop.example',
        VITE_POSTHOG_PRODUCTION_KEY: 'phc_live',
        VITE_POSTHOG_PRODUCTION_API_HOST: 'https://eu.i.posthog.com/ingest',
        VITE_STAGING_HOST: 'staging.shop.example',
        VITE_POSTHOG_STAGING_KEY: 'phc_staging',
      }),
    ).toEqual(['https://eu.i.posthog.com', 'https://us.i.posthog.com']);
    // A host without a key sends nothing, so nothing is allowed for it.
    expect(analyticsConnectSources({ VITE_PRODUCTION_HOST: 'shop.example', VITE_POSTHOG_PRODUCTION_API_HOST: 'https://eu.i.posthog.com' })).toEqual([]);
  });

  it('keeps the rest of the policy as it was', () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
    expect(directives.get('font-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect([...directives.keys()]).toHaveLength(11);
  });

  it('is sent with the page', async () => {
    expect((await send('GET', '/login')).headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('Referrer-Policy (One Tap needs the origin; token-bearing pages send nothing)', () => {
  it('sends the origin only from the pages that may show One Tap, and nothing from any other', () => {
    expect(referrerPolicyFor('/login')).toBe('strict-origin');
    expect(referrerPolicyFor('/login?redirect=%2Forders')).toBe('strict-origin');
    expect(referrerPolicyFor('/playground?products=oauth')).toBe('strict-origin');
    for (const url of ['/login/callback?token=x', '/login/callback/web?session_token=x', '/login/password/reset?token=x', '/', '/login/', '/assets/x.js']) {
      expect(referrerPolicyFor(url), url).toBe('no-referrer');
    }
  });
});
