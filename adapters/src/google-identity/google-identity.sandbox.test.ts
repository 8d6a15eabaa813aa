// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
// The adapter against the sandbox's Google Identity Services emulator: the real served script,
// loaded through a <script> element, then One Tap's credential taken to Stytch's One Tap callback.
import type { GooglePromptMoment } from '@vestibule/core';
import { createSandbox } from '@vestibule/test/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGoogleIdentity } from './google-identity.adapter';

const ORIGIN = 'http://localhost:5173';
const SCRIPT_URL = `${ORIGIN}/__sandbox/gsi/client`;
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);

/**
 * jsdom does not fetch external scripts here, so this plays the browser's part: it fetches a
 * script element's src from the sandbox, runs the text, and fires load or error.
 */
const loader = new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (!(node instanceof HTMLScriptElement) || node.src === '') continue;
      void fetch(node.src)
        .then(async (response) => {
          if (!response.ok) throw new Error(`status ${response.status}`);
          new Function(await response.text())();
          node.dispatchEvent(new Event('load'));
        })
        .catch(() => node.dispatchEvent(new Event('error')));
    }
  }
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  loader.observe(document.head, { childList: true });
});
afterEach(() => {
  sandbox.reset();
  delete (window as { google?: unknown }).google;
  document.head.replaceChildren();
  document.body.replaceChildren();
});
afterAll(() => {
  loader.disconnect();
  server.close();
});

async function json(response: Promise<Response>): Promise<Record<string, unknown>> {
  return (await (await response).json()) as Record<string, unknown>;
}

describe('createGoogleIdentity with the sandbox emulator', () => {
  it('loads the script, shows One Tap and hands over a credential Stytch accepts', async () => {
    await fetch(`${ORIGIN}/__sandbox/api/users`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'ada@mail.vestibule.test' }) });
    const started = await json(fetch(`${ORIGIN}/__sandbox/stytch/v1/public/oauth/google/onetap/start?public_token=public-token-test-adapter`));
    const clientId = String(started['google_client_id']);

    const google = createGoogleIdentity({ scriptUrl: SCRIPT_URL });
    expect(await google.load()).toEqual({ ok: true, value: undefined });

    const moments: GooglePromptMoment[] = [];
    const cancel = google.prompt({ clientId, parentId: null, cancelOnTapOutside: true }, (moment) => moments.push(moment));
    await vi.waitFor(() => expect(moments).toEqual([{ type: 'displayed' }]));
    const account = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Continue as ada@mail.vestibule.test');
    account?.click();
    await vi.waitFor(() => expect(moments).toHaveLength(3));
    expect(moments[1]).toEqual({ type: 'credential', credential: expect.stringMatching(/^sandbox-google-id-token-/) });
    expect(moments[2]).toEqual({ type: 'dismissed', reason: 'credential_returned' });
    cancel();

    const credential = moments[1]?.type === 'credential' ? moments[1].credential : '';
    const submitted = await json(
      fetch(`${ORIGIN}/__sandbox/stytch/v1/oauth/callback/${String(started['oauth_callback_id'])}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-stytch-oauth-type': 'google-one-tap' },
        body: JSON.stringify({ id_token: credential, stytch_csrf_token: '', login_redirect_url: `${ORIGIN}/login/callback`, signup_redirect_url: `${ORIGIN}/login/callback` }),
      }),
    );
    expect(submitted['redirect_url']).toMatch(/^http:\/\/localhost:5173\/login\/callback\?stytch_token_type=oauth&token=/);
  });

  it('reports Google refusing the page, and a cancelled prompt stays quiet', async () => {
    await fetch(`${ORIGIN}/__sandbox/api/project`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ one_tap_error: 'origin_not_allowed_for_client' }) });
    const google = createGoogleIdentity({ scriptUrl: SCRIPT_URL });
    expect((await google.load()).ok).toBe(true);
    const moments: GooglePromptMoment[] = [];
    google.prompt({ clientId: 'sandbox-google-client.apps.googleusercontent.com', parentId: null, cancelOnTapOutside: true }, (moment) => moments.push(moment));
    await vi.waitFor(() => expect(moments).toEqual([{ type: 'notDisplayed', reason: 'unregistered_origin' }]));
  });

  it('fails with network_unreachable when the script cannot be fetched, and loads on a retry', async () => {
    await fetch(`${ORIGIN}/__sandbox/api/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ path: '/__sandbox/gsi/client', network_drop: true, times: 1 }) });
    const google = createGoogleIdentity({ scriptUrl: SCRIPT_URL });
    expect(await google.load()).toMatchObject({ ok: false, error: { code: 'network_unreachable' } });
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(await google.load()).toEqual({ ok: true, value: undefined });
  });
});
