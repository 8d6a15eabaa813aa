import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from './index';
import { CALLBACK_URL, ORIGIN, controlCall, data, sdkCall } from './test-support';

const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => sandbox.reset());
afterAll(() => server.close());

async function inbox(path = '/__sandbox/'): Promise<{ response: Response; html: string }> {
  const response = await fetch(`${ORIGIN}${path}`);
  return { response, html: await response.text() };
}

describe('developer inbox page', () => {
  it('takes its look from a stylesheet file, so it needs no inline style under the CSP', async () => {
    const { html } = await inbox();
    expect(html).toContain('<link rel="stylesheet" href="/__sandbox/inbox.css">');
    expect(html).not.toMatch(/<style|style="/);
    const css = await fetch(`${ORIGIN}/__sandbox/inbox.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('table');
  });

  it('is served at /__sandbox and /__sandbox/ as uncached, refreshing HTML', async () => {
    for (const path of ['/__sandbox', '/__sandbox/']) {
      const { response, html } = await inbox(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(html).toContain('<title>Vestibule sandbox inbox</title>');
      expect(html).toContain('<meta http-equiv="refresh" content="5; url=/__sandbox/">');
      expect(html).toContain('No messages yet.');
    }
  });

  it('resets through its own form endpoint and lists the control API', async () => {
    await controlCall('POST', '/users', { email: 'ada@example.com' });
    const { html } = await inbox();
    // Not the JSON API: that refuses forms, so a cross-site form cannot use it either.
    expect(html).toContain('<form method="post" action="/__sandbox/reset">');
    for (const path of ['/__sandbox/api/faults', '/__sandbox/api/project', '/__sandbox/api/reset']) expect(html).toContain(`<td>${path}</td>`);

    const reset = await fetch(`${ORIGIN}/__sandbox/reset`, { method: 'POST', redirect: 'manual' });
    expect(reset.status).toBe(303);
    expect(reset.headers.get('location')).toBe('/__sandbox/');
    expect(sandbox.state.users.size).toBe(0);
  });

  it('lists messages with a clickable link, users and SDK events', async () => {
    data(
      await sdkCall('POST', '/magic_links/email/login_or_create', {
        body: { email: 'ada@example.com', signup_magic_link_url: `${ORIGIN}/login/callback?a=1&b=2` },
      }),
    );
    await fetch(`${ORIGIN}/__sandbox/stytch/sdk/v1/events`, {
      method: 'POST',
      body: JSON.stringify([{ telemetry: {}, event: { public_token: 'public-token-test-x', event_name: 'render_login_screen', details: { x: 'y' } } }]),
    });
    const { html } = await inbox();
    const link = sandbox.state.messages[0]?.link ?? '';
    const escapedLink = link.replace(/&/g, '&amp;');
    expect(html).toContain(`<a href="${escapedLink}" rel="noreferrer noopener">${escapedLink}</a>`);
    expect(html).toContain('Finish signing up');
    expect(html).toContain('ada@example.com (unverified)');
    expect(html).toContain('render_login_screen');
    expect(html).toContain('{&quot;x&quot;:&quot;y&quot;}');
  });

  it('shows the texts its address asks for, below their message, and refreshes to that address', async () => {
    for (const email of ['ada@example.com', 'grace@example.com']) {
      data(await sdkCall('POST', '/magic_links/email/login_or_create', { body: { email, signup_magic_link_url: CALLBACK_URL } }));
    }
    const [ada, grace] = sandbox.state.messages.map((message) => message.id);
    const closed = (await inbox()).html;
    expect(closed).not.toContain('<pre>');
    expect(closed).toContain(`<a href="/__sandbox/?show=${ada}#message-${ada}" aria-expanded="false">Show text</a>`);

    const { html } = await inbox(`/__sandbox/?show=${ada}&show=message-test-gone`);
    expect(html.match(/<pre>/g)).toHaveLength(1);
    expect(html).toMatch(new RegExp(`<tr id="message-${ada}">.*</tr>\n<tr class="message-text"><td colspan="8"><pre>Welcome`));
    expect(html).toContain(`<a href="/__sandbox/#message-${ada}" aria-expanded="true">Hide text</a>`);
    expect(html).toContain(`<a href="/__sandbox/?show=${ada}&amp;show=${grace}#message-${grace}" aria-expanded="false">Show text</a>`);
    // Without the fragment (a refresh to the same address with one only scrolls), without the gone id.
    expect(html).toContain(`<meta http-equiv="refresh" content="5; url=/__sandbox/?show=${ada}">`);
  });

  it('escapes hostile addresses, names and subjects and never links a non-http(s) URL', async () => {
    const hostile = '<script>alert(1)</script>';
    data(
      await sdkCall('POST', '/magic_links/email/login_or_create', {
        body: { email: `${hostile}@evil.test`, login_magic_link_url: CALLBACK_URL },
      }),
    );
    await controlCall('POST', '/users', { email: 'mallory@example.com', name: `"><img src=x onerror=alert(1)> ${hostile}` });
    sandbox.state.messages.push({
      id: 'message-test-hostile',
      channel: 'sms',
      to: `+1555${hostile}`,
      subject: `Subject ${hostile}`,
      text: `Text ${hostile}`,
      link: 'javascript:alert(1)',
      code: `<b>123456</b>`,
      sentAt: new Date().toISOString(),
    });

    const { response, html } = await inbox();
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<b>/);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@evil.test');
    expect(html).toContain('Subject &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;123456&lt;/b&gt;');
    expect(html).toContain('javascript:alert(1)');
    // Strict CSP: no inline styles either.
    expect(html).not.toMatch(/<style|\sstyle=/i);
  });
});
