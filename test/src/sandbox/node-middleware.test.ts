import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendRawRequest, type RawReply } from '../http/raw-request';
import { createSandbox } from './index';
import { createSandboxMiddleware, isLoopbackAddress, isLoopbackHost } from './node-middleware';
import { route } from './routing';
import { CALLBACK_URL, PUBLIC_TOKEN, basicAuth, controlCall } from './test-support';

// A real HTTP server (no msw interception in this file): the middleware must work as Vite mounts it.
const sandbox = createSandbox();
const middleware = createSandboxMiddleware(sandbox);
const passedOn: string[] = [];
/** Test-only: pretend the peer is this address (a real non-loopback peer needs a second machine). */
const FAKE_PEER_HEADER = 'x-test-fake-peer';
let server: Server;
let origin = '';
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const fakePeer = req.headers[FAKE_PEER_HEADER];
    if (typeof fakePeer === 'string') Object.defineProperty(req.socket, 'remoteAddress', { value: fakePeer, configurable: true });
    middleware(req, res, (err) => {
      passedOn.push(req.url ?? '');
      res.statusCode = err ? 500 : 200;
      res.setHeader('content-type', 'text/plain');
      res.end(err ? 'error' : 'app page');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterEach(() => sandbox.reset());

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});

/** node:http, because fetch may not set Host and always adds its own headers. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawReply> {
  return sendRawRequest({ host: '127.0.0.1', port, method, path, headers, ...(body === undefined ? {} : { body }) });
}

function errorType(reply: { text: string }): unknown {
  return (JSON.parse(reply.text) as { error_type?: unknown }).error_type;
}

describe('createSandboxMiddleware: serving', () => {
  it('serves the control API: a users round trip', async () => {
    const created = await controlCall('POST', '/users', { email: 'ada@example.com', name: 'Ada Lovelace' }, origin);
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const user = created.json as { user_id: string };

    const listed = await fetch(`${origin}/__sandbox/api/users`);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toContain('application/json');
    expect(listed.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(listed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await listed.json()).toEqual([user]);
    expect(sandbox.state.users.has(user.user_id)).toBe(true);
  });

  it('serves the SDK API with its error format and the inbox page', async () => {
    const bootstrap = await fetch(`${origin}/__sandbox/stytch/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`, {
      headers: { Authorization: basicAuth() },
    });
    expect(bootstrap.status).toBe(200);
    expect(((await bootstrap.json()) as { data: { vertical: string } }).data.vertical).toBe('CONSUMER');

    const invalid = await fetch(`${origin}/__sandbox/stytch/sdk/v1/magic_links/email/login_or_create`, {
      method: 'POST',
      headers: { Authorization: basicAuth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nope' }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error_type: 'invalid_email' });

    const page = await fetch(`${origin}/__sandbox`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('Vestibule sandbox inbox');
  });

  it('serves the relying-party page and the OAuth server, whose token endpoint takes forms', async () => {
    const page = await fetch(`${origin}/__sandbox/relying-party/`);
    expect(page.status).toBe(200);
    // The demo app is registered for the loopback callback on any port, this server's included.
    expect(await page.text()).toContain('Sign in with Vestibule');

    const token = await fetch(`${origin}/__sandbox/stytch/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'nope', client_id: 'connected-app-test-demo', redirect_uri: `${origin}/cb` }),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });

    const jwks = await fetch(`${origin}/__sandbox/stytch/.well-known/jwks.json`);
    expect(((await jwks.json()) as { keys: unknown[] }).keys).toHaveLength(1);
  });

  it('passes other paths to next() and answers unknown sandbox paths with 404 JSON', async () => {
    passedOn.length = 0;
    expect(await (await fetch(`${origin}/login?x=1`)).text()).toBe('app page');
    expect(await (await fetch(`${origin}/__sandboxed`)).text()).toBe('app page');
    expect(passedOn).toEqual(['/login?x=1', '/__sandboxed']);

    for (const path of ['/__sandbox/nothing-here', '/__sandbox/api/nothing-here', '/__sandbox/stytch/nothing']) {
      const reply = await fetch(`${origin}${path}`);
      expect(reply.status, path).toBe(404);
      expect(reply.headers.get('content-type')).toContain('application/json');
      expect(await reply.json()).toMatchObject({ status_code: 404 });
    }
    expect(passedOn).toHaveLength(2);
  });

  it('answers a handler crash with a generic 500 and keeps the details in the server log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sandbox.handlers.unshift(
      route('get', '*/__sandbox/api/crash', () => {
        throw new Error('ENOENT: /home/dev/secret/project/file.ts');
      }),
    );
    try {
      const reply = await fetch(`${origin}/__sandbox/api/crash`);
      expect(reply.status).toBe(500);
      const text = await reply.text();
      expect(JSON.parse(text)).toMatchObject({ status_code: 500, error_type: 'internal_server_error' });
      expect(text).not.toContain('/home/dev');
      expect(text).not.toMatch(/\bat\s.+:\d+:\d+/);
      expect(format(...(log.mock.calls[0] ?? []))).toContain('/home/dev/secret');
    } finally {
      sandbox.handlers.shift();
      log.mockRestore();
    }
  });
});

