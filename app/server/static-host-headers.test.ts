import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendRawRequest } from '@vestibule/test/raw-http';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '../src/route-paths';
import { notFoundPlugin } from './not-found-plugin';
import { prerenderedPagesPlugin } from './prerendered-pages-plugin';
import { SECURITY_HEADERS, cacheControlPlugin, statusScriptSources } from './security-headers';
import { HEADERS_FILE, staticHostHeaders } from './static-host-headers';

// The headers file a static host reads must give every path the headers `vite preview` sends it.
// The file is parsed as each host reads it and compared with the preview server's real answers.

const STYLE_SOURCE = "'sha256-c3R5bGUgc291cmNlIG9mIHRoZSB0ZXN0IGJ1aWxkAAAAAAA='";
const NAMES = ['Content-Security-Policy', 'Referrer-Policy', 'X-Content-Type-Options', 'Cross-Origin-Opener-Policy', 'Cache-Control'].map((name) => name.toLowerCase());

interface Rule {
  readonly pattern: string;
  readonly detach: string[];
  readonly set: [string, string][];
}

function parse(file: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of file.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (!line.startsWith(' ')) {
      rules.push({ pattern: line, detach: [], set: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (rule === undefined) throw new Error(`A header before any path: ${line}`);
    const text = line.trim();
    if (text.startsWith('!')) rule.detach.push(text.slice(1).trim().toLowerCase());
    else {
      const colon = text.indexOf(':');
      rule.set.push([text.slice(0, colon).trim().toLowerCase(), text.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

/** A splat matches the rest of the path; anything else the path exactly (both hosts' rule for these patterns). */
const matches = (pattern: string, pathname: string) => (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern);

/** Cloudflare Pages: every matching rule applies; `! Name` drops what earlier rules set; repeats join with a comma. */
function cloudflareHeaders(rules: readonly Rule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules.filter(({ pattern }) => matches(pattern, pathname))) {
    for (const name of rule.detach) delete headers[name];
    for (const [name, value] of rule.set) headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return headers;
}

/** Netlify: a line without a colon is skipped; of matching rules, the later one's value wins. */
function netlifyHeaders(rules: readonly Rule[], pathname: string): Record<string, string> {
  return Object.assign({}, ...rules.filter(({ pattern }) => matches(pattern, pathname)).map(({ set }) => Object.fromEntries(set)));
}

let root = '';
let server: PreviewServer;
let port = 0;
let file = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'vestibule-headers-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, 'oauth-icons'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(join(dist, 'login.html'), '<!doctype html><title>Sign in</title>');
  writeFileSync(join(dist, 'login.style-source.txt'), `${STYLE_SOURCE}\n`);
  writeFileSync(join(dist, 'assets', 'entry-abc123.js'), 'export {};');
  writeFileSync(join(dist, 'oauth-icons', 'google.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  file = staticHostHeaders(STYLE_SOURCE);
  writeFileSync(join(dist, HEADERS_FILE), file);
  // The plugins of vite.config.ts that set headers (the sandbox sets none on pages).
  server = await preview({ root, configFile: false, logLevel: 'silent', preview: { host: 'localhost', port: 0, headers: { ...SECURITY_HEADERS } }, plugins: [cacheControlPlugin(), notFoundPlugin(), prerenderedPagesPlugin()] });
  port = Number(new URL(server.resolvedUrls?.local[0] ?? '').port);
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const routes = Object.values(ROUTE_PATHS).flatMap((path) => (path === '/' ? [path] : [path, `${path}/`]));
const otherPaths = ['/assets/entry-abc123.js', '/oauth-icons/google.svg', '/favicon.svg', '/index.html', '/no/such/page'];

describe(`the static hosts' headers file (${HEADERS_FILE})`, () => {
  it.each([...routes, ...otherPaths])('gives %s the headers the preview server sends, on Cloudflare Pages and on Netlify', async (path) => {
    const reply = await sendRawRequest({ host: 'localhost', port, method: 'GET', path, headers: {} });
    const sent = Object.fromEntries(NAMES.map((name) => [name, reply.headers[name]]));
    expect(Object.values(sent).every((value) => typeof value === 'string'), path).toBe(true);
    const rules = parse(file);
    expect(cloudflareHeaders(rules, path), path).toEqual(sent);
    expect(netlifyHeaders(rules, path), path).toEqual(sent);
  });

  it("carries /login's inline stylesheet hash in /login's policy only, and keeps lines within Cloudflare's 2,000 characters", () => {
    const rules = parse(file);
    expect(cloudflareHeaders(rules, '/login')['content-security-policy']).toContain(STYLE_SOURCE);
    expect(cloudflareHeaders(rules, '/playground')['content-security-policy']).not.toContain(STYLE_SOURCE);
    expect(Math.max(...file.split('\n').map((line) => line.length))).toBeLessThan(2000);
  });
});

describe("the status script's origin in script-src", () => {
  it('is the configured URL\'s origin exactly; the sandbox stand-in is already \'self\'', () => {
    expect(statusScriptSources({ VITE_STATUS_SCRIPT_URL: 'https://status.example:8443/embed/script.js' })).toEqual(['https://status.example:8443']);
    expect(statusScriptSources({})).toEqual([]);
    expect(statusScriptSources({ VITE_STATUS_SCRIPT_URL: '/status.js' })).toEqual([]);
    expect(statusScriptSources({ VITE_STYTCH_PUBLIC_TOKEN: 'public-token-live-x' })).toEqual([]);
  });
});
