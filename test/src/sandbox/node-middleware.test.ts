import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from './index';
import { createSandboxMiddleware } from './node-middleware';
import { PUBLIC_TOKEN, basicAuth } from './test-support';

// A real HTTP server (no msw interception in this file): the middleware must work as Vite mounts it.
const sandbox = createSandbox();
const middleware = createSandboxMiddleware(sandbox);
const passedOn: string[] = [];
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    middleware(req, res, (err) => {
      passedOn.push(req.url ?? '');
      res.statusCode = err ? 500 : 200;
      res.setHeader('content-type', 'text/plain');
      res.end(err ? 'error' : 'app page');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});

describe('createSandboxMiddleware', () => {
  it('serves the control API: a users round trip', async () => {
    const created = await fetch(`${origin}/__sandbox/api/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', name: 'Ada Lovelace' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const user = (await created.json()) as { user_id: string };

    const listed = await fetch(`${origin}/__sandbox/api/users`);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toContain('application/json');
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

  it('passes other paths, and unmatched sandbox paths, to next()', async () => {
    const app = await fetch(`${origin}/login?x=1`);
    expect(await app.text()).toBe('app page');
    const lookalike = await fetch(`${origin}/__sandboxed`);
    expect(await lookalike.text()).toBe('app page');
    const unmatched = await fetch(`${origin}/__sandbox/nothing-here`);
    expect(await unmatched.text()).toBe('app page');
    expect(passedOn).toEqual(['/login?x=1', '/__sandboxed', '/__sandbox/nothing-here']);
  });
});