describe('createSandboxMiddleware: paths that cannot be decoded', () => {
  // `%ff` is not UTF-8, and `%f` is also a console format directive: logged as a format string, the
  // path became `NaNf` and swallowed the error that followed it.
  it.each(['/__sandbox/api/%ff', '/__sandbox/stytch/sdk/v1/users/%ff', '/__sandbox/%E0%A4%A'])(
    'answers %s with a Stytch-shaped 400 and logs the path literally',
    async (path) => {
      const logged: unknown[][] = [];
      const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args)),
      );
      try {
        const reply = await raw('GET', path, { host: `127.0.0.1:${port}` });
        expect(reply.status).toBe(400);
        expect(reply.headers['content-type']).toContain('application/json');
        expect(reply.headers['cache-control']).toBe('no-store');
        const body = JSON.parse(reply.text) as Record<string, unknown>;
        expect(body).toMatchObject({ status_code: 400, error_type: 'bad_request' });
        expect(Object.keys(body).sort()).toEqual(['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
        expect(String(body.error_message)).toContain(path);

        // What a terminal shows: each call formatted as console.log formats it.
        const lines = logged.map((args) => format(...args));
        expect(lines.some((line) => line.includes(path))).toBe(true);
        expect(lines.join('\n')).not.toContain('NaN');
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    },
  );

  it('routes a percent-encoded path that decodes as before', async () => {
    const reply = await raw('GET', '/__sandbox/api/nothing%20here', { host: `127.0.0.1:${port}` });
    expect(reply.status).toBe(404);
    expect(errorType(reply)).toBe('sandbox_api_not_found');
  });
});

describe('createSandboxMiddleware: only this machine', () => {
  it('recognises loopback peers and host names', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.2', '192.168.1.20', '::ffff:10.0.0.2', 'fe80::1', '', undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
    for (const host of ['localhost', 'localhost:5173', 'app.localhost:5173', '127.0.0.1:80', '[::1]:5173']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['evil.example', 'evil.example:5173', 'localhost.evil.example', '192.168.1.20:5173', '0.0.0.0:5173', '', undefined]) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
  });

  it('refuses a client on another machine', async () => {
    const reply = await raw('GET', '/__sandbox/api/messages', { [FAKE_PEER_HEADER]: '192.168.1.20' });
    expect(reply.status).toBe(403);
    expect(errorType(reply)).toBe('sandbox_forbidden');
    expect(reply.text).not.toContain('[');
  });

  it('refuses a host name that is not loopback (DNS rebinding), and accepts loopback names', async () => {
    const rebinding = await raw('GET', '/__sandbox/api/messages', { Host: `attacker.example:${port}` });
    expect(rebinding.status).toBe(403);
    expect(errorType(rebinding)).toBe('sandbox_forbidden');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await raw('GET', '/__sandbox/api/messages', { Host: host })).status, host).toBe(200);
    }
  });
});

