import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

// The sandbox lists every user's live magic links. These tests play the attacker the issue
// describes: a page on another localhost port, in the same browser as the victim.

interface Attacker {
  origin: string;
  close(): Promise<void>;
}

/** Serves one attacker page, on a free port of this machine (another origin, same site). */
async function startAttacker(html: string): Promise<Attacker> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test.describe('the sandbox from another origin', () => {
  test('a page on another localhost port cannot read the magic links', async ({ page, request, sandbox, baseURL }) => {
    expect(sandbox).toBeDefined();
    const sent = await request.post('/__sandbox/stytch/sdk/v1/magic_links/email/login_or_create', {
      headers: { Authorization: `Basic ${Buffer.from('public-token-test-e2e:public-token-test-e2e').toString('base64')}` },
      data: { email: 'victim@example.com', login_magic_link_url: `${baseURL}/login/callback`, signup_magic_link_url: `${baseURL}/login/callback` },
    });
    expect(sent.status()).toBe(200);

    const attacker = await startAttacker('<!doctype html><title>attacker</title><p>nothing to see</p>');
    try {
      await page.goto(attacker.origin);
      const outcome = await page.evaluate(async (target) => {
        const results: string[] = [];
        try {
          const response = await fetch(`${target}/__sandbox/api/messages`, { credentials: 'include' });
          results.push(`cors: ${response.status} ${await response.text()}`);
        } catch (error) {
          results.push(`cors: blocked (${(error as Error).name})`);
        }
        // no-cors gives an opaque answer at best: nothing readable.
        const opaque = await fetch(`${target}/__sandbox/api/messages`, { mode: 'no-cors' }).catch(() => null);
        results.push(`no-cors: ${opaque ? `${opaque.type} ${(await opaque.text()).length}` : 'blocked'}`);
        return results;
      }, baseURL ?? '');
      expect(outcome[0]).toBe('cors: blocked (TypeError)');
      expect(outcome[1]).toMatch(/^no-cors: (opaque 0|blocked)$/);
    } finally {
      await attacker.close();
    }
  });

  test('a cross-site form cannot reset or seed the sandbox', async ({ page, request, sandbox, baseURL }) => {
    expect(sandbox).toBeDefined();
    expect((await request.post('/__sandbox/api/users', { data: { email: 'victim@example.com' } })).status()).toBe(201);

    const forms = [
      { id: 'reset-api', action: '/__sandbox/api/reset', enctype: 'text/plain', field: '{"a":"', value: '1"}' },
      { id: 'reset-inbox', action: '/__sandbox/reset', enctype: 'application/x-www-form-urlencoded', field: 'x', value: '1' },
      { id: 'seed', action: '/__sandbox/api/users', enctype: 'application/x-www-form-urlencoded', field: 'email', value: 'mallory@example.com' },
    ];
    const html = forms
      .map(
        (form) =>
          `<form id="${form.id}" method="post" action="${baseURL}${form.action}" enctype="${form.enctype}"><input name='${form.field}' value='${form.value}'></form>`,
      )
      .join('\n');
    const attacker = await startAttacker(`<!doctype html><title>attacker</title>${html}`);
    try {
      for (const form of forms) {
        await page.goto(attacker.origin);
        const answered = page.waitForResponse((candidate) => candidate.url().endsWith(form.action) && candidate.request().method() === 'POST');
        await page.evaluate((id) => (document.getElementById(id) as HTMLFormElement).submit(), form.id);
        expect((await answered).status(), form.action).toBe(403);
        // Let the form's navigation finish before the next one starts.
        await page.waitForURL(`${baseURL}${form.action}`);
      }
    } finally {
      await attacker.close();
    }

    const users = (await (await request.get('/__sandbox/api/users')).json()) as { emails: { email: string }[] }[];
    expect(users.map((user) => user.emails[0]?.email)).toEqual(['victim@example.com']);
  });
});

test.describe('HTTP 404', () => {
  test('an unknown path answers 404 with the not-found page', async ({ page, pageProblems }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(pageProblems).toEqual(['404: /no/such/page']);
    pageProblems.length = 0; // the page's own 404 is the point of this test
  });

  test('an unknown sandbox API path answers 404 JSON', async ({ request }) => {
    const response = await request.get('/__sandbox/api/no-such-endpoint');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toMatchObject({ status_code: 404, error_type: 'sandbox_api_not_found' });
  });
});