describe('createSandboxMiddleware: no other origin', () => {
  it('never grants CORS, and refuses requests another page sends', async () => {
    await controlCall('POST', '/users', { email: 'victim@example.com' }, origin);
    // What a page on http://localhost:9999 sends with fetch('http://localhost:<port>/__sandbox/api/messages').
    const read = await raw('GET', '/__sandbox/api/messages', {
      Origin: 'http://localhost:9999',
      'Sec-Fetch-Site': 'same-site',
      'Sec-Fetch-Mode': 'cors',
    });
    expect(read.status).toBe(403);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.text).not.toContain('victim');

    const preflight = await raw('OPTIONS', '/__sandbox/api/reset', {
      Origin: 'http://localhost:9999',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(preflight.status).toBe(403);
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);

    const sameOriginPage = await raw('GET', '/__sandbox/api/users', { Origin: origin, 'Sec-Fetch-Site': 'same-origin' });
    expect(sameOriginPage.status).toBe(200);
    expect(sameOriginPage.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the app on its own origin call the SDK API as the SDK does', async () => {
    const app = `http://localhost:${port}`;
    const reply = await raw(
      'POST',
      '/__sandbox/stytch/sdk/v1/magic_links/email/login_or_create',
      {
        Host: `localhost:${port}`,
        Origin: app,
        'X-SDK-Parent-Host': app,
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': 'application/json',
        Authorization: basicAuth(),
      },
      JSON.stringify({ email: 'ada@example.com', login_magic_link_url: CALLBACK_URL, signup_magic_link_url: CALLBACK_URL }),
    );
    expect(reply.status).toBe(200);
  });

  it('passes a binary body through untouched: a gzip-js capture from the app, as posthog-js sends it on leaving', async () => {
    const json = JSON.stringify([{ event: '$pageleave', properties: { distinct_id: 'visitor-1', note: 'Grüße' } }]);
    const gzipped = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
    const reply = await fetch(`${origin}/__sandbox/posthog/e/?compression=gzip-js&beacon=1`, {
      method: 'POST',
      headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'text/plain' },
      body: gzipped,
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ status: 1 });
    expect(sandbox.state.analyticsEvents).toMatchObject([{ path: '/e/', event: '$pageleave', distinct_id: 'visitor-1', properties: { note: 'Grüße' } }]);
  });

  it('takes control-API changes only as JSON, so a cross-site form cannot reset or seed', async () => {
    await controlCall('POST', '/users', { email: 'victim@example.com' }, origin);
    // A form on another site posting to the sandbox, as a browser sends it.
    const crossSite = await raw(
      'POST',
      '/__sandbox/api/reset',
      { Origin: 'http://localhost:9999', 'Sec-Fetch-Site': 'same-site', 'Content-Type': 'application/x-www-form-urlencoded' },
      'x=1',
    );
    expect(crossSite.status).toBe(403);
    // Even without the browser's labels, a form's content type is refused.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const form = await raw('POST', '/__sandbox/api/users', { 'Content-Type': type }, 'email=mallory@example.com');
      expect(form.status, type).toBe(403);
    }
    const formDelete = await raw('DELETE', '/__sandbox/api/messages', { 'Content-Type': 'text/plain', 'Content-Length': '1' }, 'x');
    expect(formDelete.status, formDelete.text).toBe(403);
    expect(sandbox.state.users.size).toBe(1);
    // A DELETE without a body needs no content type: no form can send one.
    expect((await raw('DELETE', '/__sandbox/api/faults', {})).status).toBe(204);

    const json = await raw('POST', '/__sandbox/api/reset', { 'Content-Type': 'application/json; charset=utf-8' });
    expect(json.status).toBe(204);
    expect(sandbox.state.users.size).toBe(0);
  });

  it('lets the inbox reset button post its form from the inbox only', async () => {
    await controlCall('POST', '/users', { email: 'ada@example.com' }, origin);
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const crossSite = await raw('POST', '/__sandbox/reset', { ...form, Origin: 'null', 'Sec-Fetch-Site': 'same-site' });
    expect(crossSite.status).toBe(403);
    const unlabelled = await raw('POST', '/__sandbox/reset', form);
    expect(unlabelled.status).toBe(403);
    expect(sandbox.state.users.size).toBe(1);

    // The inbox page is no-referrer, so its same-origin form post carries Origin: null.
    const fromInbox = await raw('POST', '/__sandbox/reset', { ...form, Origin: 'null', 'Sec-Fetch-Site': 'same-origin' });
    expect(fromInbox.status).toBe(303);
    expect(fromInbox.headers.location).toBe('/__sandbox/');
    expect(sandbox.state.users.size).toBe(0);
  });
});

describe('createSandboxMiddleware: bounded bodies', () => {
  it('answers 413 to a huge declared body without reading it, and keeps serving', async () => {
    const started = Date.now();
    const reply = await new Promise<RawReply>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/__sandbox/api/users',
          headers: { 'Content-Type': 'application/json', 'Content-Length': String(400 * 1024 * 1024) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      req.write('{"email":"');
    });
    expect(reply.status).toBe(413);
    expect(errorType(reply)).toBe('request_too_large');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await fetch(`${origin}/__sandbox/api/users`)).status).toBe(200);
  });

  it('stops reading a chunked body once it passes 1 MiB', async () => {
    const reply = await new Promise<RawReply>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/__sandbox/stytch/sdk/v1/events', headers: { 'Content-Type': 'application/json' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      // The server closes the connection after answering; later writes may fail, which is the point.
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = (): void => {
        while (sent < 4 * 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
    expect(reply.status).toBe(413);
    expect((await fetch(`${origin}/__sandbox/api/users`)).status).toBe(200);
  });
});

describe('createSandboxMiddleware: scripted transport faults', () => {
  it('drops the connection for a network_drop fault', async () => {
    await controlCall('POST', '/faults', { path: '/sdk/v1/projects/bootstrap/*', network_drop: true, times: 1 }, origin);
    await expect(fetch(`${origin}/__sandbox/stytch/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`)).rejects.toThrow(TypeError);
    expect((await fetch(`${origin}/__sandbox/stytch/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`)).status).toBe(200);
  });

  it('holds the response for a hang fault and lets go when the client gives up', async () => {
    await controlCall('POST', '/faults', { path: '/sdk/v1/magic_links/*', hang: true }, origin);
    const hung = fetch(`${origin}/__sandbox/stytch/sdk/v1/magic_links/email/login_or_create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toThrow(/abort|timeout/i);
    await vi.waitFor(() => expect(sandbox.state.hangs.size).toBe(0));
  });

  it('sends Retry-After with a scripted 429', async () => {
    await controlCall('POST', '/faults', { path: '/sdk/v1/magic_links/email/login_or_create', status: 429, retry_after_seconds: 7 }, origin);
    const reply = await fetch(`${origin}/__sandbox/stytch/sdk/v1/magic_links/email/login_or_create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: basicAuth() },
      body: '{}',
    });
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('7');
    expect(await reply.json()).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
  });
});
